/**
 * The money section of the settings: the confirmation threshold, the default cap of a run and the
 * daily budget, with what was spent today. The core enforces them (src-main/app/spendGuard.ts); this form only
 * edits them, and the core validates what it is given.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge/client';
import { spendingSettingsSchema, type SpendingSettings } from '../../../src-main/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SettingsSection } from './SettingsSection';
import { formatDate, formatInt, groupAmountInput } from '../../format/format';
import { parseUnitsInput, typedAmount } from '../../components/amountInput';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { useSpending } from './useSettingsData';

const strings: Strings<{
  title: string;
  intro: string;
  confirmAbove: string;
  confirmAboveHint: string;
  runCap: string;
  runCapHint: string;
  dailyBudget: string;
  dailyBudgetHint: string;
  spentToday: (units: string, day: string) => string;
  save: string;
  saved: string;
  invalid: string;
}> = {
  ru: {
    title: 'Расходы',
    intro: 'Эти ограничения соблюдает ядро приложения для поисков, синхронизаций и загрузок обоих поколений API, в приложении и в командной строке.',
    confirmAbove: 'Спрашивать подтверждение, если оценка больше, ед.',
    confirmAboveHint: '0 — спрашивать перед каждой платной загрузкой.',
    runCap: 'Предел одного запуска по умолчанию, ед.',
    runCapHint: 'Для запуска без своего лимита. Пусто — без предела.',
    dailyBudget: 'Дневной бюджет, ед.',
    dailyBudgetHint: 'Все загрузки за день по московскому времени. Пусто — без бюджета.',
    spentToday: (units, day) => `Сегодня (${day}, МСК) списано: ${units} ед.`,
    save: 'Сохранить',
    saved: 'Сохранено.',
    invalid: 'Целое число единиц',
  },
  en: {
    title: 'Spending',
    intro: "The app's core enforces these limits for searches, syncs and loads of both API generations, in the app and in the command line.",
    confirmAbove: 'Ask for confirmation when the estimate is above, units',
    confirmAboveHint: '0 — ask before every paid load.',
    runCap: 'Default cap of one run, units',
    runCapHint: 'For a run without its own cap. Empty — no cap.',
    dailyBudget: 'Daily budget, units',
    dailyBudgetHint: 'All loads of a day, Moscow time. Empty — no budget.',
    spentToday: (units, day) => `Spent today (${day}, Moscow): ${units} units`,
    save: 'Save',
    saved: 'Saved.',
    invalid: 'A whole number of units',
  },
};

/** A limit as its field shows it: grouped as if typed, empty for none. */
const text = (n: number | null): string => (n === null ? '' : groupAmountInput(String(n)));
/**
 * A field as typed → its value: '' is null (no limit), digits (grouped or not) a whole number; whether the value
 * is allowed (null, the range) is the contract's rule (`spendingSettingsSchema`), else 'invalid'.
 */
function parseUnits(value: string, key: keyof SpendingSettings): number | null | 'invalid' {
  const n = parseUnitsInput(value);
  return n !== 'invalid' && spendingSettingsSchema.shape[key].safeParse(n).success ? n : 'invalid';
}

export function MoneySection() {
  const s = useStrings(strings);
  const locale = useLocale();
  const spending = useSpending();
  const state = spending.data;
  const { error, fail: setError } = spending;
  const [form, setForm] = useState({ confirmAbove: '', runCap: '', dailyBudget: '' });
  const [saved, setSaved] = useState(false);

  // The form shows what the core answered when it is read (the profile changes), not after a save.
  useEffect(() => {
    if (state) setForm({ confirmAbove: text(state.confirmAbove), runCap: text(state.runCap), dailyBudget: text(state.dailyBudget) });
  }, [spending.answers]);

  const parsed = { confirmAbove: parseUnits(form.confirmAbove, 'confirmAbove'), runCap: parseUnits(form.runCap, 'runCap'), dailyBudget: parseUnits(form.dailyBudget, 'dailyBudget') };
  const invalid = Object.values(parsed).some((v) => v === 'invalid');
  const field = (key: keyof typeof form, label: string, hint: string) => (
    <label className={`field${parsed[key] === 'invalid' ? ' field--invalid' : ''}`}>
      <span className="field__label">{label}</span>
      <input
        inputMode="numeric"
        value={form[key]}
        data-testid={`spending-${key}`}
        aria-invalid={parsed[key] === 'invalid' || undefined}
        onChange={(e) => {
          setSaved(false);
          setForm({ ...form, [key]: typedAmount(e.currentTarget) });
        }}
      />
      {parsed[key] === 'invalid' ? <span className="field__error">{s.invalid}</span> : <span className="field__hint">{hint}</span>}
    </label>
  );

  return (
    <SettingsSection id="money" title={s.title} intro={s.intro}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          setError(null);
          call('spending.set', {
            confirmAbove: parsed.confirmAbove as number,
            runCap: parsed.runCap as number | null,
            dailyBudget: parsed.dailyBudget as number | null,
          }).then(
            (r) => {
              spending.set(r);
              setSaved(true);
            },
            (err: unknown) => setError(err),
          );
        }}
      >
        {/* Side by side with room for their labels and hints, not squeezed into one narrow column. */}
        <div className="settings__grid settings__money">
          {field('confirmAbove', s.confirmAbove, s.confirmAboveHint)}
          {field('runCap', s.runCap, s.runCapHint)}
          {field('dailyBudget', s.dailyBudget, s.dailyBudgetHint)}
        </div>
        <button type="submit" className="btn--primary" disabled={invalid} data-testid="spending-save">
          {s.save}
        </button>{' '}
        {saved && (
          <span role="status" data-testid="spending-saved">
            {s.saved}
          </span>
        )}
      </form>
      {state && (
        <p data-testid="spending-today" data-units={state.spentToday}>
          {s.spentToday(formatInt(state.spentToday, locale), formatDate(state.day, locale))}
        </p>
      )}
      <ErrorNotice error={error} testId="spending-error" />
    </SettingsSection>
  );
}
