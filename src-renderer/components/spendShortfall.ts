/**
 * When a run stops short of the set (an analyst's trial: «Найдено: 1 034 закупки», «спишет не больше 1 000 ед.»,
 * then «в кэше: 1 001 из 1 034» with no reason): before the run, how many of the set's tenders the cap leaves
 * out and how to get them; after it, why the last run of a saved search ended short, said beside its counts.
 * Pure, so both the consent dialog and the saved search view say the same words.
 */
import type { SpendEstimate, SyncJob } from '../../src-main/contract/ipc';
import { count, NOUNS, pick, type Strings } from '../i18n/i18n';
import { formatInt } from '../format/format';
import type { Locale } from '../../src-main/i18n/text';

/** Units of the estimate the run's bound leaves out (one unit a tender), or null when the run covers it all. */
function capShortfall(estimate: SpendEstimate): number | null {
  if (estimate.estimate === null || estimate.bound === null || estimate.estimate <= estimate.bound) return null;
  return estimate.estimate - estimate.bound;
}

const strings: Strings<{
  capped: (bound: string, left: string) => string;
  stoppedAtCap: string;
  stoppedBalance: string;
  stoppedCancelled: string;
  stoppedFailed: string;
}> = {
  ru: {
    capped: (bound, left) =>
      `Загрузка остановится на пределе ${bound}; незагруженными останутся примерно: ${left}. Чтобы получить все, увеличьте предел расходов на запуск (и дневной бюджет) в настройках, раздел «Расходы», и запустите снова — уже оплаченное повторно не спишется.`,
    stoppedAtCap: 'последний запуск остановлен на пределе расходов: запустите снова (или увеличьте предел в настройках), чтобы догрузить остальные',
    stoppedBalance: 'последний запуск остановлен: баланс исчерпан; после пополнения запустите снова',
    stoppedCancelled: 'последний запуск остановлен вручную: запустите снова, чтобы догрузить остальные',
    stoppedFailed: 'последний запуск прервался: запустите снова, чтобы догрузить остальные',
  },
  en: {
    capped: (bound, left) =>
      `The load stops at the cap of ${bound}: about ${left} will be left unloaded. To get them all, raise the per-run spend cap (and the daily budget) in the settings, section "Spending", and run again — nothing already paid for is charged twice.`,
    stoppedAtCap: 'the last run stopped at the spend cap: run again (or raise the cap in the settings) to load the rest',
    stoppedBalance: 'the last run stopped: the balance ran out; top it up and run again',
    stoppedCancelled: 'the last run was stopped by hand: run again to load the rest',
    stoppedFailed: 'the last run broke off: run again to load the rest',
  },
};

/** «Загрузка остановится на пределе 1 000 ед.; незагруженными останутся примерно: 34 закупки…», or null. */
export function capShortfallText(estimate: SpendEstimate, contracts: boolean, locale: Locale): string | null {
  const left = capShortfall(estimate);
  if (left === null || estimate.bound === null) return null;
  const units = `${formatInt(estimate.bound, locale)} ${locale === 'en' ? 'units' : 'ед.'}`;
  return pick(strings, locale).capped(units, count(left, contracts ? NOUNS.contract : NOUNS.tender, locale));
}

/**
 * Why the newest ended run of this saved search left tenders out, while the cache holds fewer than the server's
 * total; null when it ran to the end, still runs, or nothing is missing.
 */
export function shortfallReason(jobs: Record<string, SyncJob>, filterId: string, cachedCount: number, total: number | null, locale: Locale): string | null {
  if (total === null || cachedCount >= total) return null;
  const newest = Object.values(jobs)
    .filter((j) => j.filterId === filterId)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
  const s = pick(strings, locale);
  switch (newest?.state) {
    case 'spend_cap':
      return s.stoppedAtCap;
    case 'balance_exhausted':
      return s.stoppedBalance;
    case 'cancelled':
      return s.stoppedCancelled;
    case 'failed':
      return s.stoppedFailed;
    default:
      return null;
  }
}
