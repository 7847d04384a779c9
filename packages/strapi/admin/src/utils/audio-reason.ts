// Why no audio was made, in the editor's language: the server sends the reason (and the fields
// it reads) beside its English sentence, and these words say it again through the admin's
// translations, English as the default.
import type { AudioReason } from '../../../shared/contracts/admin-api';
import { message, type Format } from './messages';

export function audioReasonWords(t: Format, { reason, fields = [] }: AudioReason, locale: string): string {
  switch (reason) {
    case 'no-version':
      return t(message('audio.reason.noVersion', 'This entry has no {locale} version yet, so there is nothing to read.'), { locale });
    case 'no-text':
      return t(
        fields.length === 1
          ? message('audio.reason.noTextField', 'The field {fields} has no text to read in {locale}.')
          : message('audio.reason.noTextFields', 'The fields {fields} have no text to read in {locale}.'),
        { fields: fields.map((field) => `"${field}"`).join(', '), locale },
      );
    case 'unchanged':
      return t(message('audio.reason.unchanged', 'The text did not change since the audio was made, so it was not made again.'));
  }
}
