// The edit view's entry status, as the panel shows it: read when the view opens, every 3 seconds,
// and the moment a save ends (the edit form's isSubmitting), so the panel says "in progress" at
// once rather than "Translated" until its next look.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetchClient, useForm } from '@strapi/strapi/admin';
import { routes, type EntryStatus } from '../api';

export function useEntryStatus(model: string, id: string | undefined, isCreatingEntry: boolean) {
  const { get } = useFetchClient();
  const [status, setStatus] = useState<EntryStatus | null>(null);

  const refresh = useCallback(async () => {
    if (!id || isCreatingEntry) return;
    try {
      setStatus((await get<EntryStatus>(routes.status(model, id))).data);
    } catch {
      setStatus(null);
    }
  }, [get, model, id, isCreatingEntry]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  const submitting = useForm('CircassianPanelSave', (form) => form.isSubmitting, false);
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && submitting !== true) void refresh();
    wasSubmitting.current = submitting === true;
  }, [submitting, refresh]);

  return { status, refresh };
}
