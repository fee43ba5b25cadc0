/**
 * Who can do a registry action right now. A component that can (a tender table: open, next row, add to list;
 * an export button: export) provides it while it is shown; the newest provider wins, and when it goes the one
 * before it is back (a card's "add to list" over the table it was opened from). The palette offers only
 * actions someone provides; a shortcut nobody provides does nothing.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ActionId } from './registry';

type Handler = () => void;

const providers = new Map<ActionId, Handler[]>();
/** Bumped whenever a provider comes or goes, so an open palette follows what can be done (a table that loads). */
let version = 0;
const listeners = new Set<() => void>();
function changed(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

/** Provides an action until the returned function is called. */
export function provideAction(id: ActionId, handler: Handler): () => void {
  const stack = providers.get(id) ?? [];
  stack.push(handler);
  providers.set(id, stack);
  changed();
  return () => {
    const at = stack.lastIndexOf(handler);
    if (at >= 0) stack.splice(at, 1);
    changed();
  };
}

export function isProvided(id: ActionId): boolean {
  return (providers.get(id)?.length ?? 0) > 0;
}

/** Runs the action's newest provider; false when nobody provides it. */
export function runAction(id: ActionId): boolean {
  const stack = providers.get(id);
  const handler = stack?.[stack.length - 1];
  if (!handler) return false;
  handler();
  return true;
}

/** Provides the action while the component is mounted and `enabled` (the latest `handler` runs). */
export function useProvideAction(id: ActionId, handler: Handler, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return undefined;
    return provideAction(id, () => ref.current());
  }, [id, enabled]);
}

/** Calls `listener` whenever a provider comes or goes, until the returned function is called. */
export function onProvidersChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the set of provided actions does (a React subscription to it). */
export function useProvidedVersion(): number {
  return useSyncExternalStore(onProvidersChanged, () => version);
}
