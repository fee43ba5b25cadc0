/**
 * Offline full-text search over the cached tenders (their latest versions).
 *
 * What a user types: words (all must match, each in any of its forms: `поставка` also finds `поставки`), "phrases", prefixes (`постав*`, also `"компьютерн техн"*`),
 * `OR` (or `ИЛИ`, `|`) between two alternatives, and minus words or phrases (`-ремонт`). Case and ё/е do not
 * matter. Structured filters: price range, publication and closing date ranges (a date alone is the whole
 * Moscow day), regions, OKPD2 prefixes, statuses and laws.
 *
 * How it stays fast at a million tenders (bench/cache.ts):
 * - Newest first is the default order: FTS5 walks its rowids (tender.seq, which grows with discovery)
 *   backwards and stops at the page size, so a word in half the tenders costs what a rare one does.
 *   Ranking scores every match, so it is opt-in and limited to the newest `rankCap` matches.
 * - Structured filters are tags inside the FTS row (see tenderIndex.ts), intersected by FTS5 in the same
 *   rowid walk; price and dates are also checked exactly on the `tender` row, and the status only there
 *   (it changes with most new versions, so it is not a tag; its rarest value is a few percent of rows).
 * - A prefix is expanded to the words of the index that start with it (at most 64, through the fts5vocab
 *   table) and searched as their OR, which FTS5 walks lazily; a native prefix query would first merge the
 *   whole posting lists of every form. Expansions are kept until the cache changes.
 */
import { perCache, type CacheDb } from './database';
import { OfflineQueryError } from './errors';
import { text, type Text } from '../i18n/text';
import { indexStems } from '../domain/russianStem';
import {
  foldYo,
  isoSeconds,
  lawTag,
  monthTag,
  moscowMonth,
  moscowWeek,
  weekTag,
  okpd2Tag,
  OKPD2_TAGGED_DIGITS,
  priceBand,
  priceTag,
  regionTag,
  foldStatus,
  TAG_MARK,
} from './tenderIndex';
import { lawSql, statusMatches, statusSql } from './tenderRowCodes';

export interface NumberRange {
  from?: number;
  to?: number;
}

/** ISO-8601 dates or timestamps, both ends inclusive; a date alone means the whole day in Moscow time. */
export interface DateRange {
  from?: string;
  to?: string;
}

export interface OfflineQuery {
  text?: string;
  price?: NumberRange;
  publishDate?: DateRange;
  endDate?: DateRange;
  regions?: readonly number[];
  /** OKPD2 prefixes at any level: `26`, `26.2`, `26.20.11.110`. */
  okpd2?: readonly string[];
  /** Status codes: active, completed, cancelled. */
  status?: readonly string[];
  /** 44-FZ, 223-FZ, commercial. */
  law?: readonly string[];
  /** Only these tenders (e.g. the ones a marks filter holds for); an empty list matches none. */
  ids?: readonly number[];
}

export interface OfflineSearchOptions {
  /** newest (default): discovery order, newest first. relevance: bm25 over the newest `rankCap` matches. */
  order?: 'newest' | 'relevance';
  /** Rows per page, 1-500, default 50. */
  limit?: number;
  /** Rows to skip, 0-10000 (prefer `before` for newest order). */
  offset?: number;
  /** Keyset paging in newest order: only rows older than this `seq` (the `nextBefore` of the previous page). */
  before?: number;
  /** How many of the newest matches relevance ranks, 1-10000, default 1000. */
  rankCap?: number;
}

/** A result row: the tender's latest version as far as a list needs it; no snippets. */
export interface OfflineTenderRow {
  /** Discovery order in this cache; larger is newer. */
  seq: number;
  id: number;
  version: number;
  name: string | null;
  customer: string | null;
  price: number | null;
  publishDate: string | null;
  endDate: string | null;
  regionId: number | null;
  status: string | null;
  law: string | null;
  /** bm25 score (smaller is better), relevance order only. */
  score?: number;
}

export interface OfflineSearchPage {
  rows: OfflineTenderRow[];
  /** Pass as `before` for the next page (newest order); null when this page was the last. */
  nextBefore: number | null;
}

