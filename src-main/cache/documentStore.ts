/**
 * What the cache knows of tender documents (migration 0028): for each document URL, the sha256 of
 * the bytes it gave (the file is in docfiles/blobStore.ts) or why it failed; for each sha256, its size. A URL
 * once fetched is never fetched again: the sandbox and the registries give an amended document a new URL.
 */
import { perCache, type CacheDb } from './database';

export type DocumentFetch =
  | { url: string; held: true; sha256: string; bytes: number; fetchedAt: string }
  | { url: string; held: false; code: string; reason: { ru: string; en: string }; fetchedAt: string };

type Row = { url: string; sha256: string | null; bytes: number | null; fetched_at: string; error_code: string | null; error_ru: string | null; error_en: string | null };

const fromRow = (r: Row): DocumentFetch =>
  r.sha256 !== null
    ? { url: r.url, held: true, sha256: r.sha256, bytes: r.bytes ?? 0, fetchedAt: r.fetched_at }
    : { url: r.url, held: false, code: r.error_code ?? 'failed', reason: { ru: r.error_ru ?? '', en: r.error_en ?? '' }, fetchedAt: r.fetched_at };

export type DocumentText = {
  sha256: string;
  state: 'text' | 'scan' | 'failed' | 'unsupported';
  format: string;
  text: string;
  reason: { ru: string; en: string } | null;
  members: unknown[];
  extractedAt: string;
};

type TextRow = { sha256: string; state: DocumentText['state']; format: string; text: string; reason_ru: string | null; reason_en: string | null; members: string; extracted_at: string };

export interface DocumentStore {
  /** The extracted text of stored bytes; undefined until extracted. */
  textOf(sha256: string): DocumentText | undefined;
  saveText(t: DocumentText): void;
  /** That a tender's version listed this URL under this name (search and diff name documents by it). */
  recordRef(ref: { tenderId: number; version: number; ordinal: number; url: string; name: string; extension: string }): void;
  /** Stored documents not yet extracted, oldest first. */
  pendingExtraction(limit: number): { sha256: string; bytes: number }[];
  fetchOf(url: string): DocumentFetch | undefined;
  /** Bytes stored under this URL: the blob's row and the URL's, one transaction. */
  recordStored(url: string, sha256: string, bytes: number, at: string): void;
  /** A failure; a URL already held keeps its bytes (a later failure of the same URL says nothing of them). */
  recordFailed(url: string, code: string, reason: { ru: string; en: string }, at: string): void;
  /** The bytes of every stored document, each sha256 once (the disk limit's measure). */
  storedBytes(): number;
  hasBlob(sha256: string): boolean;
}

export const documentStore = perCache((cache: CacheDb): DocumentStore => {
  const { db } = cache;
  const select = db.prepare<[string], Row>(
    'SELECT f.url, f.sha256, b.bytes, f.fetched_at, f.error_code, f.error_ru, f.error_en FROM document_fetch f LEFT JOIN document_blob b ON b.sha256 = f.sha256 WHERE f.url = ?',
  );
  const insertBlob = db.prepare('INSERT INTO document_blob (sha256, bytes, stored_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING');
  const upsertHeld = db.prepare(
    `INSERT INTO document_fetch (url, sha256, fetched_at, error_code, error_ru, error_en) VALUES (?, ?, ?, NULL, NULL, NULL)
     ON CONFLICT (url) DO UPDATE SET sha256 = excluded.sha256, fetched_at = excluded.fetched_at, error_code = NULL, error_ru = NULL, error_en = NULL`,
  );
  const upsertFailed = db.prepare(
    `INSERT INTO document_fetch (url, sha256, fetched_at, error_code, error_ru, error_en) VALUES (?, NULL, ?, ?, ?, ?)
     ON CONFLICT (url) DO UPDATE SET fetched_at = excluded.fetched_at, error_code = excluded.error_code, error_ru = excluded.error_ru, error_en = excluded.error_en
     WHERE document_fetch.sha256 IS NULL`,
  );
  const total = db.prepare<[], { n: number | null }>('SELECT SUM(bytes) AS n FROM document_blob');
  const blob = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM document_blob WHERE sha256 = ?');
  const stored = db.transaction((url: string, sha256: string, bytes: number, at: string) => {
    insertBlob.run(sha256, bytes, at);
    upsertHeld.run(url, sha256, at);
  });
  const selectText = db.prepare<[string], TextRow>('SELECT sha256, state, format, text, reason_ru, reason_en, members, extracted_at FROM document_text WHERE sha256 = ?');
  const upsertText = db.prepare(
    `INSERT INTO document_text (sha256, state, format, text, reason_ru, reason_en, members, extracted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (sha256) DO UPDATE SET state = excluded.state, format = excluded.format, text = excluded.text, reason_ru = excluded.reason_ru,
       reason_en = excluded.reason_en, members = excluded.members, extracted_at = excluded.extracted_at`,
  );
  const pending = db.prepare<[number], { sha256: string; bytes: number }>(
    'SELECT b.sha256, b.bytes FROM document_blob b WHERE NOT EXISTS (SELECT 1 FROM document_text t WHERE t.sha256 = b.sha256) ORDER BY b.stored_at, b.sha256 LIMIT ?',
  );
  const upsertRef = db.prepare(
    `INSERT INTO document_ref (tender_id, version, ordinal, url, name, extension) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (tender_id, version, ordinal) DO UPDATE SET url = excluded.url, name = excluded.name, extension = excluded.extension`,
  );
  return {
    recordRef: (r) => void upsertRef.run(r.tenderId, r.version, r.ordinal, r.url, r.name, r.extension),
    textOf: (sha256) => {
      const r = selectText.get(sha256);
      if (!r) return undefined;
      let members: unknown[] = [];
      try {
        const parsed: unknown = JSON.parse(r.members);
        if (Array.isArray(parsed)) members = parsed;
      } catch {
        // A damaged list of members hides them, not the text.
      }
      return {
        sha256: r.sha256,
        state: r.state,
        format: r.format,
        text: r.text,
        reason: r.reason_ru !== null || r.reason_en !== null ? { ru: r.reason_ru ?? '', en: r.reason_en ?? '' } : null,
        members,
        extractedAt: r.extracted_at,
      };
    },
    saveText: (t) => void upsertText.run(t.sha256, t.state, t.format, t.text, t.reason?.ru ?? null, t.reason?.en ?? null, JSON.stringify(t.members), t.extractedAt),
    pendingExtraction: (limit) => pending.all(limit),
    fetchOf: (url) => {
      const r = select.get(url);
      return r ? fromRow(r) : undefined;
    },
    recordStored: (url, sha256, bytes, at) => stored(url, sha256, bytes, at),
    recordFailed: (url, code, reason, at) => void upsertFailed.run(url, at, code, reason.ru, reason.en),
    storedBytes: () => total.get()?.n ?? 0,
    hasBlob: (sha256) => blob.get(sha256) !== undefined,
  };
});
