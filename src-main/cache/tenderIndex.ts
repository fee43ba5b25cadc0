/**
 * The searchable side of cached tenders: one `tender` row (latest version, result-row fields) and one
 * `tender_fts` row per tender. Written in the transaction that stores a version or a card; read by
 * offlineSearch.ts. The tag spelling here is shared by both sides.
 *
 * The FTS row holds the folded text (title, description, customer, position titles from cached cards)
 * and tags for the structured filters that rarely change. A new version rewrites the FTS row only when
 * what it would hold changed (the fingerprint in `tender.indexed_hash`), which skips most updates.
 */
import type Database from 'better-sqlite3';
import { StoredDataDamageError } from './damage';
import { packMember, SELECT_PACK, type StoredPack } from './packCodec';
import { storedJson } from './storedJson';
import { tenderView } from './appIndex';
import { createCustomerRefs, createLabelRefs, type LabelRefs } from './labelRefs';
import { boundCode, storedCurrency, storedLaw, storedStatus, TENDER_ROW_CODES_SCHEMA } from './tenderRowCodes';
import { storedViewDate } from './viewDates';
import { timestampMs } from '../api/earlier/limits';
import { tenderLaw } from '../domain/laws';
import { tenderStatusCode } from '../domain/tenderStage';

/** Leading character of every tag. A letter for the tokenizer, so a tag is one token; queries drop it. */
export const TAG_MARK = 'ʘ';

export interface TenderFields {
  name: string | null;
  description: string | null;
  customer: string | null;
  price: number | null;
  /** Unix seconds. */
  publishAt: number | null;
  endAt: number | null;
  region: number | null;
  status: string | null;
  law: string | null;
  okpd2: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Unix seconds of an ISO-8601 timestamp, or null. An offset names its own instant; one written without an
 * offset is Moscow time (timestampMs), never the local time of the machine the cache happens to run on.
 */
export function isoSeconds(v: unknown): number | null {
  const ms = timestampMs(v);
  return ms === null ? null : Math.floor(ms / 1000);
}

/** The fields search needs, read defensively from a tender as delivered (summary or card). */
export function tenderFields(object: unknown): TenderFields {
  const o = isRecord(object) ? object : {};
  const org = isRecord(o.organization) ? o.organization : isRecord(o.customer) ? o.customer : {};
  const region = isRecord(o.region) ? num(o.region.id) : num(o.region);
  // The code (else the earlier generation's id): the same words for both generations, so status filters work alike.
  const status = tenderStatusCode(o);
  const okpd2: string[] = [];
  if (Array.isArray(o.okpd2)) {
    for (const entry of o.okpd2) {
      const code = isRecord(entry) ? str(entry.code) : str(entry);
      if (code) okpd2.push(code);
    }
  }
  return {
    name: str(o.name) ?? str(o.title),
    description: str(o.description),
    customer: str(org.name),
    price: num(o.price),
    publishAt: isoSeconds(o.publish_date),
    endAt: isoSeconds(o.end_date),
    region,
    status: status === null ? null : foldStatus(status),
    law: tenderLaw(o),
    okpd2,
  };
}

/** ё is е for search, as on the server (D-Q-2); the tokenizer folds case but keeps ё. */
export function foldYo(s: string): string {
  return s.includes('ё') || s.includes('Ё') ? s.replace(/ё/g, 'е').replace(/Ё/g, 'Е') : s;
}

const tagWord = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export const regionTag = (id: number): string => `${TAG_MARK}r${id}`;
/** Status codes are compared folded: trimmed and lower case. */
export const foldStatus = (code: string): string => code.trim().toLowerCase();
export const lawTag = (law: string): string => `${TAG_MARK}l${tagWord(law)}`;
/** OKPD2 prefix tag: the digits of the code up to that length (`26.20.1` -> `ʘo26201`). */
export const okpd2Tag = (digits: string): string => `${TAG_MARK}o${digits}`;
export const priceTag = (band: number): string => `${TAG_MARK}c${band}`;
/** Publication (`p`) or closing (`e`) date: by Moscow calendar month (`ʘp202607`) and by week (`ʘpw2949`). */
export const monthTag = (which: 'p' | 'e', month: number): string => `${TAG_MARK}${which}${month}`;
export const weekTag = (which: 'p' | 'e', week: number): string => `${TAG_MARK}${which}w${week}`;

/** Price bands: three per decade of rubles, by fixed thresholds so the band of a price is monotonic. */
const PRICE_THRESHOLDS: number[] = Array.from({ length: 61 }, (_, k) => 10 ** (k / 3));
export function priceBand(price: number): number {
  let lo = 0;
  let hi = PRICE_THRESHOLDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (PRICE_THRESHOLDS[mid]! <= price) lo = mid + 1;
    else hi = mid;
  }
  return lo; // 0 below 1 ruble
}