export interface OfflineCount {
  count: number;
  /** False when counting stopped at the cap: there are at least `count`. */
  exact: boolean;
}

export interface CompiledQuery {
  /** FTS5 MATCH expression, or null when only the exact checks on `tender` apply. */
  match: string | null;
  /** JSON array of folded status codes, or null for any status. */
  statuses: string | null;
  priceFrom: number | null;
  priceTo: number | null;
  publishFrom: number | null;
  publishTo: number | null;
  endFrom: number | null;
  endTo: number | null;
  /** JSON array of the tender ids the search is limited to, or null for any. */
  ids: string | null;
}

export interface OfflineSearch {
  search(query: OfflineQuery, options?: OfflineSearchOptions): OfflineSearchPage;
  /** Counts matches up to `cap` (default 1000; at most 100000). */
  count(query: OfflineQuery, cap?: number): OfflineCount;
  /** The MATCH expression and exact checks a query becomes (for diagnostics and tests). */
  compile(query: OfflineQuery): CompiledQuery;
}

// ---------------------------------------------------------------------------------------------------------
// The words a user typed

interface TextItem {
  type: 'word' | 'phrase';
  text: string;
  prefix: boolean;
  negated: boolean;
}

const HAS_WORD = /[\p{L}\p{N}]/u;
const OR_WORDS = new Set(['OR', 'ИЛИ', '|']);

