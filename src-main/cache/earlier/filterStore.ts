/**
 * The earlier generation's filters: the read-only mirror (`earlier_filter`), each filter's sync state
 * (`earlier_filter_sync`), its pages stored through the shared write path, and its cached tenders read
 * back page by page with what they cost.
 *
 * A page is stored in ONE transaction with the filter's progress (`resume_offset`, counts) and the
 * settling of its unsettled mark: a crash at any moment leaves either the page and its progress or
 * neither, so a resumed sync never skips what it did not store and never logs a tender twice as charged.
 */
import { perCache, type CacheDb } from '../database';
import { deliveryWriter, type DeliverySummary, type PreparedDelivery } from '../deliveryWriter';
import { nowIso } from '../types';
import { viewQueries, type TenderSort, type TenderViewRow } from '../viewQueries';
import { StoredDataDamageError } from '../damage';
import { decodePack, packDictionary, packMember, SELECT_PACK, type StoredPack } from '../packCodec';
import { earlierDeliveryRules, earlierFilterKey, type EarlierTenderObject } from './delivered';
import { filterUnsettled, unsettledStore } from './unsettled';
import { writeTransaction } from '../writeRetry';

/** A filter as `GET /filters` delivers it (2.5), unknown fields kept. */
export interface EarlierFilterInput {
  id: number;
  name: string;
  description?: string | null;
  created_date?: string | null;
  autosearch: boolean;
  [field: string]: unknown;
}

export interface EarlierFilter {
  id: number;
  name: string;
  description: string | null;
  createdDate: string | null;
  autosearch: boolean;
  /** When the server last returned it. */
  listedAt: string;
  /** The server stopped listing it (its cached tenders stay). */
  goneAt: string | null;
  lastSeenAt: string | null;
  object: Record<string, unknown>;
}

export type SyncStop = 'done' | 'spend_cap' | 'balance_exhausted' | 'daily_limit' | 'cancelled' | 'autosearch_off' | 'license_expired' | 'error';

export interface FilterSyncState {
  filterId: number;
  /** The last run read the filter to its end (or, after such a run, to a page with nothing new). */
  lastRunComplete: boolean;
  /** How many items from the top the unfinished run has read; 0 when the last run was complete. */
  resumeOffset: number;
  /** max(request_seq) when the unfinished (or last) run began: its pages have larger request numbers. */
  runStartedSeq: number;
  runStartedAt: string;
  runPages: number;
  runItems: number;
  runCharged: number;
  /** The server's last `total`. */
  total: number | null;
  lastPageAt: string | null;
  lastStop: SyncStop | null;
  lastCompleteAt: string | null;
}

export interface FilterPageInput {
  filterId: number;
  page: number;
  pageSize: number;
  /** The run's resume offset once this page is stored. */
  resumeOffset: number;
  total: number;
  requestId: string | null;
  /** ISO-8601. */
  receivedAt: string;
  items: readonly EarlierTenderObject[];
  answerLost: boolean;
}

export interface FilterPageSaved {
  summary: DeliverySummary;
  /** Tenders logged as charged on this page (`is_new`, plus those a lost answer paid for). */
  billed: number;
  recovered: number;
}

/** A cached tender of a filter, as a result row shows it, with what it cost and when it came. */
export interface EarlierTenderRow extends TenderViewRow {
  /** Some delivery of this tender to this cache was charged (it is charged once per account). */
  charged: boolean;
  /** When the charged delivery came. */
  chargedAt: string | null;
  /** When this filter first delivered it. */
  firstInFilterAt: string | null;
  /** The filter delivered it after the user last looked at the filter (`markSeen`). */
  newSinceSeen: boolean;
}

