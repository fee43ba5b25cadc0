/**
 * Light or dark: the page follows the OS setting (`prefers-color-scheme`) unless the user chose one
 * in Settings. The choice lives in the window's storage: it is a matter of this screen, not of the data, and
 * the first paint must know it before the core answers. The resolved theme is `<html data-theme>`, which the
 * dark rules (derived at build time, scripts/dark-theme/derive.ts) apply under.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'tenderwb.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, osPrefersDark: boolean): Theme {
  if (choice === 'system') return osPrefersDark ? 'dark' : 'light';
  return choice;
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function apply(choice: ThemeChoice): void {
  const dark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
  document.documentElement.dataset.theme = resolveTheme(choice, dark);
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
  apply(choice);
}

/** Applies the theme now and again whenever the OS setting changes (for «as in the system»). */
export function startTheme(): void {
  apply(readThemeChoice());
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => apply(readThemeChoice()));
}
