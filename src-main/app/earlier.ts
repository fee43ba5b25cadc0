/**
 * earlier.*: the views of a profile of the earlier API generation (reference document 2) over its core,
 * `EarlierWorkbench` (src-main/earlier). The two generations never mix: these handlers answer only for such a
 * profile (`not_supported` otherwise), talk only to its client (`X-API-Token`, page numbers) and keep its
 * state in its own cache.
 *
 * Reads that the cache can answer (filters, favorites, balance, history) are answered from it when the
 * network is away, and say so (`fromCache`); what charges (a sync, favorites updates, a detail never
 * fetched) needs the network and says so when it is away. A sync is a job like the current generation's
 * (`sync.progress`, `sync.cancel`) under the filter id `efl_<id>`.
 */
import type { EarlierFavorite, EarlierTenderRow, Handlers, MethodName } from '../contract/ipc';
import { viewQueries } from '../cache/viewQueries';
import type { EarlierFavoriteInfo } from '../earlier/index';
import type { HostPlatform } from './hostPlatform';
import type { AppContext, Session } from './context';
import type { EarlierSession } from './sessions';
import { chosenColumns, exportColumns, exportToTarget, safeFileName } from './csvExport';
import { appError } from '../domain/appError';
import { tenderRow } from '../current/rows';
import { estimateOf, planSpend, spendPlanInput, type SpendPlanInput } from '../current/spendGuard';
import { tendersHeldInCurrentGeneration } from './sameAccount';

type EarlierName = Extract<MethodName, `earlier.${string}`>;
type EarlierHandlers = Pick<Handlers, EarlierName>;

export const earlierJobFilterId = (filterId: number): string => `efl_${filterId}`;

const pages = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

function favoriteRow(f: EarlierFavoriteInfo): EarlierFavorite {
  return {
    id: f.id,
    etpId: f.etpId,
    name: f.name ?? f.etpId,
    price: f.price,
    publishDate: f.publishDate,
    endDate: f.endDate,
    region: f.region,
    platform: f.platform,
    status: f.status,
    favoritedAt: f.favoritedAt,
    updateDate: f.updateDate,
    changedSinceAdded: f.changedSinceAdded,
  };
}

