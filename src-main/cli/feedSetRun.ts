/**
 * A paid read of one feed of a set named by its QUERY body (a contract set, a list's tenders) in the CLI, under
 * the same money rule as `sync` (src-main/cli/spendCap.ts): a used-up daily budget refuses before anything is
 * paid; the first page (one item, at most one unit) states the set's total; a run previewed above the default
 * cap is refused with the flags to give (`--max-spend N`, `--no-cap`); a run stops at its cap and says so.
 */
import type { CliContext } from './context';
import { CliError, formatInt } from './output';
import { pick, text, type Locale, type Text } from '../i18n/text';
import { capStopNote, cliRestart, planCliSpend, restartedField, type SpendFlags } from './spendCap';
import { viewQueries } from '../cache/viewQueries';
import { feedCost } from '../current/spendGuard';
import type { FeedName } from '../sync/ports';

/** How a run's stop reads in a summary line (sync and the feed-set runs). */
const STOP_TEXT: Record<'done' | 'spend_cap' | 'balance_exhausted' | 'cancelled', Text> = {
  done: text('всё загружено', 'up to date'),
  spend_cap: text('остановлено на лимите трат', 'stopped at the spend cap'),
  balance_exhausted: text('остановлено: баланс исчерпан', 'stopped: balance exhausted'),
  cancelled: text('отменено', 'cancelled'),
};
export const stopText = (stop: keyof typeof STOP_TEXT, locale: Locale): string => pick(STOP_TEXT[stop], locale);

export async function runFeedSet(ctx: CliContext, feed: FeedName, body: Record<string, unknown>, label: string, flags: SpendFlags, signal: AbortSignal): Promise<void> {
  const cache = await ctx.cache();
  const wb = await ctx.current();
  await wb.sendQueuedEdits().catch(() => undefined);
  // The daily budget first: a used-up one refuses before the first page is paid for.
  await planCliSpend(ctx.registry.rootDir, cache, flags, 0);
  ctx.out.progress(ctx.tr('оценка стоимости…', 'previewing the cost…'));
  // One item (at most one unit), asked again while the server is still assembling the set and states no total.
  const first = await wb.preview(feed, body, signal);
  ctx.out.endProgress();
  const views = viewQueries(cache);
  // The workbench's rule for a set's cost (the app's feed runs plan on it too): an upper bound.
  const { estimate } = feedCost(cache, feed, first.filterId, first.total);
  // The preview's item is the one charge made before a refusal: the refusal says so rather than "nothing".
  const plan = await planCliSpend(ctx.registry.rootDir, cache, flags, estimate, first.charged);
  const outcome = await wb.readSaved({
    filterId: first.filterId,
    feeds: [feed],
    streams: ['created'],
    maxSpend: plan.cap === undefined ? undefined : Math.max(0, plan.cap - first.charged),
    follow: false,
    signal,
    // Refused, the set's feed starts again from its own body, said in one line and planned as a new run.
    set: { feed, body },
    ...cliRestart(ctx, cache, flags, first.filterId, label, ctx.locale),
    onProgress: (p) => {
      // Held of the set against its total, as the summary below says it (a list whose members are held is whole).
      const of = p.total !== null ? ` / ${formatInt(p.total)}` : '';
      ctx.out.progress(
        ctx.tr(
          `${label}: в кэше ${formatInt(p.held)}${of}, получено сейчас ${formatInt(p.items)}, ${formatInt(p.charged + first.charged)} ед.`,
          `${label}: ${formatInt(p.held)}${of} held, ${formatInt(p.items)} read now, ${formatInt(p.charged + first.charged)} units`,
        ),
        p.total ? Math.min(1, p.held / p.total) : undefined,
      );
    },
  });
  // A one-customer contract set is a customer's backfill: its contracts are that customer's.
  if (feed === 'contract') wb.attributeContractSet(body, first.filterId);
  const charged = first.charged + outcome.charged;
  const held = wb.heldOf(feed, first.filterId);
  const total = views.filterTotal(first.filterId, feed);
  ctx.out.result(
    { filter_id: first.filterId, feed, stopped_by: outcome.stoppedBy, held, total, charged, free: outcome.free, ...restartedField(outcome) },
    ctx.tr(
      `${label}: в кэше ${formatInt(held)}${total !== null ? ` из ${formatInt(total)}` : ''}, списано ${formatInt(charged)} ед. — ${stopText(outcome.stoppedBy, 'ru')}`,
      `${label}: ${formatInt(held)}${total !== null ? ` of ${formatInt(total)}` : ''} held, ${formatInt(charged)} units charged — ${stopText(outcome.stoppedBy, 'en')}`,
    ),
  );
  if (outcome.stoppedBy === 'spend_cap') ctx.out.info(capStopNote(plan, charged, ctx.locale));
  if (outcome.stoppedBy === 'balance_exhausted') {
    throw new CliError(
      {
        ru: 'баланс исчерпан: всё полученное сохранено; пополните баланс и запустите команду снова — загрузка продолжится с того же места',
        en: 'the balance ran out: what was delivered is stored; top up and run again to continue from the same place',
      },
      3,
    );
  }
}
