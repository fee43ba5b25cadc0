/**
 * The way back to where a view was opened from ("keyboard from start to finish"): a card, a dossier or
 * a list opened from a table unmounts that table, so the row the analyst was on, the table's scroll and the
 * focus would be lost, and the arrows would do nothing until a click. When a route with `back` is entered, the
 * page notes where the focus was and how each shown table stood, under the route to come back to; going back
 * (store.goBack: «← Назад», Esc, Alt+←) hands that note to the view drawn again: its table scrolls where it was
 * and focuses the same row, or the element that had the focus gets it again.
 *
 * Plain DOM and module state, no React: the store calls `capture` as it navigates, tables `registerTable`.
 */

export interface TableStand {
  /** The active row's index. */
  active: number;
  /** The table body's scroll. */
  scrollTop: number;
  /** The focus was in this table (its active row gets it back). */
  focus: boolean;
}

/** Where the focus was outside a table: an element found again by its test id (and which of them) or list id. */
export type FocusSpot = { selector: string; nth: number };

interface ReturnPoint {
  tables: Map<string, TableStand>;
  focus: FocusSpot | null;
}

interface ShownTable {
  element: HTMLElement;
  stand(): { active: number; scrollTop: number };
}

const shown = new Map<string, ShownTable>();
const points = new Map<string, ReturnPoint>();
/** The note of the route being gone back to, until its table or element claims it. */
let arriving: ReturnPoint | null = null;

/** A table shown now (under its layout key), so a view opened from it can come back to its row. */
export function registerTable(key: string, table: ShownTable): () => void {
  shown.set(key, table);
  return () => {
    if (shown.get(key) === table) shown.delete(key);
  };
}

/** How to find `el` again once it is drawn anew: its test id (or list id) and which of them it is. */
export function focusSpotOf(el: Element): FocusSpot | null {
  const spotted = el.closest<HTMLElement>('[data-list-id]:is(button, a, [tabindex]), [data-testid]');
  if (!spotted) return null;
  const selector = spotted.matches('[data-list-id]') && spotted.dataset.listId
    ? `${spotted.tagName.toLowerCase()}[data-list-id="${CSS.escape(spotted.dataset.listId)}"]`
    : `[data-testid="${CSS.escape(spotted.dataset.testid ?? '')}"]`;
  const nth = [...document.querySelectorAll(selector)].indexOf(spotted);
  return { selector, nth: Math.max(0, nth) };
}

/** Notes how the page stands before a view opens from it; `backKey` names the route that leads back here. */
export function capture(backKey: string): void {
  // The store also runs where there is no page (its unit tests, under Node): nothing to note there.
  if (typeof document === 'undefined') return;
  const focused = document.activeElement;
  const tables = new Map<string, TableStand>();
  let inTable = false;
  for (const [key, table] of shown) {
    const here = focused !== null && table.element.contains(focused);
    inTable ||= here;
    tables.set(key, { ...table.stand(), focus: here });
  }
  // Opened from outside the table (the preview's button, the palette's «Открыть»): the one table shown is where
  // the analyst was.
  if (!inTable && tables.size === 1 && (focused === null || focused === document.body || focused.closest('[role="dialog"], .tp') !== null)) {
    for (const stand of tables.values()) stand.focus = true;
    inTable = true;
  }
  const focus = !inTable && focused !== null && focused !== document.body ? focusSpotOf(focused) : null;
  points.set(backKey, { tables, focus });
}

/** Going back to the route `backKey` names: its note waits for the view to be drawn. */
export function arrive(backKey: string): void {
  arriving = points.get(backKey) ?? null;
}

/** Any other navigation: nothing is being returned to. */
export function leave(): void {
  arriving = null;
}

/** The page is coming back to a route: its table or element takes the focus it had, nothing else should. */
export function returning(): boolean {
  return arriving !== null;
}

/** A table being drawn takes how it stood, once, when the page is coming back to it. */
export function claimTable(key: string): TableStand | undefined {
  const stand = arriving?.tables.get(key);
  if (stand) arriving?.tables.delete(key);
  return stand;
}

/**
 * The element that had the focus outside a table, when the page is coming back to it: answers it once it is
 * drawn (a list's items arrive after the view), or null when there is none to wait for.
 */
export function claimFocusSpot(): FocusSpot | null {
  const spot = arriving?.focus ?? null;
  if (arriving) arriving.focus = null;
  return spot;
}

export function findSpot(spot: FocusSpot): HTMLElement | null {
  return (document.querySelectorAll<HTMLElement>(spot.selector)[spot.nth] ?? null);
}
