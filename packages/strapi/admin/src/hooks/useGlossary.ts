// The glossary's section of the settings page: its entries (read from Strapi's database; a role
// without the memory's permission is refused them, and the section says so), and one action at a
// time with its outcome said under the section.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, isForbidden, serverMessage, type GlossaryList, type GlossaryRow } from '../api';
import type { MemoryNote } from './useMemory';

export function useGlossary() {
  const { get } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [entries, setEntries] = useState<GlossaryRow[] | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [note, setNote] = useState<MemoryNote | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => setEntries((await get<GlossaryList>(adminRoutes.glossary())).data.entries), [get]);

  useEffect(() => {
    void refresh().catch((error: unknown) => {
      if (isForbidden(error)) setForbidden(true);
      else setNote({ text: serverMessage(t, error), error: true });
    });
  }, [refresh, t]);

  /** Runs one action: its sentence (or the server's refusal) is the section's note, the entries read again. */
  const attempt = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ text: await work(), error: false });
      return true;
    } catch (error) {
      setNote({ text: serverMessage(t, error), error: true });
      return false;
    } finally {
      setBusy(false);
      await refresh().catch(() => undefined);
    }
  };

  return { entries, forbidden, note, busy, attempt };
}
