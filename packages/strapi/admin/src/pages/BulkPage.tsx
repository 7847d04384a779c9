// Bulk translation: the queue's state (always visible), the table of content type x target
// locale with per-locale Translate, Pause, Resume and Cancel, then a run: a content type and
// target locales, the cost before starting, progress, cancel and the list of errors. Runs are
// stored on the server: the page reopens the content type's latest run after navigation or a
// restart, keeps Start disabled while it is going, and counts done, failed, skipped and cancelled
// apart against totals fixed at the start (audio in its own total).
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Checkbox, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import { adminRoutes, isForbidden, localeName, serverMessage, type Estimate, type Overview, type RunStatus } from '../api';
import { LocaleTable } from '../components/LocaleTable';
import { QueueStateLine } from '../components/QueueStateLine';
import { RunProgress } from '../components/RunProgress';
import { EstimateUse } from '../components/EstimateUse';
import { amount, message } from '../utils/messages';

export default function BulkPage() {
  const { get, post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [uid, setUid] = useState<string | null>(null);
  const [locales, setLocales] = useState<string[]>([]);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [run, setRun] = useState<RunStatus | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [denied, setDenied] = useState(false);
  // A role without the bulk permission is told so, rather than shown a blank page (its overview answers 403).
  const refreshOverview = useCallback(async () => {
    try {
      setOverview((await get<Overview>(adminRoutes.overview())).data);
    } catch (failure) {
      if (isForbidden(failure)) setDenied(true);
      else throw failure;
    }
  }, [get]);

  // The table and the queue's state, from Strapi's database (the page never calls the service).
  useEffect(() => {
    void refreshOverview().then(() => undefined);
    const timer = setInterval(() => void refreshOverview().catch(() => undefined), 5000);
    return () => clearInterval(timer);
  }, [refreshOverview]);

  useEffect(() => {
    const first = overview?.contentTypes[0];
    if (!uid && first) {
      setUid(first.uid);
      setLocales(first.locales.map((row) => row.locale));
    }
  }, [overview, uid]);

  // The content type's latest stored run, shown again after navigation or a restart.
  useEffect(() => {
    if (!uid) return;
    setRun(null);
    setRunId(null);
    void get<{ runs: RunStatus[] }>(adminRoutes.runs(uid)).then(({ data }) => {
      const latest = data.runs[0];
      if (latest) {
        setRun(latest);
        setRunId(latest.run);
      }
    });
  }, [get, uid]);

  const refreshRun = useCallback(async () => {
    if (runId) setRun((await get<RunStatus>(adminRoutes.run(runId))).data);
  }, [get, runId]);

  useEffect(() => {
    if (!runId) return;
    void refreshRun();
    const timer = setInterval(() => void refreshRun(), 2000);
    return () => clearInterval(timer);
  }, [runId, refreshRun]);

  // A refused request (a locale outside the admin's role, a bad choice) is said on the page, in the server's words.
  const { toggleNotification } = useNotification();
  /** A cancel confirmed with a toast naming how much was dropped. */
  const cancelled = (count: number) =>
    toggleNotification({
      type: 'success',
      message: t(message('cancel.done', 'Cancelled: {count, plural, one {# job no longer waits} other {# jobs no longer wait}}.'), {
        count,
      }),
    });

  const attempt = (work: () => Promise<unknown>) => {
    setError(null);
    work()
      .then(() => refreshOverview())
      .catch((failure: unknown) => setError(serverMessage(t, failure)));
  };

  if (denied)
    return (
      <Box padding={8}>
        <Typography variant="alpha" tag="h1">
          {t(message('bulk.title', 'Circassian bulk translation'))}
        </Typography>
        <Box paddingTop={4}>
          <Typography tag="p" data-testid="circassian-no-access">
            {t(
              message(
                'bulk.noAccess',
                'Your role may not use Circassian bulk translation. Ask an administrator for the permission "Run, pause and cancel bulk translations" (Settings > Roles > Plugins > Circassian).',
              ),
            )}
          </Typography>
        </Box>
      </Box>
    );
  if (!overview) return null;
  const type = overview.contentTypes.find((candidate) => candidate.uid === uid);
  const typeNames = Object.fromEntries(overview.contentTypes.map((candidate) => [candidate.uid, candidate.displayName]));
  const toggle = (locale: string) => {
    setEstimate(null);
    setLocales((current) => (current.includes(locale) ? current.filter((item) => item !== locale) : [...current, locale]));
  };
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
        onPause={() => attempt(() => post(adminRoutes.pause()).then(refreshRun))}
        onResume={() => attempt(() => post(adminRoutes.resume()).then(refreshRun))}
      />
      <LocaleTable
        overview={overview}
        actions={{
          // The cost first: the row's locale is chosen below with "only what changed", and estimated.
          translate: (forUid, locale) => {
            setUid(forUid);
            setLocales([locale]);
            setOnlyChanged(true);
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
      <Flex gap={4} paddingTop={4} wrap="wrap">
        {overview.contentTypes.map((candidate) => (
          <Button
            key={candidate.uid}
            variant={candidate.uid === uid ? 'default' : 'tertiary'}
            onClick={() => {
              setUid(candidate.uid);
              setLocales(candidate.locales.map((row) => row.locale));
              setEstimate(null);
            }}
          >
            {candidate.displayName}
          </Button>
        ))}
      </Flex>
      {type ? (
        <Flex gap={4} paddingTop={4} wrap="wrap">
          {type.locales.map(({ locale }) => (
            <Checkbox key={locale} checked={locales.includes(locale)} onCheckedChange={() => toggle(locale)}>
              {localeName(locale, overview.localeNames)}
            </Checkbox>
          ))}
          <Checkbox
            checked={onlyChanged}
            onCheckedChange={() => {
              setEstimate(null);
              setOnlyChanged(!onlyChanged);
            }}
          >
            {t(message('bulk.onlyChanged', 'Only entries missing, outdated, failed or missing audio'))}
          </Checkbox>
        </Flex>
      ) : null}
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
      {estimate ? (
        <Typography tag="p" data-testid="circassian-estimate">
          {t(
            message(
              'bulk.estimateWords',
              "{entries, plural, one {# entry} other {# entries}} in {locales}, {texts, plural, one {# text} other {# texts}} to send: {characters} characters (about {quota} of the key's daily characters, counting the answers).",
            ),
            {
              entries: estimate.entries,
              locales: estimate.locales.map((code) => localeName(code, overview.localeNames)).join(', '),
              texts: estimate.texts,
              characters: amount(t, estimate.characters),
              quota: amount(t, estimate.estimatedQuotaCharacters),
            },
          )}
        </Typography>
      ) : null}
      {estimate && estimate.memoryTexts > 0 ? (
        <Typography tag="p" data-testid="circassian-estimate-memory">
          {t(
            message(
              'bulk.estimateMemory',
              '{texts, plural, one {# text} other {# texts}} ({characters} characters) from the translation memory, at no cost.',
            ),
            { texts: estimate.memoryTexts, characters: amount(t, estimate.memoryCharacters) },
          )}
        </Typography>
      ) : null}
      {estimate ? <EstimateUse estimate={estimate} /> : null}
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
