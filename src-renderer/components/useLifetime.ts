/**
 * How long a passing notice stays (a toast stayed ten minutes over the table's cells). A notice with a
 * lifetime closes by itself once it has been on screen that long; the countdown stands still while the pointer is
 * over the notice or the focus is inside it (someone is reading or about to press it) and goes on from where it
 * stood. A notice without one (null) stays until acted on or dismissed. Escape dismisses notices: see
 * `useEscapeDismiss`.
 */
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react';

/** How long each kind of notice stays, in ms: news shortly, what matters longer, a failure longest. */
export const NOTICE_LIFETIME_MS = {
  /** A passing fact (a search got news, a run finished, what an opening cost). */
  info: 8_000,
  /** Something to act on soon (a deadline a day away, a marked tender changed). */
  important: 15_000,
  /** A run that stopped short or failed: longer, so it is read, but it does not cover the view for good. */
  error: 30_000,
} as const;

export type LifetimeHandlers = {
  onMouseEnter(e: MouseEvent): void;
  onMouseLeave(e: MouseEvent): void;
  onFocus(e: FocusEvent): void;
  onBlur(e: FocusEvent): void;
};

/** Calls `onExpire` once the notice has been shown for `ms` unhovered and unfocused (never when `ms` is null). */
export function useLifetime(ms: number | null, onExpire: () => void): LifetimeHandlers {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const left = useRef(ms ?? 0);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const running = ms !== null && !hovered && !focused;

  useEffect(() => {
    left.current = ms ?? 0;
  }, [ms]);

  useEffect(() => {
    if (!running) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => expire.current(), Math.max(0, left.current));
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [running]);

  return {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    // Focus moving between the notice's own buttons is still inside it.
    onBlur: (e) => {
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocused(false);
    },
  };
}

/** The notices Escape can dismiss, the newest last: one Escape dismisses one, the newest shown. */
const dismissers: { current: () => void }[] = [];

function onEscape(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  // A dialog closes itself first; a popup that answered marked the event.
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
  const newest = dismissers.at(-1);
  if (!newest) return;
  e.preventDefault();
  newest.current();
}

/**
 * Escape dismisses the newest notice on screen while `active`, unless something nearer the user took it: a dialog
 * open (it closes itself), or a popup that already answered (`defaultPrevented`). Listened to on the window, after
 * the page's own handlers.
 */
export function useEscapeDismiss(active: boolean, dismiss: () => void): void {
  const latest = useRef(dismiss);
  latest.current = dismiss;
  useEffect(() => {
    if (!active) return undefined;
    const entry = { current: () => latest.current() };
    dismissers.push(entry);
    if (dismissers.length === 1) window.addEventListener('keydown', onEscape);
    return () => {
      dismissers.splice(dismissers.indexOf(entry), 1);
      if (dismissers.length === 0) window.removeEventListener('keydown', onEscape);
    };
  }, [active]);
}

/** A notice Escape would dismiss is shown: Escape is its, before it goes back from a card. */
export function noticeTakesEscape(): boolean {
  return dismissers.length > 0;
}
