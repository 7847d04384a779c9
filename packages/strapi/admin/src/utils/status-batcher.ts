// The list view's "Translation" cells each want their entry's status; one request per page of
// the list answers them all. Cells ask here; asks made within a few milliseconds of each other
// (a page of rows mounting, or their refresh timers) go out together as one request.
import type { ListStatuses } from '../api';

type Post = (url: string, body: unknown) => Promise<{ data: ListStatuses }>;
type Answer = { statuses: ListStatuses['entries'][string] | null; localeNames: Record<string, string> };

interface Pending {
  ids: Set<string>;
  waiters: Array<{ documentId: string; resolve: (answer: Answer) => void; reject: (error: unknown) => void }>;
}

const GATHER_MS = 25;
const pendingByModel = new Map<string, Pending>();

/** The status of one entry of `model` per target locale (null when the plugin does not translate it). */
export function entryStatuses(post: Post, url: string, model: string, documentId: string): Promise<Answer> {
  let pending = pendingByModel.get(model);
  if (!pending) {
    const fresh: Pending = { ids: new Set(), waiters: [] };
    pending = fresh;
    pendingByModel.set(model, fresh);
    setTimeout(() => {
      pendingByModel.delete(model);
      post(url, { documentIds: [...fresh.ids] }).then(
        ({ data }) => {
          for (const waiter of fresh.waiters)
            waiter.resolve({ statuses: data.entries[waiter.documentId] ?? null, localeNames: data.localeNames });
        },
        (error: unknown) => fresh.waiters.forEach((waiter) => waiter.reject(error)),
      );
    }, GATHER_MS);
  }
  pending.ids.add(documentId);
  return new Promise((resolve, reject) => pending.waiters.push({ documentId, resolve, reject }));
}
