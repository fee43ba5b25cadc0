/**
 * Feeds: for each filter, a tender feed and a contract feed — append-only sequences of `created` and
 * `updated` items, shared by every subscriber of the filter (the "shared cache" of the reference).
 *
 * A criteria feed is collected in the background from a consistent snapshot of the catalogue (a read
 * transaction on its own connection, so the boundary is fixed once), then caught up with what was
 * discovered after the boundary, then kept live as the world moves on. List feeds are explicit sets and are
 * ready at once. Events are relative to the feed (decision D-Q-7).
 */
import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import type { Criteria } from '../api/schemas';
import { configureConnection } from '../store/world';
import { criteriaSql, normalizeSet, supplierSql, wayOfParams, type SetDefinition, type SupplierCriteria, type Way } from './filterSet';
import type { EventName, FeedKind } from './cursor';

export type FilterRow = { filter_id: string; way: Way; params: string; owner_account_id: number | null; created_at: string };
export type FeedRow = {
  id: number;
  filter_id: string;
  kind: FeedKind;
  generation: number;
  state: 'collecting' | 'ready';
  boundary_seq: number;
  live_seq: number;
  next_pos: number;
  members: number;
};
export type FeedItem = { pos: number; object_id: number; version: number; event: EventName };
export type LogEntry = { seq: number; kind: 'tender' | 'contract'; object_id: number; version: number };

export type CollectionPace = { itemsPerStep: number; stepMs: number };

type Job = { cancelled: boolean; reader: Database.Database; rows?: IterableIterator<unknown> };

export class FeedEngine {
  /** Emits `changed` (feedId) whenever items are appended, for long-polling readers (`wait`). */
  readonly events = new EventEmitter();
  /** Set from the sandbox's conduct (D-Q-6); `POST /__sandbox/collection` changes it. */
  pace: CollectionPace;
  private readonly jobs = new Map<number, Job>();

  constructor(
    private readonly db: Database.Database,
    private readonly dbPath: string,
    private readonly nowIso: () => string,
    pace: CollectionPace,
  ) {
    this.pace = { ...pace };
    this.events.setMaxListeners(0);
  }

  // ------------------------------------------------------------------------------------------- filters

