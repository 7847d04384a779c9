// "Translate into this locale": fills the edit form's text fields with a translation from the
// source, unsaved, for the editor to review. A field that holds someone's own words (saved so, as
// the server tells, or changed in this form and not saved yet) is not overwritten without asking: the dialog names such
// fields, and the editor fills only the others or replaces them too.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog, Typography } from '@strapi/design-system';
import { useFetchClient, useForm } from '@strapi/strapi/admin';
import { localeName, routes, serverMessage, type EntryStatus, type LocaleStatus, type Preview } from '../../api';
import { message } from '../../utils/messages';

/** The form's fields whose value differs from the one it opened with: edits not saved yet. */
const unsavedFields = (values: Record<string, unknown>, initial: Record<string, unknown>): string[] =>
  Object.keys(values).filter((name) => JSON.stringify(values[name] ?? null) !== JSON.stringify(initial[name] ?? null));

export function FillFormButton({
  model,
  id,
  locale,
  status,
  withheldNote,
  onNotice,
}: {
  model: string;
  id: string;
  locale: LocaleStatus;
  status: EntryStatus;
  withheldNote: (fields: readonly string[]) => string;
  onNotice: (notice: string) => void;
}) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const form = useForm('CircassianFill', (state) => state, false);
  // A preview waiting for the editor's answer about the hand-edited fields it would overwrite.
  const [asking, setAsking] = useState<{ preview: Preview; edited: string[] } | null>(null);
  if (!form) return null;

  const fill = (preview: Preview, skipped: readonly string[]) => {
    const filled = preview.fields.filter((name) => !skipped.includes(name));
    for (const name of filled) form.onChange(name, preview.data[name]);
    const said =
      filled.length > 0
        ? t(message('panel.filled', 'Filled {fields} from {locale}, not saved: review, then save.'), {
            fields: filled.join(', '),
            locale: localeName(status.sourceLocale, status.localeNames),
          })
        : preview.fields.length > 0
          ? t(message('panel.filledNone', 'Nothing was filled: every translated field holds edits you kept.'))
          : t(message('panel.nothingToTranslate', 'There is no text to translate.'));
    const kept =
      skipped.length > 0 ? ` ${t(message('panel.keptInForm', 'Kept as edited: {fields}.'), { fields: skipped.join(', ') })}` : '';
    // Fields the role may not read or edit were not sent: the editor is told which, not left to wonder.
    onNotice(`${said}${kept}${preview.withheld.length > 0 ? ` ${withheldNote(preview.withheld)}` : ''}`);
  };

  const ask = async () => {
    try {
      const { data } = await post<Preview>(routes.preview(model, id), { locale: locale.locale });
      const handEdited = new Set([...data.handEdited, ...locale.keptByHand, ...unsavedFields(form.values, form.initialValues)]);
      const edited = data.fields.filter((name) => handEdited.has(name));
      if (edited.length > 0) setAsking({ preview: data, edited });
      else fill(data, []);
    } catch (error) {
      onNotice(serverMessage(t, error));
    }
  };

  return (
    <>
      <Button variant="secondary" fullWidth onClick={() => void ask()}>
        {t({ id: 'circassian.panel.translateInto', defaultMessage: 'Translate into this locale' })}
      </Button>
      <Dialog.Root open={asking !== null} onOpenChange={(open) => (open ? undefined : setAsking(null))}>
        <Dialog.Content>
          <Dialog.Header>{t(message('fill.title', 'Overwrite fields edited by hand?'))}</Dialog.Header>
          <Dialog.Body>
            <Typography data-testid="circassian-fill-edited">
              {t(
                message(
                  'fill.explanation',
                  'These fields hold edits made by hand: {fields}. The translation from {locale} would replace them in the form (nothing is saved until you save).',
                ),
                { fields: asking?.edited.join(', ') ?? '', locale: localeName(status.sourceLocale, status.localeNames) },
              )}
            </Typography>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Cancel>
              <Button variant="tertiary" onClick={() => asking && fill(asking.preview, asking.edited)}>
                {t(message('fill.keep', 'Fill only the other fields'))}
              </Button>
            </Dialog.Cancel>
            <Dialog.Action>
              <Button variant="danger" onClick={() => asking && fill(asking.preview, [])}>
                {t(message('fill.replace', 'Replace them too'))}
              </Button>
            </Dialog.Action>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
