// The edit-view panel: translate now, generate audio, and this entry's status per locale in words
// an editor understands.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { unstable_useContentManagerContext, useFetchClient, useForm } from '@strapi/strapi/admin';
import {
  describePause,
  describePauses,
  localeName,
  routes,
  serverMessage,
  type EntryStatus,
  type FieldFlag,
  type LocaleStatus,
  type PauseStates,
  type Preview,
  type TranslateAnswer,
} from '../api';
import { audioReasonWords } from '../utils/audio-reason';
import { errorWords } from '../utils/error-words';
import { dateTime, languageName, message, type Format } from '../utils/messages';
import { AudioControls } from './AudioControls';
import { ConfirmButton } from './ConfirmButton';

/** The message id of each translation status (texts in ../translations, English as the default). */
const STATUS_IDS: Record<LocaleStatus['status'], { id: string; defaultMessage: string }> = {
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
function audioWords(audio: NonNullable<LocaleStatus['audioStatus']>, t: Format, locale: string, pauses: PauseStates): string {
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
const flagWords = (t: Format, flag: FieldFlag): string => t(FLAG_WORDS[flag.code], { field: flag.field, limit: String(flag.limit ?? '') });

/** The locale the edit view shows (Strapi's i18n keeps it in the query string). */
const viewedLocale = (): string | null => new URLSearchParams(window.location.search).get('plugins[i18n][locale]');

export function TranslationPanel() {
  const { model, id, isCreatingEntry } = unstable_useContentManagerContext();
  const { get, post } = useFetchClient();
  const { formatMessage: t, locale } = useIntl();
  // Sets an edit-form field without saving: "Translate into this locale" fills the form for review.
  const setField = useForm('CircassianPanel', (form) => form.onChange, false);
  const [status, setStatus] = useState<EntryStatus | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!id || isCreatingEntry) return;
    try {
      const { data } = await get<EntryStatus>(routes.status(model, id));
      setStatus(data);
    } catch {
      setStatus(null);
    }
  }, [get, model, id, isCreatingEntry]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  // The edit form says when a save is under way: the status is read again the moment it ends (the
  // save queued the translation by then), so the panel says "in progress" at once, not "Translated"
  // until its next look.
  const submitting = useForm('CircassianPanelSave', (form) => form.isSubmitting, false);
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && submitting !== true) void refresh();
    wasSubmitting.current = submitting === true;
  }, [submitting, refresh]);

  if (!id || isCreatingEntry || !status) return null;

  const act = async <T,>(url: string, done: string | ((answer: T) => string), body: Record<string, unknown> = {}) => {
    try {
      const { data } = await post<T>(url, body);
      setNotice(typeof done === 'string' ? done : done(data));
      void refresh();
    } catch (error) {
      setNotice(serverMessage(t, error));
    }
  };

  // Only the locales this admin's role may edit are asked for; the others are named, not hidden.
  const permitted = status.locales.filter((locale) => locale.mayTranslate);
  const outsideRole = status.locales.filter((locale) => !locale.mayTranslate).map((locale) => locale.locale);
  const editedLocales = permitted.filter((locale) => locale.keptByHand.length > 0);
  const audioLocales = permitted.filter((locale) => locale.audio).map((locale) => locale.locale);
  const outdatedLocales = permitted.filter((locale) => locale.status === 'outdated');
  const viewed = viewedLocale();
  const viewedTarget = permitted.find((locale) => locale.locale === viewed);

  const withheldNote = (fields: readonly string[]) =>
    t(message('panel.withheld', 'Left out, as your role may not read or edit them: {fields}.'), { fields: fields.join(', ') });

  /**
   * What "Translate now" queued (or that every locale is up to date already, so nothing will be
   * sent), and the fields left out because the role may not read or edit them.
   */
  const queuedWords = (queued: string) => (answer: TranslateAnswer) => {
    const withheld = [...new Set(Object.values(answer.withheld ?? {}).flat())];
    const upToDate = answer.upToDate ?? [];
    const names = (codes: readonly string[]) => codes.map((code) => localeName(code, status.localeNames)).join(', ');
    const said =
      answer.queued.length > 0 && upToDate.length === answer.queued.length
        ? t(
            message('panel.upToDate', 'Nothing to translate: {locales}{count, plural, one { is} other { are}} up to date with the source.'),
            {
              locales: names(upToDate),
              count: upToDate.length,
            },
          )
        : upToDate.length > 0
          ? `${queued} ${t(message('panel.upToDateSome', 'Already up to date: {locales}.'), { locales: names(upToDate) })}`
          : queued;
    return withheld.length > 0 ? `${said} ${withheldNote(withheld)}` : said;
  };

  const fillForm = async (locale: string) => {
    try {
      const { data } = await post<Preview>(routes.preview(model, id), { locale });
      for (const [name, value] of Object.entries(data.data)) setField?.(name, value);
      const filled =
        data.fields.length > 0
          ? t(message('panel.filled', 'Filled {fields} from {locale}, not saved: review, then save.'), {
              fields: data.fields.join(', '),
              locale: localeName(status.sourceLocale, status.localeNames),
            })
          : t(message('panel.nothingToTranslate', 'There is no text to translate.'));
      // Fields the role may not read or edit were not sent: the editor is told which, not left to wonder.
      setNotice(data.withheld.length > 0 ? `${filled} ${withheldNote(data.withheld)}` : filled);
    } catch (error) {
      setNotice(serverMessage(t, error));
    }
  };

  return (
    <Box data-testid="circassian-panel" paddingTop={2} width="100%">
      <Typography variant="sigma" textColor="neutral600">
        {t(
          { id: 'circassian.panel.title', defaultMessage: 'Circassian translation (from {locale})' },
          { locale: languageName(locale, status.sourceLocale, localeName(status.sourceLocale, status.localeNames)) },
        )}
      </Typography>
      <Flex direction="column" alignItems="stretch" gap={1} paddingTop={2}>
        {status.locales.map((locale) => (
          <Box key={locale.locale} data-testid={`circassian-status-${locale.locale}`}>
            <Typography variant="omega">
              {localeName(locale.locale, status.localeNames)}: {t(STATUS_IDS[locale.status])}
              {locale.keptByHand.length > 0
                ? ` ${t({ id: 'circassian.panel.kept', defaultMessage: '(kept your edits: {fields})' }, { fields: locale.keptByHand.join(', ') })}`
                : ''}
            </Typography>
            {locale.status === 'outdated' && locale.outdatedFields.length > 0 ? (
              <Box>
                <Typography variant="pi" textColor="neutral600" data-testid={`circassian-outdated-${locale.locale}`}>
                  {t(
                    { id: 'circassian.panel.changed', defaultMessage: 'Changed in {locale}: {fields}' },
                    { locale: localeName(status.sourceLocale, status.localeNames), fields: locale.outdatedFields.join(', ') },
                  )}
                </Typography>
              </Box>
            ) : null}
            {(locale.fieldFlags ?? []).length > 0 ? (
              <Box data-testid={`circassian-flags-${locale.locale}`}>
                {(locale.fieldFlags ?? []).map((flag) => (
                  <Typography key={flag.field} variant="pi" textColor="warning600" tag="p">
                    {flagWords(t, flag)}
                  </Typography>
                ))}
              </Box>
            ) : null}
            {locale.error ? (
              <Typography variant="pi" textColor={locale.status === 'queued' ? 'warning600' : 'danger600'}>
                {(locale.status === 'queued'
                  ? (describePause(t, status.queue.pauses.all) ?? describePause(t, status.queue.pauses.translate, 'translate'))
                  : null) ?? errorWords(t, locale.errorType, locale.error)}
              </Typography>
            ) : null}
            {locale.audioStatus ? (
              <Box>
                <Typography
                  variant="pi"
                  textColor={locale.audioStatus.state === 'failed' ? 'danger600' : 'neutral600'}
                  data-testid={`circassian-audio-${locale.locale}`}
                >
                  {audioWords(locale.audioStatus, t, localeName(locale.locale, status.localeNames), status.queue.pauses)}
                </Typography>
              </Box>
            ) : null}
          </Box>
        ))}
        {describePauses(t, status.queue.pauses).map((line) => (
          <Typography key={line} variant="pi" textColor="warning600" data-testid="circassian-pause">
            {line}
          </Typography>
        ))}
        {!status.mayAct ? (
          <Typography variant="pi" textColor="neutral600" data-testid="circassian-role-note">
            {t(
              message(
                'panel.readOnly',
                'Your role may see this status but not start translations or audio (Settings > Roles > Plugins > Circassian: "Translate entries and generate audio").',
              ),
            )}
          </Typography>
        ) : (
          <>
            {outsideRole.length > 0 ? (
              <Typography variant="pi" textColor="neutral600" data-testid="circassian-role-note">
                {permitted.length > 0
                  ? t(message('panel.roleSome', 'Your role does not cover {outside}; the buttons work on {permitted}.'), {
                      outside: outsideRole.map((code) => localeName(code, status.localeNames)).join(', '),
                      permitted: permitted.map((locale) => localeName(locale.locale, status.localeNames)).join(', '),
                    })
                  : t(message('panel.roleNone', 'Your role may not edit the translated locales of this entry.'))}
              </Typography>
            ) : null}
            <Button
              variant="secondary"
              fullWidth
              disabled={permitted.length === 0}
              onClick={() =>
                void act(
                  routes.translate(model, id),
                  queuedWords(t({ id: 'circassian.panel.queued', defaultMessage: 'Translation queued.' })),
                  {
                    locales: permitted.map((locale) => locale.locale),
                  },
                )
              }
            >
              {t({ id: 'circassian.panel.translateNow', defaultMessage: 'Translate now' })}
            </Button>
            {viewedTarget && setField ? (
              <Button variant="secondary" fullWidth onClick={() => void fillForm(viewedTarget.locale)}>
                {t({ id: 'circassian.panel.translateInto', defaultMessage: 'Translate into this locale' })}
              </Button>
            ) : null}
            {outdatedLocales.length > 0 ? (
              <Button
                variant="tertiary"
                fullWidth
                onClick={() =>
                  void act(routes.reviewed(model, id), t({ id: 'circassian.panel.reviewed', defaultMessage: 'Marked as reviewed.' }), {
                    locales: outdatedLocales.map((locale) => locale.locale),
                  })
                }
              >
                {t({ id: 'circassian.panel.markReviewed', defaultMessage: 'Mark as reviewed' })}
              </Button>
            ) : null}
            {editedLocales.length > 0 ? (
              <ConfirmButton
                fullWidth
                question={t(message('replace.title', 'Replace the edits made by hand?'))}
                explanation={
                  <Flex direction="column" alignItems="stretch" gap={2}>
                    <Typography>
                      {t(message('replace.intro', 'A new translation will overwrite these fields, which someone edited by hand:'))}
                    </Typography>
                    <Box tag="ul" data-testid="circassian-replace-fields">
                      {editedLocales.map((locale) => (
                        <li key={locale.locale}>
                          <Typography fontWeight="bold">{localeName(locale.locale, status.localeNames)}</Typography>:{' '}
                          <Typography>{locale.keptByHand.join(', ')}</Typography>
                        </li>
                      ))}
                    </Box>
                    <Typography textColor="neutral600">
                      {t(message('replace.final', 'The edits cannot be brought back afterwards.'))}
                    </Typography>
                  </Flex>
                }
                keep={t(message('replace.keep', 'Keep my edits'))}
                confirm={t(message('replace.confirm', 'Replace these fields'))}
                onConfirm={() =>
                  void act(
                    routes.translate(model, id),
                    queuedWords(t(message('replace.queued', 'Translation queued; the listed fields will be replaced.'))),
                    { locales: editedLocales.map((locale) => locale.locale), replaceEdits: true, confirm: true },
                  )
                }
              >
                {t({ id: 'circassian.panel.replace', defaultMessage: 'Translate again, replacing edits' })}
              </ConfirmButton>
            ) : null}
            {status.locales.some((locale) => locale.audio) ? (
              <AudioControls
                model={model}
                id={id}
                status={status}
                locales={audioLocales}
                onNotice={setNotice}
                onDone={() => void refresh()}
              />
            ) : null}
          </>
        )}
        {notice ? (
          <Typography variant="pi" data-testid="circassian-message">
            {notice}
          </Typography>
        ) : null}
      </Flex>
    </Box>
  );
}