  ensureFilter(def: SetDefinition, ownerAccountId: number | null): FilterRow {
    const { filterId, params } = normalizeSet(def);
    this.db
      .prepare('INSERT OR IGNORE INTO filters(filter_id, way, params, owner_account_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(filterId, def.way, JSON.stringify(params), ownerAccountId, this.nowIso());
    return this.filter(filterId)!;
  }

  filter(filterId: string): FilterRow | undefined {
    return this.db.prepare('SELECT * FROM filters WHERE filter_id = ?').get(filterId) as FilterRow | undefined;
  }

  // --------------------------------------------------------------------------------------------- feeds

  feed(filterId: string, kind: FeedKind): FeedRow | undefined {
    return this.db.prepare('SELECT * FROM feeds WHERE filter_id = ? AND kind = ?').get(filterId, kind) as FeedRow | undefined;
  }

  feedById(id: number): FeedRow {
    return this.db.prepare('SELECT * FROM feeds WHERE id = ?').get(id) as FeedRow;
  }

  /** The feed, created (and its collection started) on first use. */
  ensureFeed(filter: FilterRow, kind: FeedKind): FeedRow {
    const existing = this.feed(filter.filter_id, kind);
    if (existing) {
      if (existing.state === 'collecting' && !this.jobs.has(existing.id)) this.startCollection(existing.id);
      return existing;
    }
    const head = this.logHead();
    const info = this.db
      .prepare(
        `INSERT INTO feeds(filter_id, kind, generation, state, boundary_seq, live_seq, next_pos, members)
         VALUES (?, ?, 1, 'collecting', ?, ?, 1, 0)`,
      )
      .run(filter.filter_id, kind, head, head);
    const id = Number(info.lastInsertRowid);
    if (filter.way === 'list') this.populateListFeed(id, filter);
    else this.startCollection(id);
    return this.feedById(id);
  }

  /** `POST /__sandbox/rebuild`: a new generation; old cursors get 409 (D-Q-11). */
  rebuild(filterId: string): number {
    const feeds = this.db.prepare('SELECT id FROM feeds WHERE filter_id = ?').all(filterId) as { id: number }[];
    const filter = this.filter(filterId);
    for (const { id } of feeds) {
      this.cancelJob(id);
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM feed_items WHERE feed_id = ?').run(id);
        this.db.prepare('DELETE FROM feed_members WHERE feed_id = ?').run(id);
        const head = this.logHead();
        this.db
          .prepare(
            `UPDATE feeds SET generation = generation + 1, state = 'collecting', boundary_seq = ?, live_seq = ?, next_pos = 1, members = 0 WHERE id = ?`,
          )
          .run(head, head, id);
      })();
      if (filter?.way === 'list') this.populateListFeed(id, filter);
      else this.startCollection(id);
    }
    return feeds.length;
  }

  readItems(feedId: number, afterPos: number, events: readonly EventName[], limit: number): FeedItem[] {
    if (events.length === 1) {
      return this.db
        .prepare('SELECT pos, object_id, version, event FROM feed_items WHERE feed_id = ? AND event = ? AND pos > ? ORDER BY pos LIMIT ?')
        .all(feedId, events[0], afterPos, limit) as FeedItem[];
    }
    return this.db
      .prepare('SELECT pos, object_id, version, event FROM feed_items WHERE feed_id = ? AND pos > ? ORDER BY pos LIMIT ?')
      .all(feedId, afterPos, limit) as FeedItem[];
  }

  /** Members of a contract feed that a supplier post-filter keeps. */
  countMembersBySupplier(feedId: number, supplier: SupplierCriteria): number {
    const s = supplierSql(supplier);
    const row = this.db
      .prepare(
        `SELECT count(*) AS n FROM feed_members m JOIN contracts k ON k.id = m.object_id JOIN organizations s ON s.id = k.supplier_id
         WHERE m.feed_id = ? AND ${s.where.join(' AND ')}`,
      )
      .get(feedId, ...s.params) as { n: number };
    return row.n;
  }

  contractMatchesSupplier(contractId: number, supplier: SupplierCriteria): boolean {
    const s = supplierSql(supplier);
    return !!this.db
      .prepare(`SELECT 1 FROM contracts k JOIN organizations s ON s.id = k.supplier_id WHERE k.id = ? AND ${s.where.join(' AND ')}`)
      .get(contractId, ...s.params);
  }

  // ------------------------------------------------------------------------------------- live updates

  /** New discovery-log entries (a tick): every ready feed takes them; collecting feeds catch up later. */
  applyNewEntries(): void {
    const ready = this.db.prepare("SELECT * FROM feeds WHERE state = 'ready'").all() as FeedRow[];
    for (const feed of ready) this.catchUp(feed);
  }

  /** List membership changed: list feeds follow at once (D-LIST-5). */
  onListItemsAdded(listId: string, tenderIds: readonly number[]): void {
    const filterId = normalizeSet({ way: 'list', params: { list_id: listId } }).filterId;
    const tenderFeed = this.feed(filterId, 'tender');
    const contractFeed = this.feed(filterId, 'contract');
    this.db.transaction(() => {
      if (tenderFeed) {
        const current = this.db.prepare('SELECT id, version FROM tenders WHERE id = ?');
        for (const id of tenderIds) {
          const t = current.get(id) as { id: number; version: number } | undefined;
          if (t) this.admit(tenderFeed.id, t.id, t.version);
        }
      }
      if (contractFeed) {
        const contracts = this.db.prepare('SELECT id, version FROM contracts WHERE tender_id = ? ORDER BY id');
        for (const id of tenderIds) {
          for (const k of contracts.all(id) as { id: number; version: number }[]) this.admit(contractFeed.id, k.id, k.version);
        }
      }
    })();
    for (const f of [tenderFeed, contractFeed]) if (f) this.events.emit('changed', f.id);
  }

  onListItemsRemoved(listId: string, tenderIds: readonly number[]): void {
    const filterId = normalizeSet({ way: 'list', params: { list_id: listId } }).filterId;
    const tenderFeed = this.feed(filterId, 'tender');
    const contractFeed = this.feed(filterId, 'contract');
    this.db.transaction(() => {
      const drop = this.db.prepare('DELETE FROM feed_members WHERE feed_id = ? AND object_id = ?');
      if (tenderFeed) for (const id of tenderIds) drop.run(tenderFeed.id, id);
      if (contractFeed) {
        const contracts = this.db.prepare('SELECT id FROM contracts WHERE tender_id = ?');
        for (const id of tenderIds) for (const k of contracts.all(id) as { id: number }[]) drop.run(contractFeed.id, k.id);
      }
      for (const f of [tenderFeed, contractFeed]) if (f) this.refreshMemberCount(f.id);
    })();
  }

  close(): void {
    for (const id of [...this.jobs.keys()]) this.cancelJob(id);
    this.events.removeAllListeners();
  }

  // --------------------------------------------------------------------------------------- internals

  private logHead(): number {
    return (this.db.prepare('SELECT coalesce(max(seq), 0) AS m FROM discovery_log').get() as { m: number }).m;
  }

  /** Appends a `created` item when the object is not a member yet, an `updated` one when it is. */
  private admit(feedId: number, objectId: number, version: number, onlyIfNew = false): void {
    const isMember = !!this.db.prepare('SELECT 1 FROM feed_members WHERE feed_id = ? AND object_id = ?').get(feedId, objectId);
    if (isMember && onlyIfNew) return;
    const pos = (this.db.prepare('SELECT next_pos FROM feeds WHERE id = ?').get(feedId) as { next_pos: number }).next_pos;
    this.db
      .prepare('INSERT INTO feed_items(feed_id, pos, object_id, version, event) VALUES (?, ?, ?, ?, ?)')
      .run(feedId, pos, objectId, version, isMember ? 'updated' : 'created');
    if (!isMember) {
      this.db.prepare('INSERT INTO feed_members(feed_id, object_id) VALUES (?, ?)').run(feedId, objectId);
      this.db.prepare('UPDATE feeds SET next_pos = next_pos + 1, members = members + 1 WHERE id = ?').run(feedId);
    } else {
      this.db.prepare('UPDATE feeds SET next_pos = next_pos + 1 WHERE id = ?').run(feedId);
    }
  }

  private refreshMemberCount(feedId: number): void {
    this.db.prepare('UPDATE feeds SET members = (SELECT count(*) FROM feed_members WHERE feed_id = ?) WHERE id = ?').run(feedId, feedId);
  }

  private populateListFeed(feedId: number, filter: FilterRow): void {
    const { list_id } = JSON.parse(filter.params) as { list_id: string };
    const feed = this.feedById(feedId);
    this.db.transaction(() => {
      const sql =
        feed.kind === 'tender'
          ? `SELECT t.id, t.version FROM lists l JOIN list_items i ON i.list_id = l.id JOIN tenders t ON t.id = i.tender_id
             WHERE l.list_id = ? ORDER BY t.id`
          : `SELECT k.id, k.version FROM lists l JOIN list_items i ON i.list_id = l.id JOIN contracts k ON k.tender_id = i.tender_id
             WHERE l.list_id = ? ORDER BY k.id`;
      for (const r of this.db.prepare(sql).all(list_id) as { id: number; version: number }[]) this.admit(feedId, r.id, r.version, true);
      this.db.prepare("UPDATE feeds SET state = 'ready', live_seq = ? WHERE id = ?").run(this.logHead(), feedId);
    })();
  }

  /** The snapshot query: current members of the set, in object discovery order. */
  private snapshotSql(filter: FilterRow, kind: FeedKind): { sql: string; params: unknown[] } {
    const params = JSON.parse(filter.params) as Record<string, unknown>;
    if (filter.way === 'criteria') {
      const m = criteriaSql(params as Criteria, kind === 'contract');
      const conds = m.where.length ? 'AND ' + m.where.join(' AND ') : '';
      const from = m.match
        ? `tender_fts f JOIN tenders t ON t.id = f.rowid JOIN organizations c ON c.id = t.customer_id`
        : `tenders t JOIN organizations c ON c.id = t.customer_id`;
      const matchCond = m.match ? 'tender_fts MATCH ?' : '1';
      const order = m.match ? 'f.rowid' : 't.id';
      if (kind === 'tender') {
        return { sql: `SELECT t.id, t.version FROM ${from} WHERE ${matchCond} ${conds} ORDER BY ${order}`, params: [...(m.match ? [m.match] : []), ...m.params] };
      }
      return {
        sql: `SELECT k.id, k.version FROM contracts k JOIN (SELECT t.id AS tid FROM ${from} WHERE ${matchCond} ${conds}) sel ON sel.tid = k.tender_id ORDER BY k.id`,
        params: [...(m.match ? [m.match] : []), ...m.params],
      };
    }
    if (filter.way === 'tender_ids') {
      const ids = (params as { tender_ids: number[] }).tender_ids;
      return { sql: `SELECT k.id, k.version FROM contracts k WHERE k.tender_id IN (${ids.map(() => '?').join(',')}) ORDER BY k.id`, params: ids };
    }
    // supplier subscription
    const s = supplierSql((params as { supplier: SupplierCriteria }).supplier);
    return {
      sql: `SELECT k.id, k.version FROM contracts k JOIN organizations s ON s.id = k.supplier_id WHERE ${s.where.join(' AND ')} ORDER BY k.id`,
      params: s.params,
    };
  }

  private startCollection(feedId: number): void {
    this.cancelJob(feedId);
    const feed = this.feedById(feedId);
    const filter = this.filter(feed.filter_id)!;
    const reader = new Database(this.dbPath, { readonly: true });
    configureConnection(reader);
    const job: Job = { cancelled: false, reader };
    this.jobs.set(feedId, job);
    // One read transaction for the whole snapshot: the boundary is fixed once (reference section 1).
    reader.exec('BEGIN');
    const boundary = (reader.prepare('SELECT coalesce(max(seq), 0) AS m FROM discovery_log').get() as { m: number }).m;
    this.db.prepare('UPDATE feeds SET boundary_seq = ?, live_seq = ? WHERE id = ?').run(boundary, boundary, feedId);
    const { sql, params } = this.snapshotSql(filter, feed.kind);
    const rows = reader.prepare(sql).iterate(...params) as IterableIterator<{ id: number; version: number }>;
    job.rows = rows;
    const generation = feed.generation;

    const step = (): void => {
      if (job.cancelled) return;
      const batch: { id: number; version: number }[] = [];
      let done = false;
      try {
        while (batch.length < this.pace.itemsPerStep) {
          const r = rows.next();
          if (r.done) { done = true; break; }
          batch.push(r.value);
        }
      } catch (e) {
        // A catalogue query that cannot run (it should not happen) must not leave the feed collecting forever.
        console.error('[sandbox] collection failed', e);
        done = true;
      }
      this.db.transaction(() => {
        const current = this.feedById(feedId);
        if (current.generation !== generation) return;
        const insert = this.db.prepare("INSERT INTO feed_items(feed_id, pos, object_id, version, event) VALUES (?, ?, ?, ?, 'created')");
        const member = this.db.prepare('INSERT OR IGNORE INTO feed_members(feed_id, object_id) VALUES (?, ?)');
        let pos = current.next_pos;
        for (const r of batch) {
          if (member.run(feedId, r.id).changes === 0) continue;
          insert.run(feedId, pos++, r.id, r.version);
        }
        this.db.prepare('UPDATE feeds SET next_pos = ?, members = members + ? WHERE id = ?').run(pos, pos - current.next_pos, feedId);
      })();
      if (batch.length) this.events.emit('changed', feedId);
      if (!done) {
        setTimeout(step, this.pace.stepMs);
        return;
      }
      this.finishJob(feedId, job);
      const ready = this.feedById(feedId);
      if (ready.generation !== generation) return;
      this.db.prepare("UPDATE feeds SET state = 'ready' WHERE id = ?").run(feedId);
      this.catchUp(this.feedById(feedId));
      this.events.emit('changed', feedId);
    };
    setTimeout(step, 0);
  }

  private finishJob(feedId: number, job: Job): void {
    job.cancelled = true;
    // A job stopped mid-snapshot (reset, rebuild, close) has its iterator open: the connection stays busy
    // and cannot close until the iterator is ended.
    job.rows?.return?.();
    try {
      if (job.reader.inTransaction) job.reader.exec('COMMIT');
    } catch {
      /* an open iterator keeps the connection busy; closing ends the transaction anyway */
    }
    job.reader.close();
    if (this.jobs.get(feedId) === job) this.jobs.delete(feedId);
  }

  private cancelJob(feedId: number): void {
    const job = this.jobs.get(feedId);
    if (job) this.finishJob(feedId, job);
  }

  /** Applies the log entries after `live_seq` to a ready feed. */
  private catchUp(feed: FeedRow): void {
    const entries = this.db
      .prepare('SELECT seq, kind, object_id, version FROM discovery_log WHERE seq > ? ORDER BY seq')
      .all(feed.live_seq) as LogEntry[];
    if (!entries.length) return;
    const filter = this.filter(feed.filter_id)!;
    const params = JSON.parse(filter.params) as Record<string, unknown>;
    const way = wayOfParams(params);
    let appended = false;
    this.db.transaction(() => {
      for (const e of entries) {
        if (e.kind !== feed.kind) continue;
        const isMember = !!this.db.prepare('SELECT 1 FROM feed_members WHERE feed_id = ? AND object_id = ?').get(feed.id, e.object_id);
        if (isMember || this.entryJoinsSet(way, params, feed, e)) {
          this.admit(feed.id, e.object_id, e.version);
          appended = true;
        }
      }
      this.db.prepare('UPDATE feeds SET live_seq = ? WHERE id = ?').run(entries[entries.length - 1]!.seq, feed.id);
    })();
    if (appended) this.events.emit('changed', feed.id);
  }

  /** Whether a newly discovered version of a non-member brings its object into the set. */
  private entryJoinsSet(way: Way, params: Record<string, unknown>, feed: FeedRow, e: LogEntry): boolean {
    if (way === 'criteria') {
      const m = criteriaSql(params as Criteria, feed.kind === 'contract');
      const conds = [...m.where];
      const args: unknown[] = [...m.params];
      if (m.match) {
        conds.push('t.id IN (SELECT rowid FROM tender_fts WHERE tender_fts MATCH ?)');
        args.push(m.match);
      }
      const where = conds.length ? 'AND ' + conds.join(' AND ') : '';
      if (feed.kind === 'tender') {
        // Matched against the discovered version itself, not whatever is current now.
        const sql = `SELECT 1 FROM (
            SELECT t0.id, t0.purchase_type, t0.placement_type, t0.platform, t0.region, t0.customer_id, t0.okpd2,
                   t0.publish_date, t0.start_date, v.status, v.price, v.end_date
            FROM tenders t0 JOIN tender_versions v ON v.tender_id = t0.id AND v.version = ? WHERE t0.id = ?) t
          JOIN organizations c ON c.id = t.customer_id WHERE 1 ${where}`;
        return !!this.db.prepare(sql).get(e.version, e.object_id, ...args);
      }
      const sql = `SELECT 1 FROM contracts k JOIN tenders t ON t.id = k.tender_id JOIN organizations c ON c.id = t.customer_id
                   WHERE k.id = ? ${where}`;
      return !!this.db.prepare(sql).get(e.object_id, ...args);
    }
    if (feed.kind !== 'contract') return false;
    if (way === 'list') {
      const { list_id } = params as { list_id: string };
      return !!this.db
        .prepare('SELECT 1 FROM contracts k JOIN list_items i ON i.tender_id = k.tender_id JOIN lists l ON l.id = i.list_id WHERE k.id = ? AND l.list_id = ?')
        .get(e.object_id, list_id);
    }
    if (way === 'tender_ids') {
      const ids = (params as { tender_ids: number[] }).tender_ids;
      return !!this.db
        .prepare(`SELECT 1 FROM contracts WHERE id = ? AND tender_id IN (${ids.map(() => '?').join(',')})`)
        .get(e.object_id, ...ids);
    }
    return this.contractMatchesSupplier(e.object_id, (params as { supplier: SupplierCriteria }).supplier);
  }
}
