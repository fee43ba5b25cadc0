/**
 * Sync of one filter of the earlier API generation (reference document 2): `GET /tenders?filter_id=` read
 * page by page into the cache, each page stored with the filter's progress in one transaction.
 *
 * The rules, and why:
 * - Pages are numbered and newest first (D-E-TND-1); re-reading is free (a tender is charged once per
 *   account, D-E-BILL-1). A run after a complete one stops at the first page with no new tender: new
 *   tenders appear on page 1 and push the rest down, so nothing new lies beyond it. The first run, and
 *   any run after one that ended early (a crash, a cancel, a 402, a daily limit, the spend cap), reads to
 *   the last page, so nothing is skipped.
 * - An unfinished run resumes where it stopped instead of re-reading from page 1: it first re-reads the
 *   page holding the last tender it stored and checks that the page's first tender was delivered in this
 *   run (everything newer than a tender the run has seen was read before it). If tenders left the filter
 *   meanwhile and the pages moved up by more than that, it steps back a page at a time (free re-reads)
 *   until they connect. Having reached the end, it reads from page 1 again until a page brings nothing
 *   new, for the tenders that arrived while it was interrupted.
 * - A crash or kill -9 loses nothing and never pays twice: the server charges a tender once, and a page's
 *   tenders, its progress and its `billed` flags are committed together. A request in flight is marked
 *   before it is sent; if its answer never reaches the cache, the tenders it charged are logged as charged
 *   when they arrive as "not new" (see cache/earlier/unsettled.ts).
 * - `--max-spend N` caps units. A page can charge at most the tenders it holds that this run has not read,
 *   so when fewer than 100 units are left a smaller page (`page_size` and a page number that ends exactly
 *   where the budget does) is asked for: the cap holds exactly. After a 402 the balance, and after a 429
 *   what is left of today's limit, cap pages the same way, so the last units are used, not wasted.
 * - 402 `balance_exhausted` and 429 `daily_limit_exceeded` charge nothing (D-E-BILL-4, D-E-LIM-2). The run
 *   asks `GET /balance` (free) what is left; with nothing left it stops cleanly with what is stored and says
 *   why in plain Russian (for the limit: when the next reset at 00:00 Moscow time is). It never hammers:
 *   while the client knows the limit is exhausted it sends no charging request, and a run that starts then
 *   asks the balance once whether the limit was lifted.
 * - A filter with `autosearch` off collects nothing (section 1): the run says so and asks for no page.
 */
import { isApiError } from '../api/errors';
import { isDailyLimitError, type DailyLimitError } from '../api/earlier/client';
import type { EarlierApiClient } from '../api/earlier/client';
import { inText, moscowText, timestampMs } from '../api/earlier/limits';
import type { Balance } from '../api/earlier/schemas';
import type { CacheDb } from '../cache/database';
import { earlierAccountStore } from '../cache/earlier/accountStore';
import { earlierFilterStore, type SyncStop } from '../cache/earlier/filterStore';
import { filterUnsettled, unsettledStore } from '../cache/earlier/unsettled';
import { noProgressError } from './noProgress';

/** What the sync needs of the client (the real `EarlierApiClient` in the app and the CLI). */
export type EarlierSyncClient = Pick<EarlierApiClient, 'tenders' | 'filter' | 'balance' | 'dailyLimitBlock'>;

export type EarlierSyncProgress = {
  filterId: number;
  /** full: to the last page; incremental: until a page brings nothing new; resume: connecting an unfinished run. */
  phase: 'full' | 'incremental' | 'resume';
  page: number;
  pageSize: number;
  /** Items from the top read in this run (where the next page starts). */
  offset: number;
  total: number | null;
  pages: number;
  items: number;
  /** Units charged in this run. */
  charged: number;
};

export type EarlierSyncRequest = {
  filterId: number;
  /** Stop before paying more than this many units in this run. */
  maxSpend?: number;
  /** Largest page asked for; 100 (the API's maximum) unless a test wants more pages. */
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: EarlierSyncProgress) => void;
};