const MSK_OFFSET = 3 * 3600;
/** Number of the 7-day span (counted from 1970-01-01 in Moscow time) holding a Unix time. */
export function moscowWeek(seconds: number): number {
  return Math.floor((seconds + MSK_OFFSET) / (7 * 86_400));
}

/** Moscow calendar month of a Unix time as yyyymm (Russia keeps UTC+3 all year). */
export function moscowMonth(seconds: number): number {
  const d = new Date((seconds + MSK_OFFSET) * 1000);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
}

/** Small caches of tag spellings: OKPD2 codes, laws and months repeat across tenders. */
const okpd2TagCache = new Map<string, readonly string[]>();
const lawTagCache = new Map<string, string>();
const monthOfDay = new Map<number, number>();

function cached<K, V>(cache: Map<K, V>, key: K, make: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    if (cache.size > 100_000) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/**
 * OKPD2 prefix levels that get a tag: class, subclass, group, subgroup, type (2-6 digits: what people
 * type, `26` ... `26.20.11`) and the whole code. A prefix of 7 or 8 digits is found among whole codes.
 */
export const OKPD2_TAGGED_DIGITS = 6;

/** The prefix tags of one OKPD2 code. */
function okpd2Tags(code: string): readonly string[] {
  return cached(okpd2TagCache, code, () => {
    const digits = code.replace(/\D/g, '');
    const made: string[] = [];
    for (let len = 2; len <= Math.min(digits.length, OKPD2_TAGGED_DIGITS); len++) made.push(okpd2Tag(digits.slice(0, len)));
    if (digits.length > OKPD2_TAGGED_DIGITS) made.push(okpd2Tag(digits));
    return made;
  });
}

const DAY = 86_400;
const monthOf = (seconds: number): number => cached(monthOfDay, Math.floor((seconds + MSK_OFFSET) / DAY), () => moscowMonth(seconds));

/**
 * Tags of the fields that rarely change between versions, space separated. The status is left out on
 * purpose: most new versions change only the status (and dates or price within their band), and
 * rewriting an FTS row costs ~100 us (the delete leaves a tombstone in every segment that holds the row).
 * Status is checked on the `tender` row instead; its rarest value is still a few percent of tenders, so
 * that check stays cheap.
 */
export function tenderTags(f: TenderFields): string {
  const tags: string[] = [];
  if (f.region !== null) tags.push(regionTag(f.region));
  if (f.law) tags.push(cached(lawTagCache, f.law, lawTag));
  if (f.okpd2.length === 1) tags.push(...okpd2Tags(f.okpd2[0]!));
  else if (f.okpd2.length > 1) tags.push(...new Set(f.okpd2.flatMap(okpd2Tags)));
  if (f.price !== null) tags.push(priceTag(priceBand(f.price)));
  if (f.publishAt !== null) tags.push(monthTag('p', monthOf(f.publishAt)), weekTag('p', moscowWeek(f.publishAt)));
  if (f.endAt !== null) tags.push(monthTag('e', monthOf(f.endAt)), weekTag('e', moscowWeek(f.endAt)));
  return tags.join(' ');
}

/** What the FTS row of a tender holds: folded text, then the tags. */
export function ftsBody(f: TenderFields, positionTitles: string | null): string {
  let text = '';
  for (const part of [f.name, f.description, f.customer, positionTitles]) if (part) text = text === '' ? part : `${text}\n${part}`;
  // The marker never reaches the index from text, so a word can never pass for a tag.
  if (text.includes(TAG_MARK)) text = text.split(TAG_MARK).join(' ');
  return `${foldYo(text)}\n${tenderTags(f)}`;
}

/** 52-bit fingerprint of a string (two 32-bit FNV-1a variants); equal strings, equal fingerprints. */
export function fingerprint(s: string): number {
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff);
}

