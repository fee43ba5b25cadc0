/**
 * Where tables' column layouts are remembered: the core's settings (`ui.columnLayouts`, `ui.setColumnLayout`),
 * one copy for the desktop window and browser mode alike. The page's localStorage is not enough: it belongs to
 * an origin, and browser mode's origin changes with the port of every `npm run web`. localStorage stays as the
 * first paint's copy (read synchronously), the core's copy wins once it has arrived.
 */
import type { StoredColumnLayout } from '../../src-main/contract/ipc';
import { call } from '../bridge/client';

let held: Map<string, StoredColumnLayout> | null = null;
let loading: Promise<void> | null = null;

/** The core's copy of a table's layout: undefined while not read yet (or none kept), null when none is kept. */
export function coreLayout(table: string): StoredColumnLayout | null | undefined {
  if (held === null) return undefined;
  return held.get(table) ?? null;
}

/** Reads every table's layout from the core once per page; resolves when they are there (or unreadable). */
export function loadCoreLayouts(): Promise<void> {
  loading ??= call('ui.columnLayouts', {}).then(
    (layouts) => {
      held = new Map(Object.entries(layouts));
    },
    () => {
      // Not readable now (the core is restarting): tables keep the page's copy; the next page load asks again.
      held = new Map();
    },
  );
  return loading;
}

/** Keeps a table's layout in the core (fire and forget: a layout not kept is still applied). */
export function saveCoreLayout(table: string, layout: StoredColumnLayout): void {
  held?.set(table, layout);
  call('ui.setColumnLayout', { table, layout }).catch(() => undefined);
}
