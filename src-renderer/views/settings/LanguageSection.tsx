/**
 * Settings: the interface language (kept by the core, app.setLocale) and the theme (light, dark or as the OS
 * says; kept by the core too, state/theme.ts).
 */
import { useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { setLocale, useLocale } from '../../i18n/i18n';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { S } from './settingsStrings';
import { readThemeChoice, setThemeChoice, subscribeThemeChoice, type ThemeChoice } from '../../state/theme';

export function LanguageSection({ s }: { s: S }) {
  const locale = useLocale();
  const [error, setError] = useState<unknown>(null);
  const theme = useSyncExternalStore(subscribeThemeChoice, readThemeChoice);
  return (
    <section className="settings__section" aria-labelledby="settings-language" data-testid="settings-language">
      <h2 id="settings-language">{s.language}</h2>
      <label className="field field--narrow">
        <span className="field__label">{s.languageLabel}</span>
        <select
          value={locale}
          data-testid="language"
          onChange={(e) => {
            const next: Locale = e.target.value === 'en' ? 'en' : 'ru';
            setError(null);
            call('app.setLocale', { locale: next }).then(
              (r) => setLocale(r.locale),
              (err: unknown) => setError(err),
            );
          }}
        >
          <option value="ru">Русский</option>
          <option value="en">English</option>
        </select>
      </label>
      <label className="field field--narrow">
        <span className="field__label">{s.themeLabel}</span>
        <select
          value={theme}
          data-testid="theme"
          onChange={(e) => {
            const next: ThemeChoice = e.target.value === 'light' || e.target.value === 'dark' ? e.target.value : 'system';
            setError(null);
            setThemeChoice(next, (theme) => call('ui.setTheme', { theme })).catch((err: unknown) => setError(err));
          }}
        >
          <option value="system">{s.themeSystem}</option>
          <option value="light">{s.themeLight}</option>
          <option value="dark">{s.themeDark}</option>
        </select>
      </label>
      <ErrorNotice error={error} testId="language-error" />
    </section>
  );
}
