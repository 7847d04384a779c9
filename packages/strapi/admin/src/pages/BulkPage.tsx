// Bulk translation: a content type and target locales, the cost in characters before starting,
// then progress, pause/resume, cancel and the list of errors. Runs are stored on the server: the
// page reopens the content type's latest run after navigation or a restart, keeps Start disabled
// while it is going, and counts done, failed, skipped and cancelled apart against totals fixed at
// the start (audio in its own total).
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Checkbox, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import {
  adminRoutes,
  describePauses,
  localeName,
  routes,
  serverMessage,
  type Estimate,
  type KindProgress,
  type RunStatus,
  type Settings,
} from '../api';

/** One kind's progress in words: every status apart, against the total fixed at the start. */
function progressWords(name: string, progress: KindProgress, cancelled = false): string {
  const parts = [`${progress.done} done`];
  if (progress.failed) parts.push(`${progress.failed} failed`);
  if (progress.skipped) parts.push(`${progress.skipped} skipped`);
  if (progress.cancelled) parts.push(`${progress.cancelled} cancelled`);
  // Audio never queued: its translation was cancelled, or (audio on publish) its target is not published.
  if (progress.notQueued)
    parts.push(`${progress.notQueued} ${cancelled ? 'not started (run cancelled)' : 'not queued (target not published)'}`);
  const waiting = progress.pending + progress.running;
  if (waiting) parts.push(`${waiting} waiting`);
  return `${name}: ${parts.join(', ')} of ${progress.total}`;
}

export default function BulkPage() {
  const { get, post } = useFetchClient();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [uid, setUid] = useState<string | null>(null);
  const [locales, setLocales] = useState<string[]>([]);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [run, setRun] = useState<RunStatus | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void get<Settings>(routes.settings()).then(({ data }) => {
      setSettings(data);
      const first = data.contentTypes[0];
      if (first) {
        setUid(first.uid);
        setLocales(first.targetLocales);
      }
    });
  }, [get]);

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
  const attempt = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch((failure: unknown) => setError(serverMessage(failure)));
  };

  if (!settings) return null;
  const type = settings.contentTypes.find((candidate) => candidate.uid === uid);
  const toggle = (locale: string) =>
    setLocales((current) => (current.includes(locale) ? current.filter((item) => item !== locale) : [...current, locale]));
  const pauses = run ? describePauses(run.pauses) : [];
  // As the server decides: a cancelled run no longer holds Start, though jobs it had begun may still end.
  const going = run !== null && run.state === 'active' && !run.finished;

  return (
    <Box padding={8} data-testid="circassian-bulk">
      <Typography variant="alpha" tag="h1">
        Translate all entries
      </Typography>
      <Flex gap={4} paddingTop={4} wrap="wrap">
        {settings.contentTypes.map((candidate) => (
          <Button
            key={candidate.uid}
            variant={candidate.uid === uid ? 'default' : 'tertiary'}
            onClick={() => {
              setUid(candidate.uid);
              setLocales(candidate.targetLocales);
              setEstimate(null);
            }}
          >
            {candidate.displayName}
          </Button>
        ))}
      </Flex>
      {type ? (
        <Flex gap={4} paddingTop={4}>
          {type.targetLocales.map((locale) => (
            <Checkbox key={locale} checked={locales.includes(locale)} onCheckedChange={() => toggle(locale)}>
              {localeName(locale, settings.localeNames)}
            </Checkbox>
          ))}
        </Flex>
      ) : null}
      <Flex gap={2} paddingTop={4}>
        <Button
          variant="secondary"
          disabled={!uid || locales.length === 0}
          onClick={() => uid && attempt(() => post<Estimate>(adminRoutes.estimate(uid), { locales }).then(({ data }) => setEstimate(data)))}
        >
          Estimate the cost
        </Button>
        <Button
          disabled={!uid || locales.length === 0 || !estimate || going}
          onClick={() =>
            uid && attempt(() => post<{ run: string }>(adminRoutes.bulk(uid), { locales }).then(({ data }) => setRunId(data.run)))
          }
        >
          Start
        </Button>
      </Flex>
      {error ? (
        <Typography tag="p" textColor="danger600" data-testid="circassian-bulk-error">
          {error}
        </Typography>
      ) : null}
      {estimate ? (
        <Typography tag="p" data-testid="circassian-estimate">
          {estimate.entries} entries, {estimate.texts} texts to send: {estimate.characters.toLocaleString()} characters (about{' '}
          {estimate.estimatedQuotaCharacters.toLocaleString()} of the key's daily characters, counting the answers).
        </Typography>
      ) : null}
      {run ? (
        <Box paddingTop={4} data-testid="circassian-run">
          <Typography tag="p" data-testid="circassian-run-state">
            {run.displayName} into {run.locales.join(', ')}, started {run.startedAt ? new Date(run.startedAt).toLocaleString() : ''}:{' '}
            {run.state === 'cancelled' ? 'cancelled' : run.finished ? 'finished' : 'running'}
            {going && pauses.length > 0 ? ' (paused)' : ''}
          </Typography>
          <Typography tag="p" data-testid="circassian-run-translate">
            {progressWords('Translations', run.translate)}
          </Typography>
          {run.audio.total > 0 ? (
            <Typography tag="p" data-testid="circassian-run-audio">
              {progressWords('Audio', run.audio, run.state === 'cancelled')}
            </Typography>
          ) : null}
          <Typography tag="p">{run.sentCharacters.toLocaleString()} characters sent.</Typography>
          {pauses.map((line) => (
            <Typography key={line} tag="p" textColor="warning600" data-testid="circassian-pause">
              {line}
            </Typography>
          ))}
          <Flex gap={2} paddingTop={2}>
            <Button variant="secondary" onClick={() => void post(adminRoutes.pause()).then(refreshRun)}>
              Pause
            </Button>
            <Button variant="secondary" onClick={() => void post(adminRoutes.resume()).then(refreshRun)}>
              Resume
            </Button>
            <Button variant="danger-light" disabled={!going} onClick={() => runId && void post(adminRoutes.cancel(runId)).then(refreshRun)}>
              Cancel
            </Button>
          </Flex>
          {run.errors.map((error) => (
            <Typography key={`${error.entry}-${error.locale}-${error.kind}`} tag="p" textColor="danger600">
              {error.entry} ({error.locale}): {error.message}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
