// Bulk translation: the queue's state (always visible), the table of content type x target
// locale with per-locale Translate, Pause, Resume and Cancel, then a run: a content type and
// target locales (bulk/RunChooser), the cost before starting (bulk/EstimateLines), progress, cancel,
// why its work waits and its errors (RunProgress). Runs are stored on the server: the page reopens
// the content type's latest run after navigation or a restart (useRun), keeps Start disabled while
// it is going, and counts done, failed, skipped and cancelled apart against totals fixed at the
// start (audio in its own total).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import { adminRoutes, serverMessage, type Estimate } from '../api';
import { useOverview } from '../hooks/useOverview';
import { useRun } from '../hooks/useRun';
import { LocaleTable } from '../components/LocaleTable';
import { QueueStateLine } from '../components/QueueStateLine';
import { RunProgress } from '../components/RunProgress';
import { EstimateLines } from '../components/bulk/EstimateLines';
import { NoAccess } from '../components/bulk/NoAccess';
import { RunChooser, type RunChoice } from '../components/bulk/RunChooser';
import { message } from '../utils/messages';

export default function BulkPage() {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const { overview, denied, refresh: refreshOverview } = useOverview();
  const [choice, setChoice] = useState<RunChoice>({ uid: null, locales: [], onlyChanged: false });
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const { run, runId, setRunId, refresh: refreshRun } = useRun(choice.uid);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const first = overview?.contentTypes[0];
    if (!choice.uid && first) setChoice({ uid: first.uid, locales: first.locales.map((row) => row.locale), onlyChanged: false });
  }, [overview, choice.uid]);

  const { toggleNotification } = useNotification();
  /** A cancel confirmed with a toast naming how much was dropped. */
  const cancelled = (count: number) =>
    toggleNotification({
      type: 'success',
      message: t(message('cancel.done', 'Cancelled: {count, plural, one {# job no longer waits} other {# jobs no longer wait}}.'), {
        count,
      }),
    });

  // A refused request (a locale outside the admin's role, a bad choice) is said on the page, in the server's words.
  const attempt = (work: () => Promise<unknown>) => {
    setError(null);
    work()
      .then(() => refreshOverview())
      .catch((failure: unknown) => setError(serverMessage(t, failure)));
  };

  if (denied) return <NoAccess />;
  if (!overview) return null;
  const { uid, locales, onlyChanged } = choice;
  const typeNames = Object.fromEntries(overview.contentTypes.map((candidate) => [candidate.uid, candidate.displayName]));
  // As the server decides: a cancelled run no longer holds Start, though jobs it had begun may still end.
  const going = run !== null && run.state === 'active' && !run.finished;
  const estimateNow = (forUid: string, forLocales: string[], changed: boolean) =>
    attempt(() =>
      post<Estimate>(adminRoutes.estimate(forUid), { locales: forLocales, ...(changed ? { onlyChanged: true } : {}) }).then(({ data }) =>
        setEstimate(data),
      ),
    );

  return (
    <Box padding={8} data-testid="circassian-bulk">
      <Typography variant="alpha" tag="h1">
        {t(message('bulk.heading', 'Translate all entries'))}
      </Typography>
      <QueueStateLine
        queue={overview.queue}
        localeNames={overview.localeNames}
        typeNames={typeNames}
        mayControl={overview.mayControlQueue}
        onPause={() => attempt(() => post(adminRoutes.pause()).then(refreshRun))}
        onResume={() => attempt(() => post(adminRoutes.resume()).then(refreshRun))}
      />
      <LocaleTable
        overview={overview}
        actions={{
          // The cost first: the row's locale is chosen below with "only what changed", and estimated.
          translate: (forUid, locale) => {
            setChoice({ uid: forUid, locales: [locale], onlyChanged: true });
            estimateNow(forUid, [locale], true);
          },
          pause: (forUid, locale) => attempt(() => post(adminRoutes.locale(forUid, locale, 'pause'))),
          resume: (forUid, locale) => attempt(() => post(adminRoutes.locale(forUid, locale, 'resume'))),
          cancel: (forUid, locale) =>
            attempt(() =>
              post<{ cancelled: number }>(adminRoutes.locale(forUid, locale, 'cancel')).then(({ data }) => {
                cancelled(data.cancelled);
                return refreshRun();
              }),
            ),
        }}
      />
      <Box paddingTop={6}>
        <Typography variant="delta" tag="h2">
          {t(message('bulk.run', 'Run'))}
        </Typography>
      </Box>
      <RunChooser
        overview={overview}
        choice={choice}
        onChange={(next) => {
          setEstimate(null);
          setChoice(next);
        }}
      />
      <Flex gap={2} paddingTop={4}>
        <Button variant="secondary" disabled={!uid || locales.length === 0} onClick={() => uid && estimateNow(uid, locales, onlyChanged)}>
          {t(message('bulk.estimate', 'Estimate the cost'))}
        </Button>
        <Button
          disabled={!uid || locales.length === 0 || !estimate || going}
          onClick={() =>
            uid &&
            attempt(() =>
              post<{ run: string }>(adminRoutes.bulk(uid), { locales, ...(onlyChanged ? { onlyChanged: true } : {}) }).then(({ data }) =>
                setRunId(data.run),
              ),
            )
          }
        >
          {t(message('bulk.start', 'Start'))}
        </Button>
      </Flex>
      {error ? (
        <Typography tag="p" textColor="danger600" data-testid="circassian-bulk-error">
          {error}
        </Typography>
      ) : null}
      {estimate ? <EstimateLines estimate={estimate} localeNames={overview.localeNames} /> : null}
      {run ? (
        <RunProgress
          run={run}
          localeNames={overview.localeNames}
          onCancel={() =>
            runId &&
            attempt(() =>
              post<{ cancelled: number }>(adminRoutes.cancel(runId)).then(({ data }) => {
                cancelled(data.cancelled);
                return refreshRun();
              }),
            )
          }
        />
      ) : null}
    </Box>
  );
}
