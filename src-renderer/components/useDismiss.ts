/**
 * How every popup of the app closes: Escape (wherever the focus is inside the page, not only in the popup's
 * own text field) and a press outside the popup and its button. Focus goes back to the button after Escape,
 * so the keyboard user is where they started.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDismiss(open: boolean, inside: readonly RefObject<HTMLElement | null>[], onClose: () => void, returnFocus?: RefObject<HTMLElement | null>): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const insideRef = useRef(inside);
  insideRef.current = inside;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onCloseRef.current();
      returnFocus?.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (insideRef.current.some((r) => r.current?.contains(target))) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, returnFocus]);
}
