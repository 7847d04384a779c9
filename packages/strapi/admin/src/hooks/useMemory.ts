// The translation memory's section of the settings page: its counts (and whether the role may
// export, import and clear it), read from Strapi's database, and one action at a time with its
// outcome said under the section.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, serverMessage, type MemoryOverview } from '../api';

export interface MemoryNote {
  text: string;
  error: boolean;
}

export function useMemory() {
  const { get } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [overview, setOverview] = useState<MemoryOverview | null>(null);
  const [note, setNote] = useState<MemoryNote | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => setOverview((await get<MemoryOverview>(adminRoutes.memory())).data), [get]);

  useEffect(() => {
    void refresh().catch((error: unknown) => setNote({ text: serverMessage(t, error), error: true }));
  }, [refresh, t]);

  /** Runs one action: its sentence (or the server's refusal) is the section's note, the counts read again. */
  const attempt = async (work: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ text: await work(), error: false });
    } catch (error) {
      setNote({ text: serverMessage(t, error), error: true });
    } finally {
      setBusy(false);
      await refresh().catch(() => undefined);
    }
  };

  return { stats: overview?.stats ?? null, mayManage: overview?.mayManage === true, note, busy, attempt, refresh };
}