export type EarlierSyncOutcome = {
  filterId: number;
  filterName: string | null;
  stoppedBy: SyncStop;
  /** The filter is read to its end (the next run stops at the first page with nothing new). */
  complete: boolean;
  pages: number;
  items: number;
  /** Units this run was charged (`new_tenders_count` summed). */
  charged: number;
  /** Tenders logged as charged that an earlier, lost answer had paid for. */
  recovered: number;
  /** Tenders this filter delivered for the first time. */
  newTenders: number;
  /** New versions of tenders the filter had delivered before. */
  updatedTenders: number;
  total: number | null;
  /** The next reset (00:00 Moscow time) when stopped by the daily limit. */
  resetAt: string | null;
  /** What happened, in plain Russian, for the analyst. */
  message: string;
};

const isCode = (e: unknown, code: string): boolean => isApiError(e) && e.code === code;

/**
 * The page to ask for next: it contains position `offset` and ends no further than `offset + budget`
 * (a page can only charge the tenders at or after `offset`; those before it were read in this run).
 * With 100 or more units to spend that is simply the page of `maxSize` holding `offset`.
 */
export function pageFor(offset: number, budget: number, maxSize = 100): { page: number; size: number } {
  if (budget >= maxSize) return { page: Math.floor(offset / maxSize) + 1, size: maxSize };
  const room = Math.max(1, Math.floor(budget));
  for (let end = offset + room; end > offset; end--) {
    for (let size = end - offset; size <= maxSize; size++) {
      if (end % size === 0) return { page: end / size, size };
    }
  }
  return { page: offset + 1, size: 1 };
}

