/**
 * Where a popup that opens under a button goes so that it stays inside the window: under the button and
 * aligned to its left edge when it fits; moved left when it would run past the right edge; above the button
 * when there is more room there than below; and never taller than the room it has (its list scrolls instead).
 * The popup is drawn `position: fixed` at the answer, so a scrolled or clipped parent cannot cut it off.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top: number;
  /** The most height the popup may take where it is placed. */
  maxHeight: number;
  above: boolean;
}

/** Distance kept from the window's edges and from the button. */
const MARGIN = 8;
const GAP = 2;

export function placePopup(anchor: Rect, popup: { width: number; height: number }, viewport: { width: number; height: number }): Placement {
  const width = Math.min(popup.width, viewport.width - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(anchor.left, viewport.width - MARGIN - width));
  const below = viewport.height - MARGIN - (anchor.bottom + GAP);
  const aboveRoom = anchor.top - GAP - MARGIN;
  const above = popup.height > below && aboveRoom > below;
  const maxHeight = Math.max(0, above ? aboveRoom : below);
  const height = Math.min(popup.height, maxHeight);
  const top = above ? anchor.top - GAP - height : anchor.bottom + GAP;
  return { left, top, maxHeight, above };
}

/**
 * Places the popup `popupRef` next to `anchorRef` while `open`, again when the window is resized, anything
 * scrolls or the owner renders. Answers the style for the popup (null before the first measurement: drawn hidden, then placed).
 */
export function usePopupPlacement(open: boolean, anchorRef: RefObject<HTMLElement | null>, popupRef: RefObject<HTMLElement | null>): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const measure = useCallback(() => {
    const anchor = anchorRef.current;
    const popup = popupRef.current;
    if (!anchor || !popup) return;
    const a = anchor.getBoundingClientRect();
    // The popup's natural size: its own width and the height its content asks for.
    const next = placePopup(a, { width: popup.offsetWidth, height: popup.scrollHeight }, { width: window.innerWidth, height: window.innerHeight });
    setPlacement((cur) => (cur && cur.left === next.left && cur.top === next.top && cur.maxHeight === next.maxHeight && cur.above === next.above ? cur : next));
  }, [anchorRef, popupRef]);
  // Whatever the owner renders may move the anchor (chosen chips appear above it): placed again after every
  // render while open (cheap: state changes only when the place does).
  useLayoutEffect(() => {
    if (open) measure();
  });
  useLayoutEffect(() => {
    if (!open) {
      setPlacement(null);
      return;
    }
    measure();
    window.addEventListener('resize', measure);
    document.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      document.removeEventListener('scroll', measure, true);
    };
  }, [open, measure]);
  return placement;
}
