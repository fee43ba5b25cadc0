/**
 * Light or dark: the page follows the OS setting (`prefers-color-scheme`) unless the user chose one
 * in Settings. The choice is kept by the core (`ui.theme`, `ui.setTheme`), one copy for the desktop window and
 * browser mode alike: the page's storage belongs to an origin, and browser mode's changes with the port of every
 * `npm run web`. The page's storage stays as the first paint's copy (read before the core answers, so the page
 * does not flash light); the core's copy wins once it has arrived. The resolved theme is `<html data-theme>`,
 * which the dark rules (derived at build time, scripts/dark-theme/derive.ts) apply under.
 */
import type { ThemeChoice } from '../../src-main/contract/settingsShapes';

export type { ThemeChoice };
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'tenderwb.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, osPrefersDark: boolean): Theme {
  if (choice === 'system') return osPrefersDark ? 'dark' : 'light';
  return choice;
}

/** The page's copy of the choice (the first paint's). */
function storedChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function store(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (a private window): the core's copy still holds it.
  }
}

let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  current ??= storedChoice();
  return current;
}

/** For useSyncExternalStore: Settings' select follows the core's copy when it arrives. */
export function subscribeThemeChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function apply(choice: ThemeChoice): void {
  const dark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
  document.documentElement.dataset.theme = resolveTheme(choice, dark);
}

function use(choice: ThemeChoice): void {
  current = choice;
  store(choice);
  apply(choice);
  for (const l of listeners) l();
}

/** The user's choice: applied now, kept by the core (the page's copy too, for the next first paint). */
export function setThemeChoice(choice: ThemeChoice, save: (choice: ThemeChoice) => Promise<unknown>): Promise<unknown> {
  use(choice);
  return save(choice);
}

/**
 * Applies the page's copy now and again whenever the OS setting changes (for «as in the system»); `load` reads
 * the core's copy, which wins when it differs (another origin's page chose it). Unreadable: the page's copy stays.
 */
export function startTheme(load: () => Promise<ThemeChoice>): void {
  apply(readThemeChoice());
  if (typeof window.matchMedia === 'function') window.matchMedia(DARK_QUERY).addEventListener('change', () => apply(readThemeChoice()));
  load().then(
    (choice) => {
      if (choice !== current) use(choice);
    },
    () => undefined,
  );
}
