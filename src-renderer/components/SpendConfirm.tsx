/**
 * Asking before a paid run: the previewed cost, what is already held, the threshold from the
 * settings, and — for a search narrowed by its status alone — the count in words («11 986 закупок ≈ 11 986 ед.»). The
 * answer is the amount consented to; the core starts the run only with it and previews again itself, so this
 * dialog informs the choice and cannot be skipped by another caller.
 *
 * `useSpendConfirm()` gives `ask(estimate)`, a promise of the consented amount (null: cancelled), and the
 * dialog to render.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { SpendEstimate } from '../../src-main/contract/ipc';
import { count, NOUNS, useLocale, useStrings, type Strings } from '../i18n/i18n';
import { formatInt } from '../format/format';
import { Dialog } from './Dialog';
import { capShortfallText } from './spendShortfall';
import { parseUnitsInput, typedAmount } from './amountInput';

export type SpendAskOptions = {
  /** What is paid for: a search, a saved search's sync, an earlier-generation filter's new tenders, a contract set, a list's members. */
  kind: 'search' | 'sync' | 'earlier' | 'contracts' | 'list';
  /**
   * A search narrowed by its status alone (criteriaSummary's `onlyStatus`: the status words, «подача заявок»):
   * every such tender the server has. The status is a condition: never «no conditions» while one is checked.
   */
  onlyStatus?: string | null;
  /** Ask even below the threshold (the earlier generation's «Загрузить новые…» always shows its estimate). */
  always?: boolean;
};

const strings: Strings<{
  title: string;
  titleEarlier: string;
  onlyStatus: (status: string) => string;
  everything: (tenders: string, units: string) => string;
  found: (tenders: string) => string;
  held: (tenders: string) => string;
  costUpTo: (units: string) => string;
  costUnknown: string;
  above: (units: string) => string;
  below: string;
  earlierNote: string;
  /** `upTo`: the most of this load's tenders the account may hold through the current generation (a number). */
  heldInCurrent: (upTo: string) => string;
  amount: string;
  amountInvalid: string;
  cancel: string;
  confirm: (units: string) => string;
  confirmFree: string;
}> = {
  ru: {
    title: 'Подтвердите расход',
    titleEarlier: 'Загрузить новые закупки фильтра',
    onlyStatus: (status) => `Задан только статус «${status}»: будут загружены все такие закупки, какие есть на сервере.`,
    everything: (tenders, units) => `${tenders} ≈ ${units}`,
    found: (tenders) => `Найдено: ${tenders}.`,
    held: (tenders) => `Уже получено: ${tenders} — за них повторно не спишется.`,
    costUpTo: (units) => `Загрузка спишет не больше ${units}`,
    costUnknown: 'Стоимость заранее неизвестна: укажите, сколько можно списать.',
    above: (units) => `Это больше порога подтверждения (${units}, меняется в настройках).`,
    below: 'Оценка: всего закупок фильтра по последнему ответу сервера минус уже полученные.',
    earlierNote: 'Прежнее поколение API списывает по 1 ед. за каждую закупку, которую этот аккаунт получает в нём впервые.',
    heldInCurrent: (upTo) =>
      `Из закупок этой загрузки аккаунт мог уже получить через текущее поколение API не больше ${upTo}: какие именно, станет известно только после загрузки (условия фильтра не видны). Прежнее поколение списывает свои загрузки отдельно, такие закупки будут оплачены ещё раз.`,
    amount: 'Списать не больше, ед.',
    amountInvalid: 'Целое число единиц, больше 0',
    cancel: 'Отмена',
    confirm: (units) => `Загрузить за ${units}`,
    confirmFree: 'Загрузить',
  },
  en: {
    title: 'Confirm the spend',
    titleEarlier: "Load the filter's new tenders",
    onlyStatus: (status) => `Only the status «${status}» is set: every such tender the server has will be loaded.`,
    everything: (tenders, units) => `${tenders} ≈ ${units}`,
    found: (tenders) => `Found: ${tenders}.`,
    held: (tenders) => `Already received: ${tenders} — not charged again.`,
    costUpTo: (units) => `Loading charges at most ${units}.`,
    costUnknown: 'The cost is not known in advance: say how much may be charged.',
    above: (units) => `That is above the confirmation threshold (${units}, set in the settings).`,
    below: "The estimate: the filter's tenders by the server's last answer minus those already received.",
    earlierNote: 'The earlier API generation charges 1 unit for each tender this account receives there for the first time.',
    heldInCurrent: (upTo) =>
      `Up to ${upTo} of this load's tenders may already have been received by this account through the current API generation; which ones is known only after the load (the filter's conditions are not shown). The earlier generation bills its own deliveries: those are paid for again.`,
    amount: 'Charge at most, units',
    amountInvalid: 'A whole number of units, above 0',
    cancel: 'Cancel',
    confirm: (units) => `Load for ${units}`,
    confirmFree: 'Load',
  },
};

export function useSpendConfirm(): { ask(estimate: SpendEstimate, options: SpendAskOptions): Promise<number | null>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ estimate: SpendEstimate; options: SpendAskOptions } | null>(null);
  const resolver = useRef<((value: number | null) => void) | null>(null);
  const ask = useCallback((estimate: SpendEstimate, options: SpendAskOptions) => {
    resolver.current?.(null);
    return new Promise<number | null>((resolve) => {
      resolver.current = resolve;
      setPending({ estimate, options });
    });
  }, []);
  const answer = (value: number | null): void => {
    resolver.current?.(value);
    resolver.current = null;
    setPending(null);
  };
  const dialog = pending ? <SpendConfirm estimate={pending.estimate} options={pending.options} onAnswer={answer} /> : null;
  return { ask, dialog };
}

