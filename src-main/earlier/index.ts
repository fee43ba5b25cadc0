/**
 * The earlier API generation's core, for a profile whose `generation` is `earlier` (reference document 2,
 * decisions D-E-*): the one module the CLI and the desktop app's IPC handlers call, beside `CurrentWorkbench`
 * (src-main/current/) for the current generation. Both adapters only parse input and shape output.
 *
 *   const wb = EarlierWorkbench.open(openCache(file), { baseUrl, token });
 *
 * Make one per open profile and keep it: the constructor settles what a previous process left unsettled
 * (charging requests sent and never stored, see cache/earlier/unsettled.ts), and it refuses a second sync
 * of a filter that is already running.
 *
 * Filters (read-only, made in the service's web interface)
 *   filters({ refresh?, signal? })            -> { filters: EarlierFilterInfo[], fromCache }   mirrored, with cached
 *                                                counts, "new since seen", the last sync and whether it was complete
 *   syncFilter(filterId, { maxSpend?, signal?, onProgress? }) -> EarlierSyncOutcome
 *                                                pulls the filter's pages until nothing new (see sync/earlierSync.ts);
 *                                                cancel with the AbortSignal; progress after every stored page
 *   filterTenders(filterId, { offset?, limit?, sort? }) -> { rows: EarlierTenderListRow[], count }
 *                                                the filter's cached tenders page by page, offline; each row says
 *                                                when it came, whether it was charged and whether it is new since seen
 *   filterEstimate(filterId)                   -> { total, held, estimate }  the cost of a sync before it pays:
 *                                                the last stated total minus the tenders received (null: unknown)
 *   markFilterSeen(filterId)                   the user looked: "new since seen" counts from now
 * Cards
 *   openTender(id, { positionsPage?, positionsPageSize?, signal? }) -> OpenedEarlierCard
 *                                                a cached detail (same version and positions page) opens with no
 *                                                request; offline, the newest cached copy (`offline: true`)
 * Favorites
 *   favorites({ refresh?, signal? })           -> { favorites: EarlierFavoriteInfo[], fromCache }
 *   addFavorite(etpId) / removeFavorite(etpId) -> { success, isFavorite, message }  (free)
 *   favoriteUpdates({ signal? })               -> FavoriteUpdatesOutcome  favorites changed since added; charges
 *                                                tenders never received (one unit each)
 * Money
 *   balance({ refresh?, signal? })             -> EarlierBalanceInfo   balances, the three daily limits, the license,
 *                                                the next reset (00:00 Moscow time), a daily-limit block if any
 *   history({ refresh?, offset?, limit?, signal? }) -> { rows: EarlierTransaction[], total, fromCache }
 * Export (Excel-ready CSV, same writer and columns as the list export; never charges)
 *   exportColumns(), defaultExportColumns()
 *   exportFilterCsv(filterId, out, { columns?, delimiter?, signal?, onProgress? }) -> { rows, bytes }
 *   exportFavoritesCsv(out, { ... })           -> { rows, bytes }
 *
 * Errors are the client's `ApiError` (a sentence in Russian in `userMessage`; `DailyLimitError` names the
 * reset). `refresh` reads fall back to the mirror when the server cannot be reached (`fromCache: true`);
 * without a mirror the error is thrown. Charging operations (sync, updates, a card not cached) are never
 * answered from the cache silently: they throw offline.
 *
 * The two generations never mix: this module talks only to the earlier client (`X-API-Token`, page
 * numbers, its own base URL) and keeps its state in the earlier tables of the profile's own cache; its
 * tenders share the cache's tender tables only within that profile (filter ids `efl_<id>`).
 */
import { isApiError } from '../api/errors';
import { EarlierApiClient, type EarlierApiClientOptions } from '../api/earlier/client';
import { timestampMs } from '../api/earlier/limits';
import type { FavoriteMutation } from '../api/earlier/schemas';
import type { CacheDb } from '../cache/database';
import type { TenderSort } from '../cache/viewQueries';
import { viewQueries } from '../cache/viewQueries';
import { storedJson } from '../cache/storedJson';
import { versionStore } from '../cache/versionStore';
import { earlierAccountStore, type EarlierAccount, type EarlierLimit, type EarlierTransaction } from '../cache/earlier/accountStore';
import { earlierFavoriteStore } from '../cache/earlier/favoriteStore';
import { earlierFilterStore, type EarlierTenderRow, type FilterSyncState, type SyncStop } from '../cache/earlier/filterStore';
import { unsettledStore } from '../cache/earlier/unsettled';
import { cachedEarlierCard, openEarlierCard, type OpenedEarlierCard } from '../cards/openEarlierCard';
import { parseColumnList, TENDER_COLUMNS, type CsvColumn, type CsvDelimiter } from '../export/csv';
import { defaultEarlierColumns, exportEarlierFavoritesCsv, exportEarlierFilterCsv, type EarlierExportResult } from '../export/earlierExport';
import { syncEarlierFilter, type EarlierSyncOutcome, type EarlierSyncProgress } from '../sync/earlierSync';
import { statusCodeOfName, tenderStatusCode } from '../domain/tenderStage';
import {
  changeEarlierFavorite,
  mirrorEarlierBalance,
  mirrorEarlierFavorites,
  mirrorEarlierFilters,
  mirrorEarlierHistory,
  readEarlierFavoriteUpdates,
  type FavoriteUpdatesOutcome,
} from '../sync/earlierMirrors';

