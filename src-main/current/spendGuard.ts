/**
 * Nothing is spent by surprise: every paid run of the app (a search, a saved search's sync, an
 * earlier-generation filter, a contract set, a list's members) passes through `planSpend` in the core, the one
 * planner of caps, so a renderer (or a script on the IPC)
 * cannot skip it. The rules:
 * - A run's `bound` is the most it can spend: its estimate (the set's total minus what is held), else its cap.
 * - A bound above the confirmation threshold needs consent to exactly that amount (`confirmCost`); the core
 *   previews again itself and refuses when the new bound is higher than what was consented to.
 * - Without consent a run never spends more than the threshold; with it, never more than the consented amount.
 * - A run that names no cap stops at the default per-run cap; all runs of a Moscow day stop at the daily
 *   budget, counted from the deliveries already stored (`delivery_request.billed`, both generations).
 */
import type { CacheDb } from '../cache/database';
import { unitsChargedSince } from '../cache/unitsCharged';
import { viewQueries } from '../cache/viewQueries';
import type { SpendEstimate, SpendingSettings } from '../contract/ipc';
import { AppError } from '../domain/appError';

const MSK_MS = 3 * 3600_000;

/** The Moscow calendar day of an instant, `YYYY-MM-DD`. */
export const moscowDayOf = (ms: number): string => new Date(ms + MSK_MS).toISOString().slice(0, 10);

/** 00:00 Moscow time of the day holding `ms`, as a UTC ISO string (the form `received_at` is stored in). */
export function moscowMidnightIso(ms: number): string {
  return new Date(Date.parse(`${moscowDayOf(ms)}T00:00:00.000Z`) - MSK_MS).toISOString();
}

/** Units this cache was charged since 00:00 Moscow time: every stored delivery marked billed, pages and cards. */
export function spentToday(cache: CacheDb, now = Date.now()): number {
  return unitsChargedSince(cache, moscowMidnightIso(now));
}

/**
 * Members of a feed's filter this cache holds (their held versions are free): tenders linked to the filter, or
 * contracts its feed delivered. A run's estimate is the set's total minus these (an upper bound).
 */
export function heldOfFeed(cache: CacheDb, feed: 'tender' | 'contract', filterId: string): number {
  const views = viewQueries(cache);
  return feed === 'tender' ? views.filterTenderCount(filterId) : views.contracts({ viaFilters: [filterId] }, 0, 1).count;
}

/**
 * What reading one feed of a set will cost by the total the server stated (null while it states none): the
 * members held are free, so the total minus them, never below zero (more may be held than the set now counts:
 * members that left it). Held members of this feed only: a feed's balance is its own (API 2.6 rule 1).
 */
export function feedCost(cache: CacheDb, feed: 'tender' | 'contract', filterId: string, total: number | null): { held: number; estimate: number | null } {
  const held = heldOfFeed(cache, feed, filterId);
  return { held, estimate: total === null ? null : Math.max(0, total - held) };
}

/** Why a run's cap is what it is: the message when it stops there names the right numbers. */
export type CapKind = 'explicit' | 'run_cap' | 'daily_budget' | 'confirmed' | 'threshold';
export type SpendLimit = { kind: CapKind; cap: number; dailyBudget: number | null; spentToday: number };

export type SpendPlanInput = {
  settings: SpendingSettings;
  spentToday: number;
  /** Units the run will cost by the preview (total minus held); null when the server has not said. */
  estimate: number | null;
  /** The caller's own cap for this run. */
  maxSpend?: number;
  /** Consent to a previewed cost. */
  confirmCost?: number;
};

/** What the money settings and the day's spending of this cache say about a run of this estimate. */
export function spendPlanInput(settings: SpendingSettings, cache: CacheDb, estimate: number | null, maxSpend?: number, confirmCost?: number): SpendPlanInput {
  return {
    settings,
    spentToday: spentToday(cache),
    estimate,
    ...(maxSpend !== undefined ? { maxSpend } : {}),
    ...(confirmCost !== undefined ? { confirmCost } : {}),
  };
}

type Bounds = { capBase: number; capKind: CapKind; bound: number; dailyLeft: number };

function bounds(input: SpendPlanInput): Bounds {
  const { settings } = input;
  const dailyLeft = settings.dailyBudget === null ? Infinity : Math.max(0, settings.dailyBudget - input.spentToday);
  const own = input.maxSpend ?? settings.runCap ?? Infinity;
  const capKind: CapKind = dailyLeft < own ? 'daily_budget' : input.maxSpend !== undefined ? 'explicit' : 'run_cap';
  const capBase = Math.min(own, dailyLeft);
  return { capBase, capKind, bound: Math.min(input.estimate ?? Infinity, capBase), dailyLeft };
}

/** The estimate the renderer shows before asking (the same arithmetic the core enforces). */
export function estimateOf(input: SpendPlanInput & { total: number | null; held: number }): SpendEstimate {
  const b = bounds(input);
  return {
    total: input.total,
    held: input.held,
    estimate: input.estimate,
    bound: Number.isFinite(b.bound) ? b.bound : null,
    confirmAbove: input.settings.confirmAbove,
    needsConfirm: b.bound > input.settings.confirmAbove,
  };
}

const units = (n: number): string => new Intl.NumberFormat('ru-RU').format(n).replace(/\u00a0/g, ' ');
const unitsEn = (n: number): string => new Intl.NumberFormat('en-US').format(n);