function SpendConfirm({ estimate, options, onAnswer }: { estimate: SpendEstimate; options: SpendAskOptions; onAnswer(value: number | null): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const units = (n: number): string => `${formatInt(n, locale)} ${locale === 'en' ? 'units' : 'ед.'}`;
  // A contract set counts contracts; every other run counts tenders.
  const tenders = (n: number): string => count(n, options.kind === 'contracts' ? NOUNS.contract : NOUNS.tender, locale);
  const typedUnits = parseUnitsInput(amount);
  const typed = typeof typedUnits === 'number' && typedUnits > 0 && typedUnits < 1e10 ? typedUnits : null;
  const consent = estimate.bound ?? typed;
  // The cap stops the run before the set ends: say so, with how many stay out and how to get them.
  const shortfall = capShortfallText(estimate, options.kind === 'contracts', locale);
  return (
    <Dialog title={options.kind === 'earlier' ? s.titleEarlier : s.title} onClose={() => onAnswer(null)} testId="spend-confirm">
      <div className="dialog__body spend-confirm" data-bound={estimate.bound ?? ''} data-total={estimate.total ?? ''} data-held={estimate.held}>
        {options.onlyStatus && estimate.total !== null ? (
          <>
            <p data-testid="spend-confirm-only-status">{s.onlyStatus(options.onlyStatus)}</p>
            <p className="spend-confirm__everything" data-testid="spend-confirm-everything">
              <strong>{s.everything(tenders(estimate.total), units(estimate.bound ?? estimate.total))}</strong>
            </p>
          </>
        ) : (
          estimate.total !== null && <p data-testid="spend-confirm-found">{s.found(tenders(estimate.total))}</p>
        )}
        {estimate.held > 0 && <p data-testid="spend-confirm-held">{s.held(tenders(estimate.held))}</p>}
        {options.kind === 'earlier' && <p className="muted">{s.earlierNote}</p>}
        {typeof estimate.heldInCurrent === 'number' && estimate.heldInCurrent > 0 && (
          <p className="notice notice--warn" data-testid="spend-confirm-held-in-current">
            {s.heldInCurrent(formatInt(estimate.heldInCurrent, locale))}
          </p>
        )}
        {estimate.bound !== null && (
          <p data-testid="spend-confirm-cost">
            <strong>{s.costUpTo(units(estimate.bound))}</strong> {estimate.needsConfirm ? s.above(units(estimate.confirmAbove)) : options.kind === 'earlier' ? s.below : ''}
          </p>
        )}
        {shortfall !== null && (
          <p className="notice notice--warn" data-testid="spend-confirm-shortfall">
            {shortfall}
          </p>
        )}
        {estimate.bound === null && (
          <label className="field">
            <span>{s.costUnknown}</span>
            <span className="field__label">{s.amount}</span>
            <input inputMode="numeric" value={amount} onChange={(e) => setAmount(typedAmount(e.currentTarget))} data-testid="spend-confirm-amount" aria-invalid={amount !== '' && typed === null} />
            {amount !== '' && typed === null ? <span className="field__error">{s.amountInvalid}</span> : null}
          </label>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" onClick={() => onAnswer(null)} data-testid="spend-confirm-cancel">
          {s.cancel}
        </button>
        <button type="button" className="btn--primary" disabled={consent === null} onClick={() => consent !== null && onAnswer(consent)} data-testid="spend-confirm-ok">
          {consent === null || consent === 0 ? s.confirmFree : s.confirm(units(consent))}
        </button>
      </div>
    </Dialog>
  );
}

const lineStrings: Strings<{ estimate: (units: string, total: string, held: string) => string; unknown: (held: string) => string }> = {
  ru: {
    estimate: (units, total, held) => `Оценка: до ${units} (всего ${total}, уже получено ${held}).`,
    unknown: (held) => `Оценка появится после первой загрузки (уже получено ${held}); до тех пор загрузку ограничивает лимит.`,
  },
  en: {
    estimate: (units, total, held) => `Estimate: up to ${units} (${total} in all, ${held} already received).`,
    unknown: (held) => `The estimate appears after the first load (${held} already received); until then the cap bounds the load.`,
  },
};

/** The estimate of a load shown before it pays (the earlier generation's «Загрузить новые…»). */
export function SpendEstimateLine({ estimate }: { estimate: SpendEstimate }) {
  const s = useStrings(lineStrings);
  const locale = useLocale();
  const units = (n: number): string => `${formatInt(n, locale)} ${locale === 'en' ? 'units' : 'ед.'}`;
  const tenders = (n: number): string => count(n, NOUNS.tender, locale);
  const twin = useStrings(strings);
  return (
    <>
      <p className="muted" data-testid="spend-estimate" data-estimate={estimate.estimate ?? ''} data-bound={estimate.bound ?? ''}>
        {estimate.estimate !== null && estimate.total !== null ? s.estimate(units(estimate.estimate), tenders(estimate.total), tenders(estimate.held)) : s.unknown(tenders(estimate.held))}
      </p>
      {typeof estimate.heldInCurrent === 'number' && estimate.heldInCurrent > 0 && (
        <p className="notice notice--warn" data-testid="spend-estimate-held-in-current" data-count={estimate.heldInCurrent}>
          {twin.heldInCurrent(formatInt(estimate.heldInCurrent, locale))}
        </p>
      )}
    </>
  );
}
