// The settings page's data, read from Strapi's own database when the page opens and every 5
// seconds (the queue's counts and today's use): an open page sends the service nothing.
import { useCallback, useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { routes, type Settings } from '../api';

export function useSettings() {
  const { get } = useFetchClient();
  const [settings, setSettings] = useState<Settings | null>(null);
  const refresh = useCallback(async () => setSettings((await get<Settings>(routes.settings())).data), [get]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [refresh]);

  return { settings, refresh };
}
