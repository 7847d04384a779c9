// The edit-view panel's words for a locale: its translation status, its audio, the fields written
// otherwise than translated, the glossary's term problems, and what the translation memory learnt from its last publish.
import type { FieldFlag, LearningState, LocaleStatus, PauseStates, TermProblemLine } from '../api';
import { describePause } from '../api';
import { audioReasonWords } from './audio-reason';
import { errorWords } from './error-words';
import { dateTime, message, type Format } from './messages';

/** The message of each translation status (texts in ../translations, English as the default). */
export const STATUS_WORDS: Record<LocaleStatus['status'], { id: string; defaultMessage: string }> = {
  queued: { id: 'circassian.status.queued', defaultMessage: 'Translation in progress' },
  failed: { id: 'circassian.status.failed', defaultMessage: 'Translation failed' },
  outdated: { id: 'circassian.status.outdated', defaultMessage: 'Source changed since the translation' },
  translated: { id: 'circassian.status.translated', defaultMessage: 'Translated' },
  'not translated': { id: 'circassian.status.notTranslated', defaultMessage: 'Not translated yet' },
};

/** Each audio state's words, and what follows them: why it waits, failed or was skipped, and when it was made. */
const AUDIO_WORDS: Record<
  NonNullable<LocaleStatus['audioStatus']>['state'],
  { words: { id: string; defaultMessage: string }; why: boolean; when: 'none' | 'in' | 'after' }
> = {
  none: { words: { id: 'circassian.audio.none', defaultMessage: 'Audio: none yet' }, why: false, when: 'none' },
  queued: { words: { id: 'circassian.audio.queued', defaultMessage: 'Audio: queued' }, why: true, when: 'none' },
  made: { words: { id: 'circassian.audio.made', defaultMessage: 'Audio: made {at}' }, why: false, when: 'in' },
  failed: { words: { id: 'circassian.audio.failed', defaultMessage: 'Audio: failed' }, why: true, when: 'none' },
  skipped: { words: { id: 'circassian.audio.skipped', defaultMessage: 'Audio: not made again' }, why: true, when: 'after' },
};

/**
 * A locale's audio in words: none, queued (and why it waits), made at, failed and why, skipped and
 * why. A pause that holds the audio and a known reason are said in the admin's language; other
 * reasons in the server's words.
 */
export function audioWords(audio: NonNullable<LocaleStatus['audioStatus']>, t: Format, locale: string, pauses: PauseStates): string {
  const { words, why, when } = AUDIO_WORDS[audio.state];
  const at = audio.madeAt ? dateTime(t, audio.madeAt) : '';
  const holding = audio.state === 'queued' ? (describePause(t, pauses.all) ?? describePause(t, pauses.audio, 'audio')) : null;
  const said =
    holding ??
    (audio.reason ? audioReasonWords(t, audio.reason, locale) : audio.message ? errorWords(t, audio.errorType, audio.message) : null);
  return `${t(words, { at })}${why && said ? `: ${said}` : ''}${when === 'after' && at ? ` (${at})` : ''}`;
}

/** The words of each way a field is written otherwise than translated. */
const FLAG_WORDS: Record<FieldFlag['code'], { id: string; defaultMessage: string }> = {
  maxLength: message('flag.maxLength', '{field}: cut to {limit} characters to fit the field.'),
  minLength: message('flag.minLength', '{field}: the translation was shorter than {limit} characters, so the source text is kept.'),
  regex: message('flag.regex', "{field}: the translation did not fit the field's pattern, so the source text is kept."),
  markers: message('flag.markers', '{field}: some sentences came back without their links or formatting, so they were kept untranslated.'),
};

/** A field written otherwise than translated, in the editor's words: cut to fit, the source kept, or sentences kept as written. */
export const flagWords = (t: Format, flag: FieldFlag): string =>
  t(FLAG_WORDS[flag.code], { field: flag.field, limit: String(flag.limit ?? '') });

/** A glossary term problem of one field: an agreed term missing, or a forbidden word present. */
export const termProblemWords = (t: Format, problem: TermProblemLine): string => {
  const note = problem.note ? ` (${problem.note})` : '';
  if (problem.kind === 'forbidden')
    return t(message('panel.termForbidden', '{field}: forbidden word "{term}"{note}'), { field: problem.field, term: problem.term, note });
  return problem.agreed === undefined || problem.agreed === problem.term
    ? t(message('panel.termKept', '{field}: "{term}" is in the source but not here: it is kept as written{note}'), {
        field: problem.field,
        term: problem.term,
        note,
      })
    : t(message('panel.termMissing', '{field}: "{term}" is in the source but its agreed translation "{agreed}" is not here{note}'), {
        field: problem.field,
        term: problem.term,
        agreed: problem.agreed,
        note,
      });
};

/**
 * What the translation memory did with the corrections of the locale's last publish: taught them,
 * kept them as the publisher's suggestions (their role may not teach), or could not (and why);
 * null when it found none.
 */
export function learningWords(
  t: Format,
  learning: LearningState,
): { text: string; tone: 'neutral600' | 'warning600' | 'danger600' } | null {
  const at = dateTime(t, learning.at);
  if (learning.error !== null)
    return {
      text: t(
        message(
          'learning.failed',
          'The translation memory could not learn from the publish of {at}: {error}. The translation itself is saved; publish again to try once more.',
        ),
        { at, error: learning.error },
      ),
      tone: 'danger600',
    };
  if (learning.suggested > 0)
    return {
      text: t(
        message(
          'learning.suggested',
          '{count, plural, one {# corrected sentence} other {# corrected sentences}} of the publish of {at} ({by}) went into the translation memory as suggestions: they come back in entries {by} created until a reviewer accepts them (a role with "Teach, export, import and clear the translation memory").',
        ),
        { count: learning.suggested, at, by: learning.by },
      ),
      tone: 'warning600',
    };
  if (learning.taught > 0)
    return {
      text: t(
        message(
          'learning.taught',
          'The translation memory learnt {count, plural, one {# corrected sentence} other {# corrected sentences}} from the publish of {at} ({by}).',
        ),
        { count: learning.taught, at, by: learning.by },
      ),
      tone: 'neutral600',
    };
  return null;
}
