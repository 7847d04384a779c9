// A content type's bulk run as the bulk page follows it: its latest stored run shown again after
// navigation or a restart, then the chosen run read every 2 seconds.
import { useCallback, useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type RunStatus } from '../api';

export function useRun(uid: string | null) {
  const { get } = useFetchClient();
  const [run, setRun] = useState<RunStatus | null>(null);
  const [runId, setRunId] = useState<string | null>(null);

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

  const refresh = useCallback(async () => {
    if (runId) setRun((await get<RunStatus>(adminRoutes.run(runId))).data);
  }, [get, runId]);

  useEffect(() => {
    if (!runId) return;
    void refresh();
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
  }, [runId, refresh]);

  return { run, runId, setRunId, refresh };
}
