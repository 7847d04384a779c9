// The reviewer's list of the translation memory: people's units (and suggestions), the most
// recent first, for one person or everyone, suggestions only or all, a page at a time; read again
// after each action.
import { useCallback, useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type MemoryReview } from '../api';

export interface ReviewFilter {
  /** One person's units (their e-mail, as units name them), or everyone's. */
  by: string | null;
  suggestionsOnly: boolean;
}

export function useMemoryReview(filter: ReviewFilter) {
  const { get } = useFetchClient();
  const [review, setReview] = useState<MemoryReview | null>(null);
  const [shown, setShown] = useState(1);

  const refresh = useCallback(async () => {
    const query = new URLSearchParams({
      ...(filter.by !== null ? { by: filter.by } : {}),
      ...(filter.suggestionsOnly ? { suggestion: 'true' } : {}),
    });
    // The pages shown so far, read again in one go after an action (the list moves as units change).
    const pages: MemoryReview[] = [];
    for (let page = 0; page < shown; page++) {
      const offset = pages.reduce((sum, part) => sum + part.units.length, 0);
      const { data } = await get<MemoryReview>(adminRoutes.memoryReview(`${query.toString()}${offset ? `&offset=${offset}` : ''}`));
      pages.push(data);
      if (!data.more) break;
    }
    const last = pages[pages.length - 1];
    setReview(last ? { units: pages.flatMap((part) => part.units), more: last.more, people: last.people } : null);
  }, [get, filter.by, filter.suggestionsOnly, shown]);

  useEffect(() => {
    void refresh().catch(() => setReview(null));
  }, [refresh]);

  return { review, refresh, more: () => setShown((pages) => pages + 1) };
}