/** Splits what a user typed into OR groups of items that must all match, and items that must not. */
export function parseText(input: string): { groups: TextItem[][]; excluded: TextItem[] } {
  const text = foldYo(input.split(TAG_MARK).join(' '));
  const groups: TextItem[][] = [];
  const excluded: TextItem[] = [];
  let pendingOr = false;
  let lastPositive = false; // OR joins two positive items; next to a minus word it is only a separator
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    let negated = false;
    if (ch === '-' && i + 1 < text.length && !/\s/.test(text[i + 1]!)) {
      negated = true;
      i++;
    }
    let item: TextItem;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const end = close === -1 ? text.length : close;
      const body = text.slice(i + 1, end);
      i = close === -1 ? text.length : close + 1;
      let prefix = false;
      while (text[i] === '*') {
        prefix = true;
        i++;
      }
      item = { type: 'phrase', text: body.replace(/\s+/g, ' ').trim(), prefix, negated };
    } else {
      let end = i;
      while (end < text.length && !/\s/.test(text[end]!) && text[end] !== '"') end++;
      let word = text.slice(i, end);
      i = end;
      if (!negated && OR_WORDS.has(word)) {
        pendingOr = lastPositive;
        continue;
      }
      const prefix = word.endsWith('*');
      word = word.replace(/\*+$/, '');
      item = { type: 'word', text: word, prefix, negated };
    }
    if (!HAS_WORD.test(item.text)) {
      pendingOr = false;
      lastPositive = false;
      continue;
    }
    if (item.negated) excluded.push(item);
    else if (pendingOr) groups[groups.length - 1]!.push(item);
    else groups.push([item]);
    pendingOr = false;
    lastPositive = !item.negated;
  }
  return { groups, excluded };
}

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;
const anyOf = (terms: readonly string[]): string => (terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`);
/** A term no row holds: a prefix with no word in the index matches nothing. */
const NOTHING = quote(`${TAG_MARK}none`);

const SIMPLE_PREFIX = /^[a-zа-яё0-9]{2,}$/;
const MAX_EXPANSION = 64;

// ---------------------------------------------------------------------------------------------------------
// Structured filters

/** Price bands a range may span and still be looked up as tags (3 bands make a decade). */
const MAX_PRICE_BANDS = 6;
/** Date ranges up to 8 weeks are looked up by week tags, up to 24 months by month tags, longer ones only checked. */
const MAX_WEEKS = 8;
const MAX_MONTHS = 24;
const MSK_OFFSET = 3 * 3600;
const PUBLISHED = text('Дата публикации', 'Publication date');
const CLOSING = text('Окончание подачи заявок', 'Closing date');
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function dateBound(value: string | undefined, edge: 'from' | 'to', label: Text): number | null {
  if (value === undefined || value === '') return null;
  if (DATE_ONLY.test(value)) {
    const day = isoSeconds(`${value}T00:00:00+03:00`);
    if (day === null) throw new OfflineQueryError(text(`${label.ru}: такой даты нет — ${value}.`, `${label.en}: ${value} is not a date.`));
    return edge === 'from' ? day : day + 86_399;
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new OfflineQueryError(text(`${label.ru}: ${value} — не дата и не момент времени (ISO-8601).`, `${label.en}: ${value} is not a date or a timestamp (ISO-8601).`));
  return edge === 'from' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000);
}

function dateTags(which: 'p' | 'e', from: number, to: number): string[] | null {
  if (to < from) return null;
  const w0 = moscowWeek(from);
  const w1 = moscowWeek(to);
  if (w1 - w0 + 1 <= MAX_WEEKS) return Array.from({ length: w1 - w0 + 1 }, (_, k) => weekTag(which, w0 + k));
  const months: string[] = [];
  for (let m = moscowMonth(from); m <= moscowMonth(to); m = m % 100 === 12 ? m + 89 : m + 1) {
    months.push(monthTag(which, m));
    if (months.length > MAX_MONTHS) return null;
  }
  return months;
}

function checkList<T>(values: readonly T[] | undefined, label: Text, ok: (v: T) => boolean): readonly T[] {
  if (values === undefined) return [];
  for (const v of values) if (!ok(v)) throw new OfflineQueryError(text(`${label.ru}: недопустимое значение ${String(v)}.`, `${label.en}: ${String(v)} is not a valid value.`));
  return values;
}

// ---------------------------------------------------------------------------------------------------------

interface ResultRow {
  seq: number;
  id: number;
  version: number;
  name: string | null;
  customer: string | null;
  price: number | null;
  publish_at: number | null;
  end_at: number | null;
  region: number | null;
  status: string | null;
  law: string | null;
  score?: number;
}

const moscowIso = (seconds: number | null): string | null =>
  seconds === null ? null : `${new Date((seconds + MSK_OFFSET) * 1000).toISOString().slice(0, 19)}+03:00`;

const toRow = (r: ResultRow): OfflineTenderRow => ({
  seq: r.seq,
  id: r.id,
  version: r.version,
  name: r.name,
  customer: r.customer,
  price: r.price,
  publishDate: moscowIso(r.publish_at),
  endDate: moscowIso(r.end_at),
  regionId: r.region,
  status: r.status,
  law: r.law,
  ...(r.score === undefined ? {} : { score: r.score }),
});

const COLUMNS = `t.seq, t.id, t.version, t.name, c.name AS customer, t.price, t.publish_at, t.end_at, t.region, ${statusSql('t.status')} AS status, ${lawSql('t.law')} AS law`;
// The exact checks, written once for every combination: a NULL bound is no check.
const EXACT = `(@statuses IS NULL OR t.status IN (SELECT value FROM json_each(@statuses)))
  AND (@priceFrom IS NULL OR t.price >= @priceFrom) AND (@priceTo IS NULL OR t.price <= @priceTo)
  AND (@publishFrom IS NULL OR t.publish_at >= @publishFrom) AND (@publishTo IS NULL OR t.publish_at <= @publishTo)
  AND (@endFrom IS NULL OR t.end_at >= @endFrom) AND (@endTo IS NULL OR t.end_at <= @endTo)`;
const FROM_FTS = `FROM tender_fts f CROSS JOIN tender t ON t.seq = f.rowid LEFT JOIN customer_name c ON c.ref = t.customer_ref
  WHERE f.tender_fts MATCH @match AND f.rowid < @before AND ${EXACT}`;
const FROM_TABLE = `FROM tender t LEFT JOIN customer_name c ON c.ref = t.customer_ref WHERE t.seq < @before AND ${EXACT}`;
/**
 * A search limited to given tenders (a marks filter's, usually a few hundred) starts from them: each is looked
 * up by id (and its FTS row by rowid), instead of walking every tender and probing the list. Measured once on
 * a bare 1,000,000-row tender table with 200 ids (not in bench/): 70-300 ms walking, 0.1-0.3 ms this way.
 */
const AMONG = 'FROM json_each(@ids) j CROSS JOIN tender t ON t.id = j.value';
const AMONG_FTS = `${AMONG} CROSS JOIN tender_fts f ON f.rowid = t.seq LEFT JOIN customer_name c ON c.ref = t.customer_ref
  WHERE f.tender_fts MATCH @match AND t.seq < @before AND ${EXACT}`;
const AMONG_TABLE = `${AMONG} LEFT JOIN customer_name c ON c.ref = t.customer_ref WHERE t.seq < @before AND ${EXACT}`;

type Prepare = CacheDb['db']['prepare'];

/** The five statements of a search over `fromFts`/`fromTable`, newest first by `newest` (a column equal to `tender.seq`). */
function searchStatements(prepare: Prepare, fromFts: string, fromTable: string, newest: string) {
  return {
    ftsNewest: prepare<Record<string, unknown>, ResultRow>(`SELECT ${COLUMNS} ${fromFts} ORDER BY ${newest} DESC LIMIT @limit OFFSET @offset`),
    tableNewest: prepare<Record<string, unknown>, ResultRow>(`SELECT ${COLUMNS} ${fromTable} ORDER BY t.seq DESC LIMIT @limit OFFSET @offset`),
    ranked: prepare<Record<string, unknown>, ResultRow>(
      `SELECT * FROM (SELECT ${COLUMNS}, bm25(tender_fts) AS score ${fromFts} ORDER BY ${newest} DESC LIMIT @cap)
       ORDER BY score, seq DESC LIMIT @limit OFFSET @offset`,
    ),
    ftsCount: prepare<Record<string, unknown>, number>(`SELECT count(*) FROM (SELECT 1 ${fromFts} LIMIT @cap)`).pluck(),
    tableCount: prepare<Record<string, unknown>, number>(`SELECT count(*) FROM (SELECT 1 ${fromTable} LIMIT @cap)`).pluck(),
  };
}

const NO_BOUND = Number.MAX_SAFE_INTEGER;

function createOfflineSearch(cache: CacheDb): OfflineSearch {
  const { db } = cache;
  const prepare: Prepare = (sql) => db.prepare(sql);
  const everything = searchStatements(prepare, FROM_FTS, FROM_TABLE, 'f.rowid');
  const among = searchStatements(prepare, AMONG_FTS, AMONG_TABLE, 't.seq');
  const s = {
    // The first term at or after a key. Walking term by term costs one seek per term (постав* at a
    // million tenders: ~1-2 ms); asking the 'row' vocabulary for the range reads every posting of every
    // term in it (~30 ms), and a native prefix query merges them all before the first row (~50-75 ms).
    nextTerm: db
      .prepare<[string, string], string>('SELECT term FROM tender_fts_instance WHERE term >= ? AND term <= ? LIMIT 1')
      .pluck(),
    changes: db.prepare<[], string>("SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)").pluck(),
  };

  // Prefix expansions, valid until this connection or another one changes the file.
  const expansions = new Map<string, string[] | null>();
  let expansionsOf = '';

  const expand = (prefix: string): string[] | null => {
    const state = s.changes.get()!;
    if (state !== expansionsOf || expansions.size > 1000) {
      expansions.clear();
      expansionsOf = state;
    }
    let terms = expansions.get(prefix);
    if (terms === undefined) {
      const last = `${prefix}\u{10FFFF}`;
      const found: string[] = [];
      // U+0001 sorts right after the end of a term, so `term >= t + U+0001` is the next term after t.
      for (let t = s.nextTerm.get(prefix, last); t !== undefined && found.length <= MAX_EXPANSION; t = s.nextTerm.get(`${t}\u0001`, last)) {
        found.push(t);
      }
      terms = found.length > MAX_EXPANSION ? null : found;
      expansions.set(prefix, terms);
    }
    return terms;
  };

  const itemExpr = (item: TextItem): string => {
    if (!item.prefix) return item.type === 'word' ? wordForms(item.text) : quote(item.text);
    const folded = item.text.toLowerCase();
    const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 1 && words[0]!.length < 2) {
      throw new OfflineQueryError(text(`«${item.text}*»: перед * нужны хотя бы две буквы.`, `«${item.text}*»: put at least two letters before the *.`));
    }
    if (item.type === 'word' && SIMPLE_PREFIX.test(folded)) {
      const terms = expand(folded);
      if (terms !== null) return terms.length === 0 ? NOTHING : anyOf(terms.map(quote));
    }
    return `${quote(item.text)} *`;
  };

  /**
   * A plain Russian word matches its other forms: its stem is expanded like a prefix (`поставка` finds
   * поставки, поставкой). When the stem has too many forms to expand cheaply, the word is matched exactly.
   */
  const wordForms = (text: string): string => {
    // The index keeps й and ё as written: the stem (each е/ё both ways) is looked up in its own words.
    const { terms: stems, prefix } = indexStems(text);
    if (!prefix) return quote(text);
    const found = new Set<string>();
    for (const stem of stems) {
      const terms = expand(stem);
      if (terms === null) return quote(text);
      for (const t of terms) found.add(t);
    }
    return found.size === 0 ? quote(text) : anyOf([...found].map(quote));
  };

  /** FTS terms for one OKPD2 prefix (see OKPD2_TAGGED_DIGITS for the levels that have a tag). */
  const okpd2Terms = (prefix: string): string[] => {
    const digits = prefix.replace(/\D/g, '');
    if (digits.length === 0 || /[^\d.\s]/.test(prefix)) throw new OfflineQueryError(text(`Начало кода ОКПД2 «${prefix}» не похоже на код вида 26.20.1.`, `OKPD2 prefix «${prefix}» is not a code like 26.20.1.`));
    if (digits.length === 1) return Array.from({ length: 10 }, (_, d) => quote(okpd2Tag(`${digits}${d}`)));
    if (digits.length <= OKPD2_TAGGED_DIGITS) return [quote(okpd2Tag(digits))];
    const codes = expand(okpd2Tag(digits));
    if (codes === null) return [`${quote(okpd2Tag(digits))} *`];
    return codes.length === 0 ? [NOTHING] : codes.map(quote);
  };

  const compile = (q: OfflineQuery): CompiledQuery => {
    const parts: string[] = [];
    let excluded: string[] = [];
    if (q.text !== undefined && q.text.trim() !== '') {
      const parsed = parseText(q.text);
      for (const group of parsed.groups) parts.push(anyOf(group.map(itemExpr)));
      excluded = parsed.excluded.map(itemExpr);
      if (parts.length === 0 && excluded.length === 0) throw new OfflineQueryError(text('В словах поиска нет ни букв, ни цифр: введите слово, которое нужно найти.', 'The search words hold no letters or digits.'));
    }

    const regions = checkList(q.regions, text('Регион', 'Region'), (v) => Number.isSafeInteger(v) && v >= 0);
    if (regions.length) parts.push(anyOf(regions.map((r) => quote(regionTag(r)))));
    const statuses = checkList(q.status, text('Статус', 'Status'), (v) => typeof v === 'string' && HAS_WORD.test(v));
    const laws = checkList(q.law, text('Закон', 'Law'), (v) => typeof v === 'string' && HAS_WORD.test(v));
    if (laws.length) parts.push(anyOf(laws.map((v) => quote(lawTag(v)))));
    const okpd2 = checkList(q.okpd2, text('ОКПД2', 'OKPD2'), (v) => typeof v === 'string');
    if (okpd2.length) parts.push(anyOf(okpd2.flatMap(okpd2Terms)));

    const priceFrom = q.price?.from ?? null;
    const priceTo = q.price?.to ?? null;
    for (const v of [priceFrom, priceTo]) if (v !== null && !Number.isFinite(v)) throw new OfflineQueryError(text('Границы цены должны быть числами.', 'Price bounds must be numbers.'));
    if (priceFrom !== null || priceTo !== null) {
      const lo = priceFrom === null ? 0 : priceBand(priceFrom);
      const hi = priceTo === null ? Infinity : priceBand(priceTo);
      if (hi - lo + 1 <= MAX_PRICE_BANDS) {
        parts.push(anyOf(Array.from({ length: hi - lo + 1 }, (_, k) => quote(priceTag(lo + k)))));
      }
    }

    const publishFrom = dateBound(q.publishDate?.from, 'from', PUBLISHED);
    const publishTo = dateBound(q.publishDate?.to, 'to', PUBLISHED);
    const endFrom = dateBound(q.endDate?.from, 'from', CLOSING);
    const endTo = dateBound(q.endDate?.to, 'to', CLOSING);
    for (const [which, from, to] of [['p', publishFrom, publishTo], ['e', endFrom, endTo]] as const) {
      const tags = from === null || to === null ? null : dateTags(which, from, to);
      if (tags) parts.push(anyOf(tags.map(quote)));
    }

    if (parts.length === 0 && excluded.length > 0) {
      throw new OfflineQueryError(text('Слова с минусом только исключают: добавьте слово, которое нужно найти, или условие.', 'Minus words only exclude: add a word to look for, or a filter.'));
    }
    let match: string | null = parts.length === 0 ? null : parts.length === 1 ? parts[0]! : parts.map((p) => (p.startsWith('(') ? p : `(${p})`)).join(' AND ');
    if (match !== null && excluded.length > 0) match = `(${match}) NOT ${anyOf(excluded)}`;
    const statusList = statuses.length ? JSON.stringify(statusMatches(statuses.map(foldStatus))) : null;
    const ids = q.ids === undefined ? null : JSON.stringify([...new Set(checkList(q.ids, text('Закупки', 'Tenders'), (v) => Number.isSafeInteger(v)))]);
    return { match, statuses: statusList, priceFrom, priceTo, publishFrom, publishTo, endFrom, endTo, ids };
  };

  const intIn = (v: number | undefined, fallback: number, min: number, max: number, label: Text): number => {
    if (v === undefined) return fallback;
    if (!Number.isSafeInteger(v) || v < min || v > max) throw new OfflineQueryError(text(`${label.ru}: нужно целое число от ${min} до ${max}.`, `${label.en} must be a whole number from ${min} to ${max}.`));
    return v;
  };

  return {
    compile,

    search(query, options = {}) {
      const limit = intIn(options.limit, 50, 1, 500, text('Число строк', 'limit'));
      const offset = intIn(options.offset, 0, 0, 10_000, text('Смещение', 'offset'));
      const before = intIn(options.before, NO_BOUND, 1, NO_BOUND, text('Граница', 'before'));
      const cap = intIn(options.rankCap, 1000, 1, 10_000, text('Предел ранжирования', 'rankCap'));
      const compiled = compile(query);
      const params = { ...compiled, before, limit, offset, cap };
      const st = compiled.ids === null ? everything : among;
      let rows: ResultRow[];
      if (compiled.match === null) rows = st.tableNewest.all(params);
      else if (options.order === 'relevance') rows = st.ranked.all(params);
      else rows = st.ftsNewest.all(params);
      const last = rows[rows.length - 1];
      const keyset = options.order !== 'relevance' && rows.length === limit && last !== undefined;
      return { rows: rows.map(toRow), nextBefore: keyset ? last.seq : null };
    },

    count(query, cap = 1000) {
      const limit = intIn(cap, 1000, 1, 100_000, text('Предел', 'cap'));
      const compiled = compile(query);
      const params = { ...compiled, before: NO_BOUND, cap: limit + 1 };
      const st = compiled.ids === null ? everything : among;
      const n = compiled.match === null ? st.tableCount.get(params)! : st.ftsCount.get(params)!;
      return n > limit ? { count: limit, exact: false } : { count: n, exact: true };
    },
  };
}

export const offlineSearch = perCache(createOfflineSearch);
