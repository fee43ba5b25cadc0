/**
 * Reading a collection (reference 2.6a: `data`, `has_more`, `next_cursor`; "continue with `starting_after`")
 * on no more than the reference says. It does not say what `starting_after` of a first request is, so the
 * first request carries none (a server that reads it as an id of the collection answers `starting_after=0`
 * with an empty page). It does not say that `next_cursor` is always given, nor that a page
 * is full, so a page continues after the server's cursor when there is one and else after its last item;
 * reading stops when `has_more` is not true, when a page is empty, or when the next start was used already
 * (a server that does not advance must not keep us looping).
 */
export type Cursor = string | number;

export interface CollectionPage<T> {
  data: readonly T[];
  has_more?: boolean | null;
  next_cursor?: Cursor | null;
}

type ItemOf<P extends CollectionPage<unknown>> = P['data'][number];

export interface CollectionReading<P extends CollectionPage<unknown>, C extends Cursor> {
  /** Where to start: after an item held already (the ledger's newest row), or undefined for the start. */
  after?: C;
  fetch(after: C | undefined): Promise<P>;
  /** The item's id, to continue after when the server gives no usable cursor. */
  keyOf(item: ItemOf<P>): C;
  /** The server's `next_cursor` in the form the route takes (`starting_after`), or undefined if unusable. */
  cursorOf(raw: Cursor): C | undefined;
  onPage(page: P): void;
}

/** Where the page after `page` starts, or null when reading stops. */
export function nextStart<P extends CollectionPage<unknown>, C extends Cursor>(
  page: P,
  reading: Pick<CollectionReading<P, C>, 'keyOf' | 'cursorOf'>,
  used: ReadonlySet<string>,
): C | null {
  if (page.has_more !== true || page.data.length === 0) return null;
  const last = page.data[page.data.length - 1] as ItemOf<P>;
  const given = page.next_cursor === undefined || page.next_cursor === null ? undefined : reading.cursorOf(page.next_cursor);
  const next = given ?? reading.keyOf(last);
  return used.has(String(next)) ? null : next;
}

/** Reads every page from `after` to the end; returns how many pages were read. */
export async function readCollection<P extends CollectionPage<unknown>, C extends Cursor>(reading: CollectionReading<P, C>): Promise<number> {
  const used = new Set<string>();
  let after = reading.after;
  for (let pages = 1; ; pages++) {
    if (after !== undefined) used.add(String(after));
    const page = await reading.fetch(after);
    reading.onPage(page);
    const next = nextStart(page, reading, used);
    if (next === null) return pages;
    after = next;
  }
}

/** A cursor for a route whose `starting_after` is an integer (the ledger, a list's members). */
export function integerCursor(raw: Cursor): number | undefined {
  const n = typeof raw === 'number' ? raw : /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A cursor for a route whose `starting_after` is a string (`/lists`, `/filters`). */
export const stringCursor = (raw: Cursor): string => String(raw);