export async function syncEarlierFilter(client: EarlierSyncClient, cache: CacheDb, req: EarlierSyncRequest): Promise<EarlierSyncOutcome> {
  const filters = earlierFilterStore(cache);
  const account = earlierAccountStore(cache);
  const unsettled = unsettledStore(cache);
  const mark = filterUnsettled(req.filterId);
  const maxSize = Math.min(100, Math.max(1, Math.floor(req.pageSize ?? 100)));
  const signal = req.signal;
  const out: EarlierSyncOutcome = {
    filterId: req.filterId,
    filterName: null,
    stoppedBy: 'done',
    complete: false,
    pages: 0,
    items: 0,
    charged: 0,
    recovered: 0,
    newTenders: 0,
    updatedTenders: 0,
    total: null,
    resetAt: null,
    message: '',
  };
  const finish = (stop: SyncStop, message: string, complete = false): EarlierSyncOutcome => {
    out.stoppedBy = stop;
    out.complete = complete;
    out.message = message;
    if (filters.syncState(req.filterId)) filters.endRun(req.filterId, stop, complete);
    return out;
  };
  const stored = (): string => `сохранено тендеров: ${out.items} (страниц: ${out.pages}), списано единиц: ${out.charged}`;
  /** Stopped by the daily limit: when it resets (the server's `reset_at`, 00:00 Moscow time) and how long that is. */
  const limitStop = (e: DailyLimitError | null, b: Balance | null): EarlierSyncOutcome => {
    const known = account.account()?.limits.tenders;
    const resetAt = b?.limits.tenders.reset_at ?? e?.resetAt ?? known?.resetAt ?? null;
    const limit = b?.limits.tenders.limit ?? e?.limit ?? known?.limit ?? null;
    out.resetAt = resetAt;
    const resetMs = timestampMs(resetAt) ?? NaN;
    const waitMs = e?.retryAfterMs;
    const when = Number.isNaN(resetMs) ? 'в 00:00 по Москве' : `в 00:00 по Москве — ${moscowText(resetMs)}${waitMs !== undefined ? `, ${inText(waitMs)}` : ''}`;
    return finish(
      'daily_limit',
      `Дневной лимит новых тендеров${limit !== null ? ` (${limit} в сутки)` : ''} исчерпан: сервис не выдаёт новые тендеры до сброса лимита ${when}. ` +
        `Синхронизация остановлена, ${stored()}; запустите её после сброса — она продолжится с того же места без повторной оплаты.`,
    );
  };

  /**
   * The earlier generation's refusal of a feed: a 404 for the filter, deleted in the web interface.
   * The mirror marks it gone (its tenders stay; `sync --all` and the filters view leave it out) and the error,
   * worded by the client, names the filter and says to refresh the filters: no run asks for it again in vain.
   */
  const filterGone = (e: unknown): unknown => {
    if (isCode(e, 'not_found')) filters.markFilterGone(req.filterId);
    return e;
  };

  // A request of this filter left unanswered by a cancelled or killed run: what it charged is unknown.
  unsettled.promote(mark);

  // The filter itself (free): mirrored, and its auto search checked before any page is asked for.
  let filter;
  try {
    filter = await client.filter(req.filterId, { signal });
  } catch (e) {
    if (signal?.aborted) return finish('cancelled', 'Синхронизация отменена до первого запроса тендеров.');
    if (isCode(e, 'license_expired') && isApiError(e)) return finish('license_expired', e.userMessage);
    throw filterGone(e);
  }
  filters.upsertFilters([filter]);
  out.filterName = filter.name;
  if (!filter.autosearch) {
    return finish(
      'autosearch_off',
      `У фильтра ${filter.id} «${filter.name}» выключен автопоиск в веб-интерфейсе сервиса: тендеры по нему не собираются, и по API ничего не придёт. ` +
        'Включите автопоиск этого фильтра в веб-интерфейсе и запустите синхронизацию снова.',
    );
  }

  // The client remembers an exhausted daily limit: ask once (free) whether it was lifted, never hammer.
  let limitLeft = Infinity;
  if (client.dailyLimitBlock()) {
    const b = await client.balance({ signal });
    account.setAccount(b);
    if (client.dailyLimitBlock()) return limitStop(null, b);
    limitLeft = b.limits.tenders.remaining;
  }

  const before = filters.syncState(req.filterId);
  const resuming = before !== undefined && !before.lastRunComplete && before.resumeOffset > 0;
  const state = filters.beginRun(req.filterId, resuming);
  let phase: EarlierSyncProgress['phase'] = resuming ? 'resume' : before?.lastRunComplete ? 'incremental' : 'full';
  /** Items from the top this run has read (resumed: as far as the unfinished run got). */
  let farthest = resuming ? state.resumeOffset : 0;
  let offset = resuming ? Math.max(0, farthest - 1) : 0;
  /** After the tail of a resumed run: read the head again for tenders that arrived meanwhile. */
  let headDue = resuming;
  let spendLeft = req.maxSpend ?? Infinity;
  // The balance and today's limit cap page sizes only once the server has refused a page for them: until
  // then pages of 100 are asked for (a refusal charges nothing), so re-reads are not cut into small pages.
  let balanceLeft = Infinity;
  let balanceCapped = false;
  let lastRefusal = '';
  /** The last page read: a next page (same size, further on) with the very same tenders is no progress. */
  let lastRead: { page: number; size: number; ids: string } | null = null;

  for (;;) {
    if (signal?.aborted) return finish('cancelled', `Синхронизация отменена: ${stored()}. Следующий запуск продолжит с того же места.`);
    const budget = Math.min(spendLeft, balanceLeft, limitLeft);
    if (budget <= 0) {
      if (spendLeft <= 0) return finish('spend_cap', `Достигнут заданный лимит расходов (${req.maxSpend} ед.): ${stored()}. Следующий запуск продолжит с того же места.`);
      if (balanceLeft <= 0) return finish('balance_exhausted', balanceText(stored()));
      return limitStop(null, null);
    }
    const { page, size } = pageFor(offset, budget, maxSize);
    const start = (page - 1) * size;
    unsettled.begin(mark);
    let p;
    try {
      p = await client.tenders(req.filterId, { page, pageSize: size }, { signal });
    } catch (e) {
      if (signal?.aborted || isCode(e, 'cancelled')) {
        // The request may have been executed: its mark stays and is treated as lost next time.
        return finish('cancelled', `Синхронизация отменена: ${stored()}. Следующий запуск продолжит с того же места без повторной оплаты.`);
      }
      const refusal = `${offset}:${budget}`;
      if (isCode(e, 'balance_exhausted')) {
        unsettled.settle(mark); // all or nothing: nothing was charged
        const b = await client.balance({ signal });
        account.setAccount(b);
        balanceLeft = b.balance.tenders;
        balanceCapped = true;
        if (balanceLeft <= 0 || refusal === lastRefusal) return finish('balance_exhausted', balanceText(stored()));
        lastRefusal = refusal;
        continue;
      }
      if (isDailyLimitError(e)) {
        unsettled.settle(mark); // a 429 charges nothing, and a refused call was never sent
        // GET /balance tells what is left of today's limit (and lifts the client's block when some is).
        const b = await client.balance({ signal });
        account.setAccount(b);
        limitLeft = client.dailyLimitBlock() ? 0 : b.limits.tenders.remaining;
        if (limitLeft <= 0 || refusal === lastRefusal) return limitStop(e, b);
        lastRefusal = refusal;
        continue;
      }
      if (isCode(e, 'license_expired') && isApiError(e)) {
        unsettled.settle(mark);
        return finish('license_expired', `${e.userMessage} Синхронизация остановлена: ${stored()}.`);
      }
      filters.endRun(req.filterId, 'error', false);
      throw filterGone(e);
    }
    lastRefusal = '';
    if (p.answerLost) unsettled.markLost(mark);
    const end = start + p.items.length;
    const reachedEnd = p.items.length < size || page * size >= p.total;
    // A resumed run connects when the page's first tender was delivered in this run (checked before storing).
    const first = p.items[0];
    const connected = phase !== 'resume' || start === 0 || first === undefined || filters.deliveredSince(req.filterId, first.id, state.runStartedSeq);
    // Only grows: an interrupted run resumes past everything it has read, whatever the phase.
    farthest = Math.max(farthest, end);
    const saved = filters.savePage({
      filterId: req.filterId,
      page,
      pageSize: size,
      resumeOffset: farthest,
      total: p.total,
      requestId: p.requestId,
      receivedAt: new Date().toISOString(),
      items: p.items,
      answerLost: p.answerLost,
    });
    out.pages += 1;
    out.items += p.items.length;
    out.charged += p.newTendersCount;
    out.recovered += saved.recovered;
    out.newTenders += saved.summary.created;
    out.updatedTenders += saved.summary.updated;
    out.total = p.total;
    spendLeft -= p.newTendersCount;
    if (balanceCapped) balanceLeft = p.remainingBalance;
    if (limitLeft !== Infinity) limitLeft -= p.newTendersCount;
    req.onProgress?.({ filterId: req.filterId, phase, page, pageSize: size, offset: end, total: p.total, pages: out.pages, items: out.items, charged: out.charged });

    // A server that ignores `page` answers page 1 again and again under a total that never ends: numbered pages
    // would be walked forever. The repeat is stored like any page first (whatever it says it charged
    // is kept); then the run stops.
    const ids = p.items.map((t) => t.id).join(',');
    if (p.items.length > 0 && lastRead && lastRead.size === size && page > lastRead.page && lastRead.ids === ids) {
      filters.endRun(req.filterId, 'error', false);
      throw noProgressError(
        { ru: `фильтра ${filter.id} «${filter.name}»`, en: `filter ${filter.id} “${filter.name}”` },
        `GET /tenders?filter_id=${filter.id} page ${page}`,
        p.requestId,
      );
    }
    lastRead = { page, size, ids };

    if (phase === 'resume' && !connected) {
      // Tenders left the filter and the pages moved up: step back until the run connects (free re-reads).
      offset = Math.max(0, start - 1);
      continue;
    }
    if (phase === 'incremental' && saved.billed === 0) {
      unsettled.resolve(mark);
      return finish('done', `Фильтр ${filter.id} «${filter.name}» актуален: ${stored()}.`, true);
    }
    if (reachedEnd) {
      if (headDue) {
        // The tail is read; tenders that arrived while the run was interrupted are at the top.
        headDue = false;
        phase = 'incremental';
        offset = 0;
        continue;
      }
      unsettled.resolve(mark);
      return finish('done', `Фильтр ${filter.id} «${filter.name}» прочитан до конца: ${stored()}.`, true);
    }
    // Connected: everything up to `farthest` is read in this run.
    offset = phase === 'resume' ? farthest : end;
    if (phase === 'resume') phase = 'full';
  }
}

function balanceText(stored: string): string {
  return (
    `Баланс тендеров исчерпан: новые тендеры не выдаются, пока баланс не пополнен (через вашего менеджера). ` +
    `Синхронизация остановлена, ${stored}; после пополнения запустите её снова — она продолжится с того же места без повторной оплаты.`
  );
}
