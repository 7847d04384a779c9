// The edit-view panel's buttons, for a role with the plugin's translate permission: translate now
// (the locales the role may edit; the others named), translate into the viewed locale, mark as
// reviewed, translate again replacing edits (asked first), and audio.
import { useIntl } from 'react-intl';
import { Button, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { localeName, routes, serverMessage, type EntryStatus, type TranslateAnswer } from '../../api';
import { message, type Format } from '../../utils/messages';
import { AudioControls } from '../AudioControls';
import { FillFormButton } from './FillFormButton';
import { ReplaceEditsButton } from './ReplaceEditsButton';

/** The locale the edit view shows (Strapi's i18n keeps it in the query string). */
export const viewedLocale = (): string | null => new URLSearchParams(window.location.search).get('plugins[i18n][locale]');

/** Fields left out of the work because the role may not read or edit them. */
const withheldWords = (t: Format) => (fields: readonly string[]) =>
  t(message('panel.withheld', 'Left out, as your role may not read or edit them: {fields}.'), { fields: fields.join(', ') });

/**
 * What "Translate now" queued (or that every locale is up to date already, so nothing will be
 * sent), and the fields left out because the role may not read or edit them.
 */
const queuedWords = (t: Format, status: EntryStatus, queued: string) => (answer: TranslateAnswer) => {
  const withheld = [...new Set(Object.values(answer.withheld ?? {}).flat())];
  const upToDate = answer.upToDate ?? [];
  const names = (codes: readonly string[]) => codes.map((code) => localeName(code, status.localeNames)).join(', ');
  const said =
    answer.queued.length > 0 && upToDate.length === answer.queued.length
      ? t(message('panel.upToDate', 'Nothing to translate: {locales}{count, plural, one { is} other { are}} up to date with the source.'), {
          locales: names(upToDate),
          count: upToDate.length,
        })
      : upToDate.length > 0
        ? `${queued} ${t(message('panel.upToDateSome', 'Already up to date: {locales}.'), { locales: names(upToDate) })}`
        : queued;
  return withheld.length > 0 ? `${said} ${withheldWords(t)(withheld)}` : said;
};

export function PanelActions({
  model,
  id,
  status,
  onNotice,
  onDone,
}: {
  model: string;
  id: string;
  status: EntryStatus;
  onNotice: (notice: string) => void;
  onDone: () => void;
}) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();

  const act = async <T,>(url: string, done: string | ((answer: T) => string), body: Record<string, unknown> = {}) => {
    try {
      const { data } = await post<T>(url, body);
      onNotice(typeof done === 'string' ? done : done(data));
      onDone();
    } catch (error) {
      onNotice(serverMessage(t, error));
    }
  };

  // Only the locales this admin's role may edit are asked for; the others are named, not hidden.
  const permitted = status.locales.filter((locale) => locale.mayTranslate);
  const outsideRole = status.locales.filter((locale) => !locale.mayTranslate).map((locale) => locale.locale);
  const viewedTarget = permitted.find((locale) => locale.locale === viewedLocale());
  // Viewing one target locale, "replacing edits" replaces that locale's alone: another locale's hand edits are not on screen (issue 33).
  const editedLocales = permitted.filter((locale) => locale.keptByHand.length > 0 && (!viewedTarget || locale === viewedTarget));
  const outdatedLocales = permitted.filter((locale) => locale.status === 'outdated');
  const names = (codes: readonly string[]) => codes.map((code) => localeName(code, status.localeNames)).join(', ');

  return (
    <>
      {outsideRole.length > 0 ? (
        <Typography variant="pi" textColor="neutral600" data-testid="circassian-role-note">
          {permitted.length > 0
            ? t(message('panel.roleSome', 'Your role does not cover {outside}; the buttons work on {permitted}.'), {
                outside: names(outsideRole),
                permitted: names(permitted.map((locale) => locale.locale)),
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
            queuedWords(t, status, t({ id: 'circassian.panel.queued', defaultMessage: 'Translation queued.' })),
            {
              locales: permitted.map((locale) => locale.locale),
            },
          )
        }
      >
        {t({ id: 'circassian.panel.translateNow', defaultMessage: 'Translate now' })}
      </Button>
      {viewedTarget ? (
        <FillFormButton model={model} id={id} locale={viewedTarget} status={status} withheldNote={withheldWords(t)} onNotice={onNotice} />
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
        <ReplaceEditsButton
          edited={editedLocales}
          status={status}
          onConfirm={() =>
            void act(
              routes.translate(model, id),
              queuedWords(t, status, t(message('replace.queued', 'Translation queued; the listed fields will be replaced.'))),
              { locales: editedLocales.map((locale) => locale.locale), replaceEdits: true, confirm: true },
            )
          }
        />
      ) : null}
      {status.locales.some((locale) => locale.audio) ? (
        <AudioControls
          model={model}
          id={id}
          status={status}
          locales={permitted.filter((locale) => locale.audio).map((locale) => locale.locale)}
          onNotice={onNotice}
          onDone={onDone}
        />
      ) : null}
    </>
  );
}