interface TenderRowState {
  seq: number;
  version: number;
  customer_ref: number | null;
  publish_at: number | null;
  indexed_hash: number;
  /** From the schema with the row view (0026); null before. */
  customer_inn: string | null;
}

export interface TenderIndexer {
  /**
   * A version of tender `id` was stored for the first time; it becomes the latest when it is newer. Returns
   * the fields read from it when it did, whether the tender is new to the cache, and the customer INN its row held
   * before (the insight upkeep reuses all three: from migration 0036 the INN is read from this row only), else null.
   */
  indexVersion(id: number, version: number, object: unknown, forced?: boolean): { fields: TenderFields; isNew: boolean; innBefore: string | null } | null;
  /**
   * Titles of positions from a cached card of `version`. Kept per tender for the newest card version
   * (pages of the same version add up) and indexed with the latest tender version. Returns whether the
   * titles kept changed.
   */
  addPositionTitles(id: number, version: number, titles: readonly string[]): boolean;
  /** Rebuilds the FTS row of tender `id` from its latest version when what it would hold changed. */
  refresh(id: number, latestObject: unknown): void;
  /**
   * Writes the FTS rows queued by `indexVersion` and `refresh`, in rowid order. Must run inside the
   * transaction that queued them, before it commits (deliveryWriter.write ends with it).
   */
  writeQueued(): void;
  /**
   * The transaction that used this indexer ended: `committed` keeps the customer refs it learned (only
   * for a top-level transaction, whose commit is final), otherwise they are forgotten (a rollback may
   * hand the same ref to another name). FTS rows still queued are dropped with the rollback.
   */
  transactionEnded(committed: boolean): void;
}

/** The schema whose `tender` row also holds what a result row shows beyond it (migration 0026; `tender_view` before). */
export const ROW_VIEW_SCHEMA = 26;

/** The result-row columns `tender` holds from migration 0026, in the order the statements below bind them. */
type RowView = [etpId: string | null, currency: string | bigint | null, regionRef: number | null, customerInn: string | null, publishDate: string | null, endDate: string | null];

