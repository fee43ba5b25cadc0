/**
 * «в документах»: search inside the extracted text of downloaded tender documents. What a user
 * types is read exactly as the offline search reads it (`parseText`: words that must all match, "phrases",
 * prefixes with *, OR / ИЛИ / |, minus words), and a plain Russian word matches its other forms through the same
 * stemmer (`stemRussian`: «поставка» finds поставки, поставкой). A hit is a tender's document in the newest
 * version that listed it, with a snippet whose matched words are between `[` and `]`. Filters combine with the
 * tender's own: law, region (from the cache's tender row) and marks (a tag or a pipeline status).
 *
 * Newest first, not ranked: as in the offline search, ranking scores every match, so a common word costs what
 * all its documents cost; walking the index's rowids backwards stops at the page, and the snippets are made for
 * the hits shown only, from the query's own words (./documentSnippet.ts; bench/documents.ts).
 */
import { perCache, type CacheDb } from './database';
import { OfflineQueryError } from './errors';
import { parseText } from './offlineSearch';
import { indexStems, yoSpellings } from '../domain/russianStem';
import { documentSnippet, emptyHighlight, highlightKey, type Highlight } from './documentSnippet';
import { tagKey } from '../domain/marks';
import { text } from '../i18n/text';
import { lawMatches } from './tenderRowCodes';

export type DocumentQuery = {
  text: string;
  laws?: readonly string[];
  regions?: readonly number[];
  /** Tenders carrying this tag (by name, any case). */
  tag?: string;
  /** Tenders with this pipeline status. */
  status?: string;
  limit?: number;
};

/** `snippet` marks matched words with [ and ] (the CLI's text); `parts` tells them apart exactly, since a document's own text may hold brackets. */
export type DocumentHit = { tenderId: number; version: number; document: string; extension: string; url: string; sha256: string; snippet: string; parts: SnippetPart[] };
export type SnippetPart = { text: string; hit: boolean };

// The snippet's marks around matched words (ours and FTS5's): control characters that documents' text all but never holds (a stray one
// moves a highlight, nothing more: the parts are shown as text).
const OPEN = '\u0002';
const CLOSE = '\u0003';

/** A snippet with FTS5's marks split into plain and matched pieces. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of marked.split(OPEN)) {
    const end = piece.indexOf(CLOSE);
    const [hit, rest] = end === -1 ? ['', piece] : [piece.slice(0, end), piece.slice(end + 1)];
    if (hit) parts.push({ text: hit.replaceAll(CLOSE, ''), hit: true });
    if (rest) parts.push({ text: rest.replaceAll(CLOSE, ''), hit: false });
  }
  return parts;
}

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** At most this many forms of a stem are searched as an OR of exact words; more, and it is a native prefix. */
const MAX_EXPANSION = 64;

/**
 * The FTS5 MATCH expression of what the user typed (exported for the tests). `expand` gives the index's words
 * that start with a stem (null when there are too many): an OR of exact words is walked lazily, while a native
 * prefix query merges every form's postings before the first row.
 */
export function documentMatch(input: string, expand: (prefix: string) => string[] | null = () => null, held: (term: string) => boolean = () => false): string {
  return compileDocumentQuery(input, expand, held).match;
}

/** At most this many spellings of a phrase are searched (each ё-word of it written as the documents write it). */
const MAX_SPELLINGS = 16;

/**
 * The MATCH expression and the words a hit's snippet marks (those of the query's wanted parts, not its minus
 * words). `held` says whether the index holds a word exactly: the query comes folded to е (parseText), the
 * documents' index keeps ё, so a phrase or an exact word is also searched as the documents spell it.
 */
function compileDocumentQuery(input: string, expand: (prefix: string) => string[] | null, held: (term: string) => boolean): { match: string; highlight: Highlight } {
  const parsed = parseText(input);
  /** The item's words as the index holds them, when some are held only with ё; null: as typed. */
  const spelled = (s: string): string | null => {
    const words = (s.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).map((w) => w.toLowerCase());
    if (!words.some((w) => w.includes('е'))) return null;
    let combos: string[][] = [[]];
    for (const w of words) {
      const held_ = yoSpellings(w).filter(held);
      const ways = held_.length > 0 ? held_ : [w];
      combos = combos.flatMap((c) => ways.map((v) => [...c, v])).slice(0, MAX_SPELLINGS);
    }
    const phrases = combos.map((c) => c.join(' '));
    if (phrases.length === 1 && phrases[0] === words.join(' ')) return null;
    return phrases.length === 1 ? quote(phrases[0]!) : `(${phrases.map(quote).join(' OR ')})`;
  };
  const highlight = emptyHighlight();
  let marking = true;
  const mark = (words: readonly string[], lastIsPrefix = false): void => {
    if (!marking) return;
    // Several words (a phrase, or a word the tokenizer splits: «COM-2000023») are one span, as in snippet().
    if (words.length > 1) highlight.phrases.push({ words: words.map(highlightKey), prefix: lastIsPrefix });
    else if (words.length === 1 && lastIsPrefix) highlight.prefixes.push(highlightKey(words[0]!));
    else if (words.length === 1) highlight.exact.add(highlightKey(words[0]!));
  };
  const wordsOf = (s: string): string[] => s.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const item = (i: { type: 'word' | 'phrase'; text: string; prefix: boolean }): string => {
    if (i.type === 'phrase' || i.prefix) {
      mark(wordsOf(i.text), i.prefix);
      return (i.prefix ? null : spelled(i.text)) ?? `${quote(i.text)}${i.prefix ? ' *' : ''}`;
    }
    // The index keeps й and ё as written: the stem (each е/ё both ways) is looked up in its own words.
    const { terms, prefix } = indexStems(i.text);
    if (!prefix) {
      mark(wordsOf(i.text));
      return spelled(i.text) ?? quote(i.text);
    }
    const found = new Set<string>();
    for (const term of terms) {
      const forms = expand(term);
      if (forms === null) {
        for (const t of terms) mark([t], true);
        return terms.length === 1 ? `${quote(term)} *` : `(${terms.map((t) => `${quote(t)} *`).join(' OR ')})`;
      }
      for (const f of forms) found.add(f);
    }
    const forms = [...found];
    if (forms.length === 0) mark(wordsOf(i.text));
    else for (const f of forms) mark([f]);
    return forms.length === 0 ? quote(i.text) : forms.length === 1 ? quote(forms[0]!) : `(${forms.map(quote).join(' OR ')})`;
  };
  const groups = parsed.groups.map((g) => (g.length === 1 ? item(g[0]!) : `(${g.map(item).join(' OR ')})`));
  if (groups.length === 0) throw new OfflineQueryError(text('Введите слово или фразу, которые нужно найти в документах.', 'Type a word or phrase to find in the documents.'));
  marking = false;
  const excluded = parsed.excluded.map(item);
  return { match: groups.join(' AND ') + excluded.map((e) => ` NOT ${e}`).join(''), highlight };
}