/** A used-up daily budget refuses a run before anything is paid, naming today's figures. */
function refuseUsedBudget(settings: SpendingSettings, today: number, dailyLeft: number): void {
  if (settings.dailyBudget === null || dailyLeft > 0) return;
  throw new AppError('spend_cap', {
    ru: `Дневной бюджет исчерпан: сегодня списано ${units(today)} ед. из ${units(settings.dailyBudget)} ед. Загрузка не запущена; увеличьте бюджет в настройках или продолжите завтра (после 00:00 МСК).`,
    en: `The daily budget is used up: ${unitsEn(today)} of ${unitsEn(settings.dailyBudget)} units spent today. Nothing was started; raise the budget in the settings or continue tomorrow (after 00:00 Moscow time).`,
  });
}

/**
 * The cap a run may start with, or an error that says why it may not start: the daily budget is used up,
 * consent is missing, or the cost previewed now is higher than the consented one.
 */
export function planSpend(input: SpendPlanInput): SpendLimit {
  const { settings } = input;
  const b = bounds(input);
  const base = { dailyBudget: settings.dailyBudget, spentToday: input.spentToday };
  refuseUsedBudget(settings, input.spentToday, b.dailyLeft);
  if (b.bound <= settings.confirmAbove) {
    // No consent needed, and none given: the run may not spend beyond the threshold either.
    const cap = Math.min(b.capBase, settings.confirmAbove);
    return { kind: cap < b.capBase ? 'threshold' : b.capKind, cap, ...base };
  }
  const amount = Number.isFinite(b.bound) ? b.bound : null;
  if (input.confirmCost === undefined) {
    throw new AppError('confirmation_required', {
      ru:
        amount === null
          ? `Стоимость загрузки заранее неизвестна, а предела расходов нет: подтвердите сумму, которую можно списать (порог подтверждения — ${units(settings.confirmAbove)} ед.).`
          : `Загрузка может списать до ${units(amount)} ед. — больше порога подтверждения ${units(settings.confirmAbove)} ед. Подтвердите эту сумму, чтобы начать.`,
      en:
        amount === null
          ? `The cost is not known in advance and there is no spend cap: confirm the amount that may be spent (the confirmation threshold is ${unitsEn(settings.confirmAbove)} units).`
          : `This run may charge up to ${unitsEn(amount)} units — above the confirmation threshold of ${unitsEn(settings.confirmAbove)} units. Confirm that amount to start.`,
    });
  }
  if (amount !== null && amount > input.confirmCost) {
    throw new AppError('confirmation_required', {
      ru: `Оценка выросла: теперь загрузка может списать до ${units(amount)} ед., а подтверждено ${units(input.confirmCost)} ед. Ничего не списано — подтвердите новую сумму.`,
      en: `The estimate grew: the run may now charge up to ${unitsEn(amount)} units, but ${unitsEn(input.confirmCost)} were confirmed. Nothing was charged — confirm the new amount.`,
    });
  }
  const cap = Math.min(b.capBase, input.confirmCost);
  return { kind: cap < b.capBase ? 'confirmed' : b.capKind, cap, ...base };
}

/**
 * A used-up daily budget refuses a run before its first page is paid for (the runs that read a first page to
 * learn their set's size: contracts, list members). The caps and the consent are then planned by `planSpend`.
 */
export function checkDailyBudget(input: Pick<SpendPlanInput, 'settings' | 'spentToday'>): void {
  const { dailyLeft } = bounds({ ...input, estimate: null });
  refuseUsedBudget(input.settings, input.spentToday, dailyLeft);
}

/** The stop at a cap, in the user's language, naming the numbers of the cap that stopped it. */
export function capStopText(limit: SpendLimit | undefined, charged: number): { ru: string; en: string } {
  const again = { ru: 'Всё полученное сохранено; следующий запуск продолжит с того же места без повторной оплаты.', en: 'Everything received is stored; the next run continues from the same place with no repeat charge.' };
  if (limit?.kind === 'daily_budget' && limit.dailyBudget !== null) {
    const today = limit.spentToday + charged;
    return {
      ru: `Остановлено: дневной бюджет ${units(limit.dailyBudget)} ед. исчерпан (сегодня списано ${units(today)} ед., в этом запуске ${units(charged)} ед.). ${again.ru}`,
      en: `Stopped: the daily budget of ${unitsEn(limit.dailyBudget)} units is used up (${unitsEn(today)} units today, ${unitsEn(charged)} in this run). ${again.en}`,
    };
  }
  if (limit) {
    const what = {
      explicit: { ru: 'на пределе расходов запуска', en: "at the run's spend cap" },
      run_cap: { ru: 'на пределе расходов по умолчанию', en: 'at the default spend cap' },
      confirmed: { ru: 'на подтверждённой сумме', en: 'at the confirmed amount' },
      threshold: { ru: 'на пороге подтверждения', en: 'at the confirmation threshold' },
      daily_budget: { ru: 'на дневном бюджете', en: 'at the daily budget' },
    }[limit.kind];
    return {
      ru: `Остановлено ${what.ru} ${units(limit.cap)} ед.: списано ${units(charged)} ед. ${again.ru} Чтобы продолжить, запустите снова с большим пределом.`,
      en: `Stopped ${what.en} of ${unitsEn(limit.cap)} units: ${unitsEn(charged)} units charged. ${again.en} Run again with a higher cap to continue.`,
    };
  }
  return {
    ru: `Остановлено на пределе расходов: списано ${units(charged)} ед. Всё полученное сохранено; запустите снова с большим пределом, чтобы продолжить с того же места.`,
    en: `Stopped at the spend cap: ${unitsEn(charged)} units charged. Everything received is stored; run again with a higher cap to continue from the same place.`,
  };
}
