/**
 * The CLI's side of "nothing is spent by surprise": a paid command (`sync`, both generations) stops
 * at a cap unless told otherwise. The cap is `--max-spend N`, else the default per-run cap of the settings
 * (`settings.json` at the data root, the app's own, 1 000 units unless changed there), and `--no-cap` lifts it.
 * When the preview already shows that the run would pass the default cap, nothing is charged and the command
 * says which flag to give. The daily budget of the settings (Moscow day, from the deliveries stored) holds
 * whatever the flags say.
 */
import type { CacheDb } from '../cache/database';
import { readSettings } from '../workspace/settings';
import { feedCost, spentToday } from '../current/spendGuard';
import { restartNotice, type FeedRestart, type RestartedFeed } from '../sync/feedRestart';
import type { SyncOutcome } from '../sync/syncEngine';
import type { CliContext } from './context';
import { CliError, formatInt } from './output';
import { pick, text, type Locale } from '../i18n/text';

export type SpendFlags = { maxSpend?: number; noCap: boolean };

export function parseSpendFlags(values: Record<string, string | boolean | undefined>): SpendFlags {
  const noCap = values['no-cap'] === true;
  if (values['max-spend'] === undefined) return { noCap };
  if (noCap) throw new CliError({ ru: 'укажите --max-spend N или --no-cap, но не оба', en: 'give --max-spend N or --no-cap, not both' }, 2);
  const raw = String(values['max-spend']);
  if (!/^\d+$/.test(raw)) throw new CliError({ ru: '--max-spend — целое число единиц', en: '--max-spend is a whole number of units' }, 2);
  return { maxSpend: Number(raw), noCap };
}

/** The cap of this run and where it came from (for the message when the run stops there). */
export type CliSpendCap = { cap: number | undefined; kind: 'flag' | 'default' | 'daily_budget' | 'none'; defaultCap: number | null; dailyBudget: number | null; spentToday: number };

/**
 * The cap a run starts with, or a refusal before anything is charged: the daily budget is used up, or the
 * previewed cost (`estimate`, null when the server has not said) is above the default cap with no flag given.
 * `previewCharged`: what a preview of the set already charged (its first item), which the refusal then names.
 */
export async function planCliSpend(rootDir: string, cache: CacheDb, flags: SpendFlags, estimate: number | null, previewCharged = 0): Promise<CliSpendCap> {
  const { spending } = await readSettings(rootDir);
  const today = spentToday(cache);
  const base = { defaultCap: spending.runCap, dailyBudget: spending.dailyBudget, spentToday: today };
  const dailyLeft = spending.dailyBudget === null ? Infinity : Math.max(0, spending.dailyBudget - today);
  if (dailyLeft <= 0) {
    throw new CliError(
      {
        ru: `дневной бюджет исчерпан: сегодня (по московскому времени) списано ${formatInt(today)} ед. из ${formatInt(spending.dailyBudget!)}; ничего не списано. Увеличьте dailyBudget в настройках или продолжите после 00:00 МСК`,
        en: `the daily budget is used up: ${formatInt(today)} of ${formatInt(spending.dailyBudget!)} units spent today (Moscow day); nothing was charged. Raise "dailyBudget" in the settings or continue after 00:00 Moscow time`,
      },
      5,
    );
  }
  let cap: number | undefined;
  let kind: CliSpendCap['kind'];
  if (flags.maxSpend !== undefined) [cap, kind] = [flags.maxSpend, 'flag'];
  else if (flags.noCap || spending.runCap === null) [cap, kind] = [undefined, 'none'];
  else {
    [cap, kind] = [spending.runCap, 'default'];
    if (estimate !== null && estimate > spending.runCap) {
      const nothing =
        previewCharged > 0
          ? text(`ничего не списано, кроме первого объекта оценки (${formatInt(previewCharged)} ед.)`, `nothing was charged but the preview's first item (${formatInt(previewCharged)} unit)`)
          : text('ничего не списано', 'nothing was charged');
      throw new CliError(
        {
          ru:
            `эта загрузка может списать до ${formatInt(estimate)} ед. — больше лимита по умолчанию (${formatInt(spending.runCap)} ед.); ${nothing.ru}. ` +
            `Укажите --max-spend ${estimate}, чтобы разрешить столько (или меньшее N, чтобы остановиться на нём), или --no-cap, чтобы загрузить без лимита`,
          en:
            `this run may charge up to ${formatInt(estimate)} units, more than the default cap of ${formatInt(spending.runCap)} units; ${nothing.en}. ` +
            `Give --max-spend ${estimate} to allow that much (or a smaller N to stop there), or --no-cap to read without a cap`,
        },
        2,
      );
    }
  }
  if (dailyLeft < (cap ?? Infinity)) [cap, kind] = [dailyLeft, 'daily_budget'];
  return { cap, kind, ...base };
}

