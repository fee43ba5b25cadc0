/**
 * Settings: the interface language (kept by the core, app.setLocale).
 */
import { useState } from 'react';
import type { Locale } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { setLocale, useLocale } from '../../i18n/i18n';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { S } from './settingsStrings';

export function LanguageSection({ s }: { s: S }) {
  const locale = useLocale();
  const [error, setError] = useState<unknown>(null);
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
      <ErrorNotice error={error} testId="language-error" />
    </section>
  );
}