/** `customers`: the customer-name refs, shared with the contracts' writer (appIndex.ts) in one delivery writer. */
export function createTenderIndexer(db: Database.Database, customers: LabelRefs = createCustomerRefs(db)): TenderIndexer {
  // A file migrated with a shorter registry (the migration tests open older schemas) keeps them in `tender_view`,
  // which appIndex.ts writes there.
  const schema = db.pragma('user_version', { simple: true }) as number;
  const withView = schema >= ROW_VIEW_SCHEMA;
  // From migration 0037 the status, law and currency are stored as codes (tenderRowCodes.ts); texts before.
  const coded = schema >= TENDER_ROW_CODES_SCHEMA;
  const status = (f: TenderFields): string | bigint | null => (coded ? boundCode(storedStatus(f.status)) : f.status);
  const law = (f: TenderFields): string | bigint | null => (coded ? boundCode(storedLaw(f.law)) : f.law);
  const labels: LabelRefs | null = withView ? createLabelRefs(db) : null;
  const rowView = (object: unknown): RowView => {
    const v = tenderView(object);
    // The instants are the row's publish_at / end_at; a text is kept only when it is not their Moscow rendering.
    return [v.etpId, coded ? boundCode(storedCurrency(v.currency)) : v.currency, labels!.ref(v.regionName), v.customerInn, storedViewDate(v.publishDate).text, storedViewDate(v.endDate).text];
  };
  const viewColumns = withView ? ', etp_id, currency, region_ref, customer_inn, publish_date, end_date' : '';
  const viewValues = withView ? ', ?, ?, ?, ?, ?, ?' : '';
  const viewSet = withView ? ', etp_id = ?, currency = ?, region_ref = ?, customer_inn = ?, publish_date = ?, end_date = ?' : '';
  const s = {
    row: db.prepare<[number], TenderRowState>(
      `SELECT seq, version, customer_ref, publish_at, indexed_hash, ${withView ? 'customer_inn' : 'NULL AS customer_inn'} FROM tender WHERE id = ?`,
    ),
    insert: db.prepare(
      `INSERT INTO tender (id, version, name, customer_ref, price, publish_at, end_at, region, status, law, indexed_hash${viewColumns})
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${viewValues})`,
    ),
    // Two forms: an UPDATE that names a foreign-key column runs the foreign-key check, measured at ~100 us
    // per row inside a busy transaction against ~3 us without it; the customer rarely changes.
    // Nor does it name an indexed column: SQLite rewrites an index entry for every column a SET names, even to
    // the same value, so `publish_at` (index tender_publish_order, in no order of the tenders' ids) is set apart,
    // only when it changed (~17 random index pages a feed page of updates otherwise).
    update: db.prepare(
      `UPDATE tender SET version = ?, name = ?, price = ?, end_at = ?, region = ?,
       status = ?, law = ?, indexed_hash = ?${viewSet} WHERE seq = ?`,
    ),
    updatePublish: db.prepare('UPDATE tender SET publish_at = ? WHERE seq = ?'),
    updateCustomer: db.prepare('UPDATE tender SET customer_ref = ? WHERE seq = ?'),
    setHash: db.prepare('UPDATE tender SET indexed_hash = ? WHERE seq = ?'),
    positions: db.prepare<[number], { version: number; titles: string }>(
      'SELECT version, titles FROM tender_positions_text WHERE tender_id = ?',
    ),
    setPositions: db.prepare(
      `INSERT INTO tender_positions_text (tender_id, version, titles) VALUES (?, ?, ?)
       ON CONFLICT (tender_id) DO UPDATE SET version = excluded.version, titles = excluded.titles`,
    ),
    ftsDelete: db.prepare('DELETE FROM tender_fts WHERE rowid = ?'),
    ftsInsert: db.prepare('INSERT INTO tender_fts (rowid, body) VALUES (?, ?)'),
  };

  const positionTitles = (id: number): string | null => s.positions.get(id)?.titles ?? null;

  // FTS rows are queued and written in rowid order at the end of the transaction. FTS5 flushes its pending
  // terms into a new level-0 segment whenever a write goes to a rowid below the previous one, and each
  // flush runs its share of automatic merging inside the transaction: a page that updates old tenders
  // between new ones (every page of a live feed) wrote up to dozens of tiny segments and merged them again
  // while holding the write lock. In order, a transaction makes one segment, at its commit. Queuing also
  // folds two versions of one tender in the same page into one write.
  const queued = new Map<number, { body: string; replace: boolean }>();
  const writeFts = (seq: number, body: string, replace: boolean): void => {
    const earlier = queued.get(seq);
    // The first write of the transaction says whether a row was in the index before it.
    queued.set(seq, { body, replace: earlier ? earlier.replace : replace });
  };
  const writeQueued = (): void => {
    if (queued.size === 0) return;
    for (const seq of [...queued.keys()].sort((a, b) => a - b)) {
      const { body, replace } = queued.get(seq)!;
      if (replace) s.ftsDelete.run(seq);
      s.ftsInsert.run(seq, body);
    }
    queued.clear();
  };

  return {
    indexVersion(id, version, object, forced = false) {
      const current = s.row.get(id);
      if (current && current.version >= version && !forced) return null; // an older version arriving late is history only
      const f = tenderFields(object);
      const body = ftsBody(f, positionTitles(id));
      const hash = fingerprint(body);
      const ref = customers.ref(f.customer); // names repeat (~25 tenders each): known refs are kept in memory
      if (!current) {
        const view = withView ? rowView(object) : [];
        const seq = Number(
          s.insert.run(id, version, f.name, ref, f.price, f.publishAt, f.endAt, f.region, status(f), law(f), hash, ...view).lastInsertRowid,
        );
        writeFts(seq, body, false);
        return { fields: f, isNew: true, innBefore: null };
      }
      s.update.run(version, f.name, f.price, f.endAt, f.region, status(f), law(f), hash, ...(withView ? rowView(object) : []), current.seq);
      if (f.publishAt !== current.publish_at) s.updatePublish.run(f.publishAt, current.seq);
      if (ref !== current.customer_ref) s.updateCustomer.run(ref, current.seq);
      if (hash !== current.indexed_hash) writeFts(current.seq, body, true);
      return { fields: f, isNew: false, innBefore: current.customer_inn };
    },

    addPositionTitles(id, version, titles) {
      const kept = s.positions.get(id);
      if (kept && kept.version > version) return false;
      const lines = kept && kept.version === version ? kept.titles.split('\n') : [];
      const merged = [...new Set([...lines, ...titles.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean)])];
      const text = merged.join('\n');
      if (kept && kept.version === version && kept.titles === text) return false;
      s.setPositions.run(id, version, text);
      return true;
    },

    writeQueued,

    transactionEnded(committed) {
      queued.clear();
      labels?.transactionEnded(committed);
      customers.transactionEnded(committed);
    },

    refresh(id, latestObject) {
      const current = s.row.get(id);
      if (!current) return;
      const body = ftsBody(tenderFields(latestObject), positionTitles(id));
      const hash = fingerprint(body);
      if (hash === current.indexed_hash) return;
      s.setHash.run(hash, current.seq);
      writeFts(current.seq, body, true);
      writeQueued(); // called on its own (a card's titles), after the page's rows were written
    },
  };
}