export interface EarlierFilterStore {
  /** Mirrors filters the server returned. `complete`: this is the whole list, so filters not in it are gone. */
  upsertFilters(filters: readonly EarlierFilterInput[], opts?: { complete?: boolean; listedAt?: string }): void;
  /** The server answered 404 for this filter: it is gone (its tenders stay); listed again, it is back. */
  markFilterGone(filterId: number, at?: string): void;
  filter(filterId: number): EarlierFilter | undefined;
  /** Every mirrored filter, by id. */
  filters(): EarlierFilter[];
  /** The user looked at the filter's tenders now: "new since seen" counts from here. */
  markSeen(filterId: number): void;
  /** Tenders the filter delivered for the first time since the user last looked. */
  newSinceSeen(filterId: number): number;
  /** Tenders of the filter held in the cache. */
  cachedCount(filterId: number): number;
  syncState(filterId: number): FilterSyncState | undefined;
  /** Starts a run: a fresh one from the top, or resuming the unfinished one at its offset. */
  beginRun(filterId: number, resume: boolean): FilterSyncState;
  /** One page, its progress and the settling of its unsettled mark, in one transaction. */
  savePage(input: FilterPageInput): FilterPageSaved;
  /** Records how the run ended; `complete` also closes it (the next run starts from the top). */
  endRun(filterId: number, stop: SyncStop, complete: boolean): void;
  /** Whether this filter delivered the tender in a request numbered above `afterSeq`. */
  deliveredSince(filterId: number, tenderId: number, afterSeq: number): boolean;
  /** One sorted page of the filter's cached tenders (default: newest received first). */
  tenderRows(filterId: number, opts?: { sort?: TenderSort; offset?: number; limit?: number }): { rows: EarlierTenderRow[]; count: number };
  /** The charge marks of tenders by id (for favorites and other views). */
  chargeInfo(tenderId: number): { charged: boolean; chargedAt: string | null };
  /** The newest held version of every tender of the filter, each compressed pack read once (for CSV). */
  memberVersions(filterId: number): Generator<{ tenderId: number; json: string }>;
}

interface FilterRow {
  filter_id: number;
  name: string;
  description: string | null;
  created_date: string | null;
  autosearch: number;
  json: string;
  listed_at: string;
  gone_at: string | null;
  last_seen_request_seq: number;
  last_seen_at: string | null;
}

interface SyncRow {
  filter_id: number;
  last_run_complete: number;
  resume_offset: number;
  run_started_seq: number;
  run_started_at: string;
  run_pages: number;
  run_items: number;
  run_charged: number;
  total: number | null;
  last_page_at: string | null;
  last_stop: SyncStop | null;
  last_complete_at: string | null;
}

const toFilter = (r: FilterRow): EarlierFilter => ({
  id: r.filter_id,
  name: r.name,
  description: r.description,
  createdDate: r.created_date,
  autosearch: r.autosearch === 1,
  listedAt: r.listed_at,
  goneAt: r.gone_at,
  lastSeenAt: r.last_seen_at,
  object: JSON.parse(r.json) as Record<string, unknown>,
});

const toState = (r: SyncRow): FilterSyncState => ({
  filterId: r.filter_id,
  lastRunComplete: r.last_run_complete === 1,
  resumeOffset: r.resume_offset,
  runStartedSeq: r.run_started_seq,
  runStartedAt: r.run_started_at,
  runPages: r.run_pages,
  runItems: r.run_items,
  runCharged: r.run_charged,
  total: r.total,
  lastPageAt: r.last_page_at,
  lastStop: r.last_stop,
  lastCompleteAt: r.last_complete_at,
});

