// The bulk page's table and the queue's state, read from Strapi's database when the page opens and
// every 5 seconds (the page never calls the service). A role without the bulk permission is told
// so (`denied`) rather than shown a blank page: its overview answers 403.
import { useCallback, useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, isForbidden, type Overview } from '../api';

export function useOverview() {
  const { get } = useFetchClient();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [denied, setDenied] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setOverview((await get<Overview>(adminRoutes.overview())).data);
    } catch (failure) {
      if (isForbidden(failure)) setDenied(true);
      else throw failure;
    }
  }, [get]);

  useEffect(() => {
    void refresh().then(() => undefined);
    const timer = setInterval(() => void refresh().catch(() => undefined), 5000);
    return () => clearInterval(timer);
  }, [refresh]);

  return { overview, denied, refresh };
}