export type {
  EarlierAccount,
  EarlierExportResult,
  EarlierLimit,
  EarlierSyncOutcome,
  EarlierSyncProgress,
  EarlierTenderRow,
  EarlierTransaction,
  FavoriteUpdatesOutcome,
  FilterSyncState,
  OpenedEarlierCard,
  SyncStop,
};

export type EarlierFilterInfo = {
  id: number;
  name: string;
  description: string | null;
  createdDate: string | null;
  /** false: the service collects nothing for it until auto search is switched on in its web interface. */
  autosearch: boolean;
  /** The server no longer lists it (its cached tenders stay). */
  gone: boolean;
  /** Tenders of this filter held in the cache. */
  cachedCount: number;
  /** Tenders the filter delivered for the first time since the user last looked (`markFilterSeen`). */
  newSinceSeen: number;
  /** The server's last `total`. */
  total: number | null;
  lastSyncAt: string | null;
  /** The last sync read to the end; an interrupted one resumes to the end next time. */
  complete: boolean;
  lastStop: SyncStop | null;
};

/** A cached tender of a filter as a row shows it. */
export type EarlierTenderListRow = EarlierTenderRow & { platform: string | null; updateDate: string | null };

export type EarlierFavoriteInfo = {
  /** Internal tender id. */
  id: number;
  etpId: string;
  name: string | null;
  price: number | null;
  publishDate: string | null;
  endDate: string | null;
  region: string | null;
  platform: string | null;
  /** The status code (a name `GET /favorites` listed is read back to its code; an unknown one stays as it came). */
  status: string | null;
  favoritedAt: string;
  /** The newest `update_date` known (the cached copy or what favorites updates showed). */
  updateDate: string | null;
  /** `update_date` is later than `favorited_at` (section 3). */
  changedSinceAdded: boolean;
  /** A version of the tender is held in the cache (its card can open offline once fetched). */
  cached: boolean;
  /** The account was charged for it through this cache. */
  charged: boolean;
};

export type EarlierBalanceInfo = EarlierAccount & {
  /** The next 00:00 Moscow time, when the daily limits reset (the server's `reset_at`). */
  nextResetAt: string;
  /** The client refuses new tenders until then (a daily limit was hit); null when not blocked. */
  blockedUntil: string | null;
  fromCache: boolean;
};

export type ColumnChoice = readonly string[] | string | readonly CsvColumn[] | undefined;
export type EarlierExportRequest = {
  columns?: ColumnChoice;
  delimiter?: CsvDelimiter;
  /** false: notice numbers and INNs as plain text for other programs instead of Excel's `="…"`. */
  keepTextAsText?: boolean;
  signal?: AbortSignal;
  onProgress?: (rows: number, total: number) => void;
};

const unreachable = (e: unknown): boolean => isApiError(e) && e.code === 'network';
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const nameOf = (v: unknown): string | null => (v && typeof v === 'object' ? str((v as Record<string, unknown>).name) : null);
/** `a` is a later instant than `b` (offsets honoured, see `timestampMs`). */
const later = (a: string | null, b: string | null): boolean => (timestampMs(a) ?? NaN) > (timestampMs(b) ?? NaN);

export class EarlierWorkbench {
  readonly client: EarlierApiClient;
  readonly cache: CacheDb;
  private readonly running = new Set<number>();

  constructor(opts: { client: EarlierApiClient; cache: CacheDb }) {
    this.client = opts.client;
    this.cache = opts.cache;
    // Requests left in flight by a process that ended: what they charged is unknown until re-read.
    unsettledStore(this.cache).promoteLeftovers();
  }

  /** The core of a profile over its cache, with its own client (`X-API-Token`, page numbers, its base URL). */
  static open(cache: CacheDb, client: EarlierApiClientOptions): EarlierWorkbench {
    return new EarlierWorkbench({ client: new EarlierApiClient(client), cache });
  }

  // --- Filters ---------------------------------------------------------------------------------------------