/** What to tell when a run stopped at its cap. */
export function capStopNote(plan: CliSpendCap, charged: number, locale: Locale): string {
  switch (plan.kind) {
    case 'default':
      return pick(
        text(
          `остановлено на лимите по умолчанию ${formatInt(plan.cap ?? 0)} ед. (списано ${formatInt(charged)}): чтобы загрузить дальше, укажите --max-spend N или --no-cap; полученное повторно не оплачивается`,
          `stopped at the default cap of ${formatInt(plan.cap ?? 0)} units (${formatInt(charged)} charged): give --max-spend N or --no-cap to read further; nothing received is paid again`,
        ),
        locale,
      );
    case 'daily_budget':
      return pick(
        text(
          `остановлено на дневном бюджете ${formatInt(plan.dailyBudget ?? 0)} ед. (сегодня по московскому времени списано ${formatInt(plan.spentToday + charged)}): продолжите после 00:00 МСК или увеличьте dailyBudget в настройках`,
          `stopped at the daily budget of ${formatInt(plan.dailyBudget ?? 0)} units (${formatInt(plan.spentToday + charged)} spent today, Moscow day): continue after 00:00 Moscow time or raise "dailyBudget" in the settings`,
        ),
        locale,
      );
    default:
      return pick(
        text(
          `остановлено на --max-spend ${formatInt(plan.cap ?? 0)} (списано ${formatInt(charged)}): запустите снова с бóльшим --max-spend — загрузка продолжится с того же места`,
          `stopped at --max-spend ${formatInt(plan.cap ?? 0)} (${formatInt(charged)} charged): run again with a higher --max-spend to continue from the same place`,
        ),
        locale,
      );
  }
}

/**
 * A feed whose position the server refuses starts again from its set's criteria, planned as a new run
 * of this command: refused above the default cap when no flag was given (the message names the flags), bounded by
 * the daily budget; the run's own --max-spend already bounds the rest. The restart is said in one line, in the
 * user's language.
 */
export function cliRestart(
  ctx: CliContext,
  cache: CacheDb,
  flags: SpendFlags,
  filterId: string,
  name: string,
  locale: Locale,
): { plan: FeedRestart['plan']; onRestart: (r: RestartedFeed) => void } {
  return {
    onRestart: (r) => ctx.out.info(pick(restartNotice(r, name), locale)),
    plan: async (first) => {
      const { estimate } = feedCost(cache, first.feed, filterId, first.total);
      const plan = await planCliSpend(ctx.registry.rootDir, cache, flags, estimate).catch((e: unknown) => {
        // The restart's first item is the one charge made before this refusal: say so rather than "nothing".
        if (e instanceof CliError && first.charged > 0) {
          const n = formatInt(first.charged);
          throw new CliError(
            {
              ru: e.in('ru').replace('ничего не списано', `больше ничего не списано после первого объекта перезапущенной ленты (${n} ед.)`),
              en: e.in('en').replace('nothing was charged', `nothing more was charged after the restarted feed's first item (${n} unit)`),
            },
            e.exitCode,
          );
        }
        throw e;
      });
      if (plan.kind === 'daily_budget') return plan.cap;
      // As a new run: the default cap counts the restart's first item, as a run counts its preview's.
      return plan.kind === 'default' && plan.cap !== undefined ? Math.max(0, plan.cap - first.charged) : undefined;
    },
  };
}

/** The feeds a run started again, for its --json summary (absent when none was). */
export function restartedField(outcome: SyncOutcome): { restarted?: { feed: string; stream: string }[] } {
  return outcome.restarted?.length ? { restarted: outcome.restarted.map((r) => ({ feed: r.feed, stream: r.stream })) } : {};
}