export interface DocumentSearch {
  search(q: DocumentQuery): DocumentHit[];
}

type Row = { tender_id: number; version: number; name: string; extension: string; url: string; sha256: string; text_id: number };

/** How much of a hit's text its snippet is looked for in (the rest: FTS5's snippet). */
const SNIPPET_TEXT_CHARS = 200_000;

export const documentSearch = perCache((cache: CacheDb): DocumentSearch => {
  const { db } = cache;
  // The first word of the index at or after a key: one seek per form (U+0001 sorts right after a word's end).
  const nextTerm = db.prepare<[string, string], string>('SELECT term FROM document_fts_instance WHERE term >= ? AND term <= ? LIMIT 1').pluck();
  const expand = (prefix: string): string[] | null => {
    const last = `${prefix}\u{10FFFF}`;
    const found: string[] = [];
    for (let t = nextTerm.get(prefix, last); t !== undefined && found.length <= MAX_EXPANSION; t = nextTerm.get(`${t}\u0001`, last)) found.push(t);
    return found.length > MAX_EXPANSION ? null : found;
  };
  const heldTerm = db.prepare<[string], number>('SELECT 1 FROM document_fts_instance WHERE term = ? LIMIT 1').pluck();
  const head = db.prepare<[number, number], string>('SELECT substr(text, 1, ?) FROM document_text WHERE id = ?').pluck();
  const ftsSnippet = db.prepare<[string, number], string>(`SELECT snippet(document_fts, 0, char(2), char(3), '…', 16) FROM document_fts WHERE document_fts MATCH ? AND rowid = ?`).pluck();
  return {
    search(q) {
      const { match, highlight } = compileDocumentQuery(q.text, expand, (term) => heldTerm.get(term) !== undefined);
      const where: string[] = ['document_fts MATCH @match', 'r.version = (SELECT MAX(r2.version) FROM document_ref r2 WHERE r2.tender_id = r.tender_id)'];
      const params: Record<string, unknown> = { match, limit: Math.min(Math.max(1, q.limit ?? 50), 500) };
      if (q.laws?.length) {
        where.push(`r.tender_id IN (SELECT id FROM tender WHERE law IN (SELECT value FROM json_each(@laws)))`);
        params.laws = JSON.stringify(lawMatches(q.laws));
      }
      if (q.regions?.length) {
        where.push(`r.tender_id IN (SELECT id FROM tender WHERE region IN (SELECT value FROM json_each(@regions)))`);
        params.regions = JSON.stringify(q.regions);
      }
      if (q.tag !== undefined) {
        where.push('r.tender_id IN (SELECT tt.tender_id FROM tender_tag tt JOIN mark_tag g ON g.id = tt.tag_id WHERE g.name_key = @tag)');
        params.tag = tagKey(q.tag);
      }
      if (q.status !== undefined) {
        where.push('r.tender_id IN (SELECT tender_id FROM tender_mark WHERE status = @status)');
        params.status = q.status;
      }
      // Prepared per shape of the filters (a handful of shapes), with every value bound.
      const rows = db
        .prepare<Record<string, unknown>, Row>(
          `SELECT r.tender_id, r.version, r.name, r.extension, r.url, t.sha256, t.id AS text_id
             FROM document_fts
             JOIN document_text t ON t.id = document_fts.rowid
             JOIN document_fetch f ON f.sha256 = t.sha256
             JOIN document_ref r ON r.url = f.url
            WHERE ${where.join(' AND ')}
            ORDER BY document_fts.rowid DESC
            LIMIT @limit`,
        )
        .all(params);
      // One hit per tender and content: the same bytes listed twice by a tender are one hit, while two documents
      // of the same name (each amendment's «Изменения в извещение») are two.
      const seen = new Set<string>();
      const hits: DocumentHit[] = [];
      for (const r of rows) {
        const key = `${r.tender_id}\u0000${r.sha256}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // The snippet only for the hits shown (see documentSnippet.ts); FTS5's own when the words are not in the
        // text read (a match deep in a very long document, or a form the query's words do not name).
        const marked = documentSnippet(head.get(SNIPPET_TEXT_CHARS, r.text_id) ?? '', highlight, { open: OPEN, close: CLOSE }) ?? ftsSnippet.get(match, r.text_id) ?? '';
        const parts = snippetParts(marked.replace(/\s+/g, ' '));
        const snippet = parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');
        hits.push({ tenderId: r.tender_id, version: r.version, document: r.name, extension: r.extension, url: r.url, sha256: r.sha256, snippet, parts });
      }
      return hits;
    },
  };
});