  async filters(opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<{ filters: EarlierFilterInfo[]; fromCache: boolean }> {
    let fromCache = opts.refresh === false;
    if (!fromCache) {
      try {
        await mirrorEarlierFilters(this.client, this.cache, opts);
      } catch (e) {
        if (!unreachable(e)) throw e;
        fromCache = true;
      }
    }
    const store = earlierFilterStore(this.cache);
    return { filters: store.filters().map((f) => this.filterInfo(f.id)!), fromCache };
  }

  filterInfo(filterId: number): EarlierFilterInfo | undefined {
    const store = earlierFilterStore(this.cache);
    const f = store.filter(filterId);
    if (!f) return undefined;
    const state: FilterSyncState | undefined = store.syncState(filterId);
    return {
      id: f.id,
      name: f.name,
      description: f.description,
      createdDate: f.createdDate,
      autosearch: f.autosearch,
      gone: f.goneAt !== null,
      cachedCount: store.cachedCount(filterId),
      newSinceSeen: store.newSinceSeen(filterId),
      total: state?.total ?? null,
      lastSyncAt: state?.lastPageAt ?? null,
      complete: state?.lastRunComplete ?? false,
      lastStop: state?.lastStop ?? null,
    };
  }

  /**
   * What loading a filter's new tenders costs, before it pays: the filter's total as the server last stated it
   * minus the tenders already received (a tender is charged once per account, D-E-BILL-1). The estimate is
   * unknown (null) before a first sync states a total: the run is then bounded by its cap. Undefined for a
   * filter not among the account's.
   */
  filterEstimate(filterId: number): { total: number | null; held: number; estimate: number | null } | undefined {
    const info = this.filterInfo(filterId);
    if (!info) return undefined;
    return { total: info.total, held: info.cachedCount, estimate: info.total === null ? null : Math.max(0, info.total - info.cachedCount) };
  }

  markFilterSeen(filterId: number): void {
    earlierFilterStore(this.cache).markSeen(filterId);
  }

  filterTenders(filterId: number, opts: { offset?: number; limit?: number; sort?: TenderSort } = {}): { rows: EarlierTenderListRow[]; count: number } {
    const { rows, count } = earlierFilterStore(this.cache).tenderRows(filterId, opts);
    const objects = new Map(viewQueries(this.cache).objects('tender', rows.map((r) => r.id)).map((o) => [o.id, storedJson(o.json, `tender ${o.id}`) as Record<string, unknown>]));
    return {
      count,
      rows: rows.map((r) => {
        const o = objects.get(r.id) ?? {};
        return { ...r, platform: nameOf(o.platform), updateDate: str(o.update_date) };
      }),
    };
  }

  syncState(filterId: number): FilterSyncState | undefined {
    return earlierFilterStore(this.cache).syncState(filterId);
  }

  /** One run at a time per filter in this process; a second call while one runs is refused. */
  async syncFilter(
    filterId: number,
    opts: { maxSpend?: number; signal?: AbortSignal; onProgress?: (p: EarlierSyncProgress) => void; pageSize?: number } = {},
  ): Promise<EarlierSyncOutcome> {
    if (this.running.has(filterId)) throw new Error(`Filter ${filterId} is already being synced.`);
    this.running.add(filterId);
    try {
      return await syncEarlierFilter(this.client, this.cache, { filterId, ...opts });
    } finally {
      this.running.delete(filterId);
    }
  }

  // --- Cards -----------------------------------------------------------------------------------------------

  openTender(id: number, opts: { positionsPage?: number; positionsPageSize?: number; signal?: AbortSignal } = {}): Promise<OpenedEarlierCard> {
    return openEarlierCard(this.cache, async () => this.client, { id, ...opts });
  }

  /** The cached detail only (no request); undefined when that version and page was never fetched. */
  cachedTender(id: number, opts: { positionsPage?: number; positionsPageSize?: number } = {}): OpenedEarlierCard | undefined {
    return cachedEarlierCard(this.cache, { id, ...opts });
  }

  // --- Favorites -------------------------------------------------------------------------------------------

  async favorites(opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<{ favorites: EarlierFavoriteInfo[]; fromCache: boolean }> {
    let fromCache = opts.refresh === false;
    if (!fromCache) {
      try {
        await mirrorEarlierFavorites(this.client, this.cache, opts);
      } catch (e) {
        if (!unreachable(e)) throw e;
        fromCache = true;
      }
    }
    return { favorites: this.favoriteRows(), fromCache };
  }

  async addFavorite(etpId: string, opts: { signal?: AbortSignal } = {}): Promise<{ success: boolean; isFavorite: boolean; message: string }> {
    return mutation(await changeEarlierFavorite(this.client, this.cache, etpId, 'add', opts));
  }

  async removeFavorite(etpId: string, opts: { signal?: AbortSignal } = {}): Promise<{ success: boolean; isFavorite: boolean; message: string }> {
    return mutation(await changeEarlierFavorite(this.client, this.cache, etpId, 'remove', opts));
  }

  favoriteUpdates(opts: { signal?: AbortSignal } = {}): Promise<FavoriteUpdatesOutcome> {
    return readEarlierFavoriteUpdates(this.client, this.cache, opts);
  }

  private favoriteRows(): EarlierFavoriteInfo[] {
    const versions = versionStore(this.cache);
    const filters = earlierFilterStore(this.cache);
    return earlierFavoriteStore(this.cache)
      .list()
      .map((f) => {
        const latest = versions.latest('tender', f.tenderId)?.object as Record<string, unknown> | undefined;
        const i = f.item;
        const heldDate = str(latest?.update_date);
        const updateDate = heldDate !== null && (f.updateDate === null || !later(f.updateDate, heldDate)) ? heldDate : f.updateDate;
        return {
          id: f.tenderId,
          etpId: f.etpId,
          name: str(latest?.name) ?? str(i.name),
          price: num(latest?.price) ?? num(i.price),
          publishDate: str(latest?.publish_date) ?? str(i.publish_date),
          endDate: str(latest?.end_date) ?? str(i.end_date),
          region: nameOf(latest?.region) ?? str(i.region_name),
          platform: nameOf(latest?.platform) ?? str(i.platform_name),
          // The status code (the stage is named from it, the deadline and the clock), never a name the server sent.
          status: tenderStatusCode(latest) ?? statusCodeOfName(i.status_name) ?? str(i.status_name),
          favoritedAt: f.favoritedAt,
          updateDate,
          changedSinceAdded: later(updateDate, f.favoritedAt),
          cached: latest !== undefined,
          charged: filters.chargeInfo(f.tenderId).charged,
        };
      });
  }

  // --- Money -----------------------------------------------------------------------------------------------

  async balance(opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<EarlierBalanceInfo> {
    let fromCache = opts.refresh === false;
    let account: EarlierAccount | undefined;
    if (!fromCache) {
      try {
        account = await mirrorEarlierBalance(this.client, this.cache, opts);
      } catch (e) {
        if (!unreachable(e)) throw e;
        fromCache = true;
      }
    }
    account ??= earlierAccountStore(this.cache).account();
    if (!account) throw new Error('The balance was never read on this profile and the server cannot be reached.');
    const block = this.client.dailyLimitBlock();
    return {
      ...account,
      nextResetAt: account.limits.tenders.resetAt,
      blockedUntil: block ? block.resetAt : null,
      fromCache,
    };
  }

  async history(
    opts: { refresh?: boolean; offset?: number; limit?: number; signal?: AbortSignal } = {},
  ): Promise<{ rows: EarlierTransaction[]; total: number; fromCache: boolean }> {
    let fromCache = opts.refresh === false;
    if (!fromCache) {
      try {
        await mirrorEarlierHistory(this.client, this.cache, opts);
      } catch (e) {
        if (!unreachable(e) || earlierAccountStore(this.cache).historyFetchedAt() === null) throw e;
        fromCache = true;
      }
    }
    const store = earlierAccountStore(this.cache);
    return { rows: store.transactions({ offset: opts.offset, limit: opts.limit }), total: store.transactionCount(), fromCache };
  }

  // --- Export ----------------------------------------------------------------------------------------------

  exportColumns(): { key: string; header: string }[] {
    return TENDER_COLUMNS.map((c) => ({ key: c.key, header: c.header }));
  }

  defaultExportColumns(): string[] {
    return defaultEarlierColumns().map((c) => c.key);
  }

  exportFilterCsv(filterId: number, out: string | NodeJS.WritableStream, opts: EarlierExportRequest = {}): Promise<EarlierExportResult> {
    return exportEarlierFilterCsv(this.cache, filterId, columnsOf(opts.columns), out, opts);
  }

  exportFavoritesCsv(out: string | NodeJS.WritableStream, opts: EarlierExportRequest = {}): Promise<EarlierExportResult> {
    return exportEarlierFavoritesCsv(this.cache, columnsOf(opts.columns), out, opts);
  }
}

/** Columns by key list (`"id,name"` or `["id","name"]`, checked like `export list --columns`), or the defaults. */
export function columnsOf(choice: ColumnChoice): readonly CsvColumn[] {
  if (choice === undefined) return defaultEarlierColumns();
  if (typeof choice === 'string') return parseColumnList(choice);
  if (choice.length > 0 && typeof choice[0] !== 'string') return choice as readonly CsvColumn[];
  return parseColumnList((choice as readonly string[]).join(','));
}

function mutation(m: FavoriteMutation): { success: boolean; isFavorite: boolean; message: string } {
  return { success: m.success, isFavorite: m.is_favorite, message: m.message ?? '' };
}
