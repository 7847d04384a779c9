// The Content Manager list view's "Translation" column: each entry's target locales grouped by
// what holds them back (in progress, failed, outdated, missing), or "Translated" when none does.
// The cells of a page share one request, refreshed every few seconds while the list is open.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { localeName, routes, type ListStatuses, type LocaleStatus } from '../api';
import { entryStatuses } from '../utils/status-batcher';
import { message } from '../utils/messages';

const REFRESH_MS = 5000;

/** The groups an entry's locales fall into, in the order an editor acts on them. */
const GROUPS: Array<{ status: LocaleStatus['status']; label: ReturnType<typeof message>; color: string }> = [
  { status: 'queued', label: message('list.inProgress', 'In progress'), color: 'primary600' },
  { status: 'failed', label: message('list.failed', 'Failed'), color: 'danger600' },
  { status: 'outdated', label: message('list.outdated', 'Outdated'), color: 'warning600' },
  { status: 'not translated', label: message('list.missing', 'Missing'), color: 'neutral600' },
];

export function TranslationCell({ model, documentId }: { model: string; documentId: string }) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [answer, setAnswer] = useState<{ statuses: ListStatuses['entries'][string] | null; localeNames: Record<string, string> } | null>(
    null,
  );

  useEffect(() => {
    let live = true;
    const load = () =>
      entryStatuses((url, body) => post<ListStatuses>(url, body), routes.statuses(model), model, documentId).then(
        (next) => live && setAnswer(next),
        // Not translated by the plugin, or not allowed to see its status: the cell stays empty.
        () => live && setAnswer({ statuses: null, localeNames: {} }),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [post, model, documentId]);

  if (!answer) return null;
  const { statuses, localeNames } = answer;
  if (!statuses) return <Typography textColor="neutral500">-</Typography>;
  const groups = GROUPS.map((group) => ({ ...group, locales: statuses.filter((entry) => entry.status === group.status) })).filter(
    (group) => group.locales.length > 0,
  );
  return (
    <Flex direction="column" alignItems="start" data-testid={`circassian-translation-${documentId}`}>
      {groups.length === 0 ? (
        <Typography textColor="success600">{t(message('list.translated', 'Translated'))}</Typography>
      ) : (
        groups.map((group) => (
          <Typography
            key={group.status}
            variant="pi"
            textColor={group.color}
            title={group.locales.map((entry) => localeName(entry.locale, localeNames)).join(', ')}
          >
            {t(group.label)}: {group.locales.map((entry) => entry.locale).join(', ')}
          </Typography>
        ))
      )}
    </Flex>
  );
}