function createFilterStore(cache: CacheDb): EarlierFilterStore {
  const { db } = cache;
  const writer = deliveryWriter(cache);
  const rules = earlierDeliveryRules(cache);
  const unsettled = unsettledStore(cache);
  const views = viewQueries(cache);
  const s = {
    upsert: db.prepare(
      `INSERT INTO earlier_filter (filter_id, name, description, created_date, autosearch, json, listed_at, gone_at)
       VALUES (@id, @name, @description, @createdDate, @autosearch, @json, @listedAt, NULL)
       ON CONFLICT (filter_id) DO UPDATE SET name = excluded.name, description = excluded.description,
         created_date = excluded.created_date, autosearch = excluded.autosearch, json = excluded.json,
         listed_at = excluded.listed_at, gone_at = NULL`,
    ),
    markGone: db.prepare('UPDATE earlier_filter SET gone_at = ? WHERE gone_at IS NULL AND listed_at < ?'),
    markOneGone: db.prepare('UPDATE earlier_filter SET gone_at = ? WHERE filter_id = ? AND gone_at IS NULL'),
    one: db.prepare<[number], FilterRow>('SELECT * FROM earlier_filter WHERE filter_id = ?'),
    all: db.prepare<[], FilterRow>('SELECT * FROM earlier_filter ORDER BY filter_id'),
    maxSeq: db.prepare<[], number | null>('SELECT max(request_seq) FROM delivery_request').pluck(),
    seen: db.prepare('UPDATE earlier_filter SET last_seen_request_seq = ?, last_seen_at = ? WHERE filter_id = ?'),
    lastSeen: db.prepare<[number], number>('SELECT last_seen_request_seq FROM earlier_filter WHERE filter_id = ?').pluck(),
    newSince: db
      .prepare<[string, number], number>('SELECT coalesce(sum(created), 0) FROM delivery_request WHERE filter_id = ? AND request_seq > ?')
      .pluck(),
    state: db.prepare<[number], SyncRow>('SELECT * FROM earlier_filter_sync WHERE filter_id = ?'),
    freshRun: db.prepare(
      `INSERT INTO earlier_filter_sync (filter_id, last_run_complete, resume_offset, run_started_seq, run_started_at, run_pages, run_items, run_charged)
       VALUES (@filterId, 0, 0, @seq, @at, 0, 0, 0)
       ON CONFLICT (filter_id) DO UPDATE SET last_run_complete = 0, resume_offset = 0, run_started_seq = excluded.run_started_seq,
         run_started_at = excluded.run_started_at, run_pages = 0, run_items = 0, run_charged = 0`,
    ),
    resumeRun: db.prepare('UPDATE earlier_filter_sync SET last_run_complete = 0 WHERE filter_id = ?'),
    progress: db.prepare(
      `UPDATE earlier_filter_sync SET resume_offset = @resumeOffset, run_pages = run_pages + 1, run_items = run_items + @items,
         run_charged = run_charged + @billed, total = @total, last_page_at = @receivedAt WHERE filter_id = @filterId`,
    ),
    end: db.prepare('UPDATE earlier_filter_sync SET last_stop = ? WHERE filter_id = ?'),
    complete: db.prepare('UPDATE earlier_filter_sync SET last_run_complete = 1, resume_offset = 0, last_complete_at = ? WHERE filter_id = ?'),
    deliveredSince: db
      .prepare<[number, string, number], number>(
        `SELECT 1 FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq
         WHERE d.kind = 1 AND d.id = ? AND r.filter_id = ? AND r.request_seq > ? LIMIT 1`,
      )
      .pluck(),
    charge: db.prepare<[{ key: string; id: number }], { charged: number | null; charged_at: string | null; first_in_filter_seq: number | null; first_in_filter_at: string | null }>(
      `SELECT max(d.billed) AS charged,
         min(CASE WHEN d.billed = 1 THEN r.received_at END) AS charged_at,
         min(CASE WHEN r.filter_id = @key THEN r.request_seq END) AS first_in_filter_seq,
         min(CASE WHEN r.filter_id = @key THEN r.received_at END) AS first_in_filter_at
       FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq WHERE d.kind = 1 AND d.id = @id`,
    ),
    members: db
      .prepare<[string], [number, number, number, number]>(
        `SELECT m.id, v.pack_id, v.pack_offset, v.byte_length
         FROM filter_member m JOIN tender t ON t.id = m.id
         JOIN object_version v ON v.kind = 1 AND v.id = m.id AND v.version = t.version
         WHERE m.filter_id = ? AND m.kind = 1 ORDER BY v.pack_id, v.pack_offset`,
      )
      .raw(),
    pack: db.prepare<[number], StoredPack>(SELECT_PACK),
  };

  const upsertAll = writeTransaction(db, (filters: readonly EarlierFilterInput[], complete: boolean, listedAt: string) => {
    for (const f of filters) {
      s.upsert.run({
        id: f.id,
        name: f.name,
        description: f.description ?? null,
        createdDate: f.created_date ?? null,
        autosearch: f.autosearch ? 1 : 0,
        json: JSON.stringify(f),
        listedAt,
      });
    }
    if (complete) s.markGone.run(listedAt, listedAt);
  });

  const save = db.transaction((input: FilterPageInput, prepared: PreparedDelivery, billed: number): DeliverySummary => {
    const summary = writer.write(
      {
        via: 'feed',
        requestId: input.requestId,
        filterId: earlierFilterKey(input.filterId),
        feed: 'tender',
        stream: `page=${input.page}&page_size=${input.pageSize}`,
        receivedAt: input.receivedAt,
      },
      prepared,
    );
    s.progress.run({
      filterId: input.filterId,
      resumeOffset: input.resumeOffset,
      items: input.items.length,
      billed,
      total: input.total,
      receivedAt: input.receivedAt,
    });
    unsettled.settle(filterUnsettled(input.filterId));
    return summary;
  });

  const chargeInfo = (tenderId: number, key = ''): ReturnType<typeof s.charge.get> => s.charge.get({ key, id: tenderId });

  return {
    upsertFilters(filters, opts = {}) {
      upsertAll(filters, opts.complete === true, opts.listedAt ?? nowIso());
    },
    markFilterGone(filterId, at) {
      s.markOneGone.run(at ?? nowIso(), filterId);
    },
    filter(filterId) {
      const r = s.one.get(filterId);
      return r ? toFilter(r) : undefined;
    },
    filters() {
      return s.all.all().map(toFilter);
    },
    markSeen(filterId) {
      s.seen.run(s.maxSeq.get() ?? 0, nowIso(), filterId);
    },
    newSinceSeen(filterId) {
      return s.newSince.get(earlierFilterKey(filterId), s.lastSeen.get(filterId) ?? 0) ?? 0;
    },
    cachedCount(filterId) {
      return views.filterTenderCount(earlierFilterKey(filterId));
    },
    syncState(filterId) {
      const r = s.state.get(filterId);
      return r ? toState(r) : undefined;
    },
    beginRun(filterId, resume) {
      if (resume && s.state.get(filterId)) s.resumeRun.run(filterId);
      else s.freshRun.run({ filterId, seq: s.maxSeq.get() ?? 0, at: nowIso() });
      return toState(s.state.get(filterId)!);
    },
    savePage(input) {
      // Reads first (which tenders are held, which a lost answer paid for), then the one transaction.
      const { items, recovered } = rules.itemsOf(input.items, { filterKey: earlierFilterKey(input.filterId), answerLost: input.answerLost });
      const billed = items.filter((i) => i.billed).length;
      const prepared = writer.prepare(items);
      const summary = writer.transact(() => save.immediate(input, prepared, billed));
      return { summary, billed, recovered };
    },
    endRun(filterId, stop, complete) {
      s.end.run(stop, filterId);
      if (complete) s.complete.run(nowIso(), filterId);
    },
    deliveredSince(filterId, tenderId, afterSeq) {
      return s.deliveredSince.get(tenderId, earlierFilterKey(filterId), afterSeq) !== undefined;
    },
    tenderRows(filterId, opts = {}) {
      const key = earlierFilterKey(filterId);
      const { rows, count } = views.filterTenders(key, opts.sort, opts.offset ?? 0, opts.limit ?? 100);
      const lastSeen = s.lastSeen.get(filterId) ?? 0;
      return {
        count,
        rows: rows.map((row) => {
          const c = chargeInfo(row.id, key);
          return {
            ...row,
            charged: c?.charged === 1,
            chargedAt: c?.charged_at ?? null,
            firstInFilterAt: c?.first_in_filter_at ?? null,
            newSinceSeen: c?.first_in_filter_seq != null && c.first_in_filter_seq > lastSeen,
          };
        }),
      };
    },
    chargeInfo(tenderId) {
      const c = chargeInfo(tenderId);
      return { charged: c?.charged === 1, chargedAt: c?.charged_at ?? null };
    },
    *memberVersions(filterId) {
      // The positions only (a few numbers per member) are read whole, so no statement stays open while
      // the caller streams; members are ordered by where their JSON lives, so each pack is inflated once.
      const rows = s.members.all(earlierFilterKey(filterId));
      let packId = -1;
      let raw: Buffer = Buffer.alloc(0);
      for (const [tenderId, pack, offset, length] of rows) {
        if (pack !== packId) {
          const stored = s.pack.get(pack);
          if (!stored) throw new StoredDataDamageError(`pack ${pack}`, `missing (tender ${tenderId})`);
          raw = decodePack(pack, stored, packDictionary(db));
          packId = pack;
        }
        yield { tenderId, json: packMember(raw, offset, length, pack) };
      }
    },
  };
}

export const earlierFilterStore = perCache(createFilterStore);
