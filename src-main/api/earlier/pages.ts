/**
 * Reading a whole list whose paging document 2 does not show (`GET /filters`, `GET /balance/history`: "Pagination
 * parameters ... not shown"). The envelope's `total` is all the document promises. A server may honour
 * `page`/`page_size` (the names section 4 uses elsewhere), ignore them and answer everything, answer its own
 * page size, or reject them. The walk asks page after page and stops whichever way the server behaves:
 * when `total` items are held, when a page is empty, when a page repeats what was read (the server ignores
 * `page`), when a page is shorter than the pages before it (or than its own `page_size`), when its `pages`
 * says so, or after `maxPages`. It never loops forever, and it says whether the list it holds is whole.
 */
import { isApiError } from '../errors';

export type ListAnswer<T> = { items: readonly T[]; total: number; page_size?: unknown; pages?: unknown };

export type WalkResult<T> = {
  /** Every distinct item read, in the server's order (repeats dropped). */
  items: T[];
  /** `total` of the last answer. */
  total: number;
  /** The list is whole: `total` items are held, or `stopAfter` ended the walk where the caller already holds the rest. */
  complete: boolean;
  /** Requests made. */
  requests: number;
};

export type WalkOptions<T> = {
  /** Ends the walk after a page (e.g. it reached what the caller holds); the list then counts as complete. */
  stopAfter?: (fresh: readonly T[], page: readonly T[]) => boolean;
  /** A safety net against a server that keeps answering new items forever; default 1000. */
  maxPages?: number;
};

/**
 * `fetch(page)` asks for one page by number with the caller's page size; `fetch(null)` asks without any
 * paging parameter. A first page refused as a bad request (400/422: the server knows no paging there) is
 * asked again without them, and that one answer is the list.
 */
export async function walkUnshownPages<T>(
  fetch: (page: number | null) => Promise<ListAnswer<T>>,
  keyOf: (item: T) => string | number,
  opts: WalkOptions<T> = {},
): Promise<WalkResult<T>> {
  const maxPages = opts.maxPages ?? 1000;
  const seen = new Map<string | number, T>();
  let total = 0;
  let largest = 0;
  let requests = 0;
  let stopped = false;
  for (let page = 1; page <= maxPages; page++) {
    let answer: ListAnswer<T>;
    let unpaged = false;
    try {
      requests++;
      answer = await fetch(page);
    } catch (e) {
      if (page !== 1 || !isApiError(e) || (e.status !== 400 && e.status !== 422)) throw e;
      requests++;
      answer = await fetch(null);
      unpaged = true;
    }
    total = answer.total;
    const fresh: T[] = [];
    for (const item of answer.items) {
      const k = keyOf(item);
      if (seen.has(k)) continue;
      seen.set(k, item);
      fresh.push(item);
    }
    largest = Math.max(largest, answer.items.length);
    const size = typeof answer.page_size === 'number' && answer.page_size > 0 ? answer.page_size : largest;
    const pages = typeof answer.pages === 'number' ? answer.pages : null;
    if (opts.stopAfter?.(fresh, answer.items)) {
      stopped = true;
      break;
    }
    if (unpaged || fresh.length === 0 || seen.size >= total || answer.items.length < size || (pages !== null && page >= pages)) break;
  }
  return { items: [...seen.values()], total, complete: stopped || seen.size >= total, requests };
}