/**
 * Rebuilds the whole `tender_fts` index from the latest stored version of every tender, in the format of
 * this build (for a migration that changes what the index holds). Empties the index first, so no row is
 * rewritten twice and no tombstone is left. Works in batches so no large result is held in memory.
 */
export function rebuildTenderIndex(db: Database.Database, decode: (codec: number, body: Buffer, rawBytes?: number, what?: string) => Buffer): number {
  const batch = db.prepare<[number], { seq: number; id: number; pack_id: number; pack_offset: number; byte_length: number; titles: string | null }>(
    `SELECT t.seq, t.id, v.pack_id, v.pack_offset, v.byte_length, p.titles
     FROM tender t JOIN object_version v ON v.kind = 1 AND v.id = t.id AND v.version = t.version
     LEFT JOIN tender_positions_text p ON p.tender_id = t.id
     WHERE t.seq > ? ORDER BY t.seq LIMIT 1000`,
  );
  const pack = db.prepare<[number], StoredPack>(SELECT_PACK);
  const insert = db.prepare('INSERT INTO tender_fts (rowid, body) VALUES (?, ?)');
  const setHash = db.prepare('UPDATE tender SET indexed_hash = ? WHERE seq = ?');
  db.exec("INSERT INTO tender_fts (tender_fts) VALUES ('delete-all')");
  let lastPack = -1;
  let raw: Buffer = Buffer.alloc(0);
  let done = 0;
  for (let after = 0; ; ) {
    const rows = batch.all(after);
    if (rows.length === 0) return done;
    for (const r of rows) {
      if (r.pack_id !== lastPack) {
        const p = pack.get(r.pack_id);
        if (!p) throw new StoredDataDamageError(`pack ${r.pack_id}`, 'missing');
        raw = decode(p.codec, p.body, p.raw_bytes, `pack ${r.pack_id}`);
        lastPack = r.pack_id;
      }
      const object = storedJson(packMember(raw, r.pack_offset, r.byte_length, r.pack_id), `pack ${r.pack_id}`);
      const body = ftsBody(tenderFields(object), r.titles);
      insert.run(r.seq, body);
      setHash.run(fingerprint(body), r.seq);
      done++;
    }
    after = rows[rows.length - 1]!.seq;
  }
}