export function earlierHandlers(ctx: AppContext, platform: HostPlatform): EarlierHandlers {
  const spendInput = (session: Session, estimate: number | null, maxSpend?: number, confirmCost?: number): SpendPlanInput =>
    spendPlanInput(ctx.settings.value.spending, session.cache, estimate, maxSpend, confirmCost);

  /** A filter among the account's and its estimate (EarlierWorkbench.filterEstimate); `not_found` otherwise. */
  const knownFilter = (session: EarlierSession, filterId: number) => {
    const filter = session.earlier.workbench.filterInfo(filterId);
    const e = session.earlier.workbench.filterEstimate(filterId);
    if (!filter || !e) throw appError('not_found', `Фильтра ${filterId} нет среди фильтров аккаунта.`, `There is no filter ${filterId} among the account's filters.`);
    return { filter, e };
  };

  /** A read that falls back to the cache: asks the server only when the app believes it is online. */
  const read = async <T extends { fromCache: boolean }>(refresh: boolean, fn: (refresh: boolean) => Promise<T>): Promise<T> => {
    const result = await ctx.earlierNet((_wb) => fn(refresh && ctx.online));
    if (refresh && ctx.online && result.fromCache) ctx.connectivity.noteUnreachable();
    return result;
  };

  return {
    'earlier.filters': async ({ refresh }) => {
      const session = ctx.earlierSession();
      const answer = await read(refresh, (r) => session.earlier.workbench.filters({ refresh: r }));
      return {
        fromCache: answer.fromCache,
        filters: answer.filters.map((f) => ({
          id: f.id,
          name: f.name,
          description: f.description ?? '',
          createdDate: f.createdDate,
          autosearch: f.autosearch,
          cachedCount: f.cachedCount,
          newSinceSeen: f.newSinceSeen,
          lastSyncAt: f.lastSyncAt,
          complete: f.complete,
          gone: f.gone,
        })),
      };
    },

    'earlier.sync': async ({ filterId, maxSpend, confirmCost }) => {
      const session = ctx.earlierSession();
      const { filter, e } = knownFilter(session, filterId);
      const running = ctx.jobs.runningFor(earlierJobFilterId(filterId));
      if (running) return { jobId: running.view.jobId };
      const limit = planSpend(spendInput(session, e.estimate, maxSpend, confirmCost));
      const jobId = ctx.startJob({
        filterId: earlierJobFilterId(filterId),
        label: filter.name,
        feeds: ['tender'],
        streams: ['created'],
        follow: false,
        earlierFilterId: filterId,
        maxSpend: limit.cap,
        spendLimit: limit,
      });
      return { jobId };
    },

    'earlier.estimate': async ({ filterId, maxSpend }) => {
      const session = ctx.earlierSession();
      const { e } = knownFilter(session, filterId);
      const spend = estimateOf({ ...spendInput(session, e.estimate, maxSpend), total: e.total, held: e.held });
      // Which of the load's tenders the account holds through the current generation is not known before paying
      // (the filter's conditions are not shown): at most all of them, and at most what that generation holds.
      const heldThere = await tendersHeldInCurrentGeneration(ctx, session);
      const heldInCurrent = heldThere === null ? null : Math.min(heldThere, spend.bound ?? heldThere);
      return { ...spend, heldInCurrent };
    },

    'earlier.tenders': async ({ filterId, page, pageSize }) => {
      const session = ctx.earlierSession();
      // The service's own order (D-E-TND-1): newest discovered first, i.e. descending id.
      const { rows, count } = session.earlier.workbench.filterTenders(filterId, { offset: (page - 1) * pageSize, limit: pageSize, sort: { column: 'id', direction: 'desc' } });
      return {
        total: count,
        page,
        pageSize,
        pages: pages(count, pageSize),
        rows: rows.map(
          (r): EarlierTenderRow => ({
            id: r.id,
            etpId: r.etpId,
            name: r.name ?? '',
            price: r.price,
            status: r.status,
            region: r.region,
            platform: r.platform,
            customerName: r.customerName,
            customerInn: r.customerInn,
            publishDate: r.publishDate,
            endDate: r.endDate,
            updateDate: r.updateDate,
            receivedAt: r.receivedAt,
            charged: r.charged,
            isNew: r.newSinceSeen,
          }),
        ),
      };
    },

    'earlier.markSeen': async ({ filterId }) => {
      const session = ctx.earlierSession();
      if (!session.earlier.workbench.filterInfo(filterId)) return { seen: false };
      session.earlier.workbench.markFilterSeen(filterId);
      return { seen: true };
    },

    'earlier.favorites': async ({ page, pageSize, refresh }) => {
      const session = ctx.earlierSession();
      const answer = await read(refresh, (r) => session.earlier.workbench.favorites({ refresh: r }));
      const all = answer.favorites.map(favoriteRow);
      return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize, pages: pages(all.length, pageSize), fromCache: answer.fromCache };
    },

    'earlier.favoriteAdd': async ({ etpId }) => ctx.earlierNet((wb) => wb.addFavorite(etpId)),

    'earlier.favoriteRemove': async ({ etpId }) => ctx.earlierNet((wb) => wb.removeFavorite(etpId)),

    'earlier.favoriteUpdates': async () => {
      const session = ctx.earlierSession();
      const outcome = await ctx.earlierNet((wb) => wb.favoriteUpdates());
      if (outcome.stoppedBy !== 'done' && outcome.items.length === 0) {
        throw appError(outcome.stoppedBy === 'daily_limit' ? 'rate_limited' : 'balance_exhausted', outcome.message ?? '', outcome.message ?? '');
      }
      // The changed favorites as rows, from what the cache now holds of each.
      const byId = new Map(viewQueries(session.cache).objects('tender', outcome.items.map((i) => i.id)).map((o) => [o.id, tenderRow(o)]));
      return {
        charged: outcome.charged,
        rows: outcome.items.map((i): EarlierTenderRow => {
          const r = byId.get(i.id);
          return {
            id: i.id,
            etpId: i.etpId,
            name: i.name ?? r?.name ?? i.etpId,
            price: r?.price ?? null,
            status: r?.status ?? null,
            region: r?.region ?? null,
            platform: null,
            customerName: r?.customerName ?? null,
            customerInn: r?.customerInn ?? null,
            publishDate: r?.publishDate ?? null,
            endDate: r?.endDate ?? null,
            updateDate: i.updateDate,
            receivedAt: r?.receivedAt ?? null,
            charged: i.charged,
            isNew: i.isNew,
          };
        }),
      };
    },

    'earlier.balance': async ({ refresh }) => {
      const session = ctx.earlierSession();
      const b = await read(refresh, (r) => session.earlier.workbench.balance({ refresh: r }));
      const limit = (l: (typeof b.limits)['tenders']) => ({ current: l.current, limit: l.limit, remaining: l.remaining, date: l.date, resetAt: l.resetAt });
      return {
        balance: b.balance,
        limits: { tenders: limit(b.limits.tenders), contracts: limit(b.limits.contracts), protocols: limit(b.limits.protocols) },
        license: b.license,
        lastUpdated: b.lastUpdated,
        nextResetAt: b.nextResetAt,
        // Blocked until the reset: the client saw a 429, or the figures say today's tenders are used up.
        blockedUntil: b.blockedUntil ?? (b.limits.tenders.remaining <= 0 ? b.limits.tenders.resetAt : null),
        fetchedAt: b.fetchedAt,
        fromCache: b.fromCache,
      };
    },

    'earlier.history': async ({ page, pageSize, refresh }) => {
      const session = ctx.earlierSession();
      const h = await read(refresh, (r) => session.earlier.workbench.history({ refresh: r, offset: (page - 1) * pageSize, limit: pageSize }));
      return {
        total: h.total,
        page,
        pageSize,
        pages: pages(h.total, pageSize),
        fromCache: h.fromCache,
        rows: h.rows.map((t) => ({
          id: t.id,
          amount: t.amount,
          type: t.transactionType === 'credit' || (t.transactionType !== 'debit' && t.amount > 0) ? ('credit' as const) : ('debit' as const),
          description: t.description ?? '',
          balanceType: t.balanceType,
          entityId: t.entityId,
          entityType: t.entityType,
          filterId: t.filterId,
          createdAt: t.createdAt,
        })),
      };
    },

    'earlier.exportColumns': async () => {
      ctx.earlierSession();
      return exportColumns(ctx.locale);
    },

    'earlier.export': async ({ source, columns, delimiter, excel }) => {
      const session = ctx.earlierSession();
      const wb = session.earlier.workbench;
      const chosen = chosenColumns(columns);
      if (source.kind === 'favorites') {
        return exportToTarget(platform, ctx.rootDir, session, safeFileName(ctx.locale === 'en' ? 'favorites' : 'избранное', 'favorites'), (target) =>
          wb.exportFavoritesCsv(target, { columns: chosen, delimiter, keepTextAsText: excel }),
        );
      }
      const filter = wb.filterInfo(source.filterId);
      if (!filter) throw appError('not_found', `Фильтра ${source.filterId} нет.`, `There is no filter ${source.filterId}.`);
      return exportToTarget(platform, ctx.rootDir, session, safeFileName(filter.name, 'filter'), (target) =>
        wb.exportFilterCsv(source.filterId, target, { columns: chosen, delimiter, keepTextAsText: excel }),
      );
    },
  };
}
