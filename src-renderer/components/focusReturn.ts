/**
 * "Focus is always visible, and it is never lost after a dialog closes": where the focus goes when the element
 * that had it is gone. A dialog remembers its opener (the element and how to find it again: returnPoint's spot)
 * and gives the focus back to it, or, when the opener stays disabled (a run's button while the run goes), to the
 * view's table; a view drawn by navigation (the palette, a card opened from a row) takes the focus on its main
 * element, as nothing else holds it there. Plain DOM, no React: Dialog and the frame (App) both use it.
 */
import { findSpot, focusSpotOf, type FocusSpot } from '../state/returnPoint';

/** The last element that got the focus: a button disabled by its own click drops the focus to <body> first. */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
  });
}

export function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** An element that can take the focus now: on the page, shown, not disabled, focusable at all (not a plain box). */
export function canFocus(el: Element | null): boolean {
  return el instanceof HTMLElement && el.isConnected && !el.matches(':disabled') && (el.tabIndex >= 0 || el.hasAttribute('tabindex')) && el.getClientRects().length > 0;
}

/**
 * A table's row that is its Tab stop (the active row), or its first row; only a row whose tender has arrived
 * (`data-key`): a placeholder is drawn anew when it does, and the focus would go with it.
 */
function tableRow(root: ParentNode): HTMLElement | null {
  const grid = root.querySelector('[role="grid"]');
  if (!grid) return null;
  return grid.querySelector<HTMLElement>('[role="row"][tabindex="0"][data-key]') ?? grid.querySelector<HTMLElement>('[role="row"][tabindex][data-key]');
}

/**
 * The view's main element: its heading (made focusable, not a Tab stop) or its first table; `prefer` says which
 * is tried first. Null while the view has not drawn either.
 */
export function viewTarget(root: ParentNode, prefer: 'heading' | 'table'): HTMLElement | null {
  const heading = (): HTMLElement | null => {
    const h = root.querySelector<HTMLElement>('h1, h2');
    if (h && !h.hasAttribute('tabindex')) h.tabIndex = -1;
    return h;
  };
  return prefer === 'table' ? (tableRow(root) ?? heading()) : (heading() ?? tableRow(root));
}

/**
 * Runs `attempt` (which focuses an element and answers it, or null) now and again as `root` changes, while the
 * focus is lost or on what it placed (a table drawn anew as its rows arrive takes the placed row with it); stops
 * once the analyst has moved the focus elsewhere. The returned function stops it (a view going away).
 */
export function whileLost(root: Node, attempt: () => HTMLElement | null): () => void {
  if (!focusLost()) return () => undefined;
  // Focus given anywhere else, by the analyst or by another part of the page (a dialog opened since, putting it on
  // its first field), ends the watch at once: a watch left over from a dialog closed earlier would otherwise take
  // the focus back out of the next dialog when that one's content replaces its focused field.
  let placing = false;
  const place = (): HTMLElement | null => {
    placing = true;
    try {
      return attempt();
    } finally {
      placing = false;
    }
  };
  let placed = place();
  const onFocusIn = (e: FocusEvent): void => {
    if (!placing && e.target !== placed) stop();
  };
  const observer = new MutationObserver(() => {
    if (focusLost()) placed = place() ?? placed;
    else if (document.activeElement !== placed) stop();
  });
  const stop = (): void => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn, true);
  };
  document.addEventListener('focusin', onFocusIn, true);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'tabindex'] });
  return stop;
}

/** The element a dialog opening now was opened from: the focused one, or the button whose click disabled it. */
export function openerNow(dialog: HTMLElement): { element: HTMLElement; spot: FocusSpot | null } | null {
  const active = document.activeElement;
  const element = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  if (!element || !element.isConnected || dialog.contains(element)) return null;
  return { element, spot: focusSpotOf(element) };
}

/**
 * After a dialog closed with the focus lost: back to the opener; when it was drawn again (a card read again after
 * «Отметить…»), to its new self; while it is disabled or gone with what it started, to the view's table. Waits
 * while neither is drawn yet.
 */
export function returnFocus(opener: { element: HTMLElement; spot: FocusSpot | null }, root: Node): () => void {
  // An opener disabled by what it started (a run's «Найти» while the run goes, replaced by its stop button): the
  // view's table takes the focus once there is one. Any other opener is waited for (drawn anew).
  const busy = opener.element.matches(':disabled');
  return whileLost(root, () => {
    const again = canFocus(opener.element) ? opener.element : opener.spot ? findSpot(opener.spot) : null;
    const target = again !== null && canFocus(again) ? again : busy || again?.isConnected ? tableRow(document.querySelector('.frame__main') ?? document) : null;
    target?.focus();
    return target;
  });
}
