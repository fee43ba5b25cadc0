/**
 * «Скачать документы», one use case for the app and the CLI: the documents of the held cards of
 * some tenders are downloaded into the content-addressed store beside the cache, each URL once. A document
 * costs no API units (its URL is outside the API), so nothing here asks the API anything: a tender whose card
 * is not held is reported, and opening its card (which may be charged) stays the analyst's decision.
 *
 * The total size limit protects the disk: each download may use only the room left under it (a file that would
 * pass it is cut and not kept), and the job stops with a clear message when it is reached. The job can be run again at any time: what is held is
 * skipped, so an interrupted job resumes where it stopped.
 */
import type { CacheDb } from '../cache/database';
import { documentStore } from '../cache/documentStore';
import { nowIso } from '../cache/types';
import type { BlobStore } from '../docfiles/blobStore';
import { DEFAULT_MAX_FILE_BYTES, downloadDocument, type DownloadOptions } from '../docfiles/download';
import { text, type Text } from '../i18n/text';
import { tenderDocuments, type CardDocument } from './cardDocuments';

export type FetchEvent =
  | { type: 'document'; tenderId: number; document: CardDocument; outcome: 'new' | 'held' | 'failed'; bytes: number; sha256: string | null; reason: Text | null; done: number; total: number }
  | { type: 'no_card'; tenderId: number }
  | { type: 'bytes'; tenderId: number; document: CardDocument; received: number; total: number | null };

export type FetchSummary = {
  tenders: number;
  files: number;
  bytes: number;
  /** Downloaded now and not held before (by content). */
  fresh: number;
  /** Held already: the URL fetched before, or new bytes identical to held ones. */
  held: number;
  failed: number;
  /** Tenders whose card is not in the cache. */
  noCard: number[];
  /** Set when the total size limit stopped the job. */
  stopped: Text | null;
};

export type FetchDocumentsInput = {
  cache: CacheDb;
  store: BlobStore;
  tenderIds: readonly number[];
  /** The total size of stored documents this job may reach, in bytes (null: no limit). */
  maxTotalBytes: number | null;
  download?: Omit<DownloadOptions, 'onBytes' | 'signal'>;
  signal?: AbortSignal;
  onEvent?: (e: FetchEvent) => void;
};

export async function fetchDocuments(input: FetchDocumentsInput): Promise<FetchSummary> {
  const docs = documentStore(input.cache);
  const summary: FetchSummary = { tenders: 0, files: 0, bytes: 0, fresh: 0, held: 0, failed: 0, noCard: [], stopped: null };
  const work: { tenderId: number; document: CardDocument }[] = [];
  for (const tenderId of input.tenderIds) {
    const held = tenderDocuments(input.cache, tenderId);
    if (!held) {
      summary.noCard.push(tenderId);
      input.onEvent?.({ type: 'no_card', tenderId });
      continue;
    }
    summary.tenders++;
    for (const document of held.documents) {
      docs.recordRef({ tenderId, version: held.version, ordinal: document.ordinal, url: document.url, name: document.name, extension: document.extension });
      work.push({ tenderId, document });
    }
  }
  let done = 0;
  for (const { tenderId, document } of work) {
    if (input.signal?.aborted) break;
    const emit = (outcome: 'new' | 'held' | 'failed', bytes: number, sha256: string | null, reason: Text | null): void => {
      done++;
      summary.files++;
      if (outcome === 'failed') summary.failed++;
      else summary.bytes += bytes;
      if (outcome === 'new') summary.fresh++;
      if (outcome === 'held') summary.held++;
      input.onEvent?.({ type: 'document', tenderId, document, outcome, bytes, sha256, reason, done, total: work.length });
    };
    const known = docs.fetchOf(document.url);
    if (known?.held && input.store.has(known.sha256)) {
      emit('held', known.bytes, known.sha256, null);
      continue;
    }
    const fileCap = input.download?.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
    const room = input.maxTotalBytes === null ? Infinity : input.maxTotalBytes - docs.storedBytes();
    const stopAtLimit = (): void => {
      const limit = (locale: string): string => (input.maxTotalBytes! / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 2 });
      summary.stopped = text(
        `достигнут предел места под документы (${limit('ru-RU')} МБ) — остальные не скачаны; увеличьте предел (--max-mb или «Настройки»)`,
        `the documents' disk limit (${limit('en-GB')} MB) is reached: the rest were not downloaded; raise it (--max-mb or Settings)`,
      );
    };
    if (room <= 0) {
      stopAtLimit();
      break;
    }
    // A download gets only the room left under the total: the store never grows past it, a file that would pass
    // it is cut and not kept (the same as one over its own cap), and the job stops there.
    const byRoom = room < fileCap;
    const r = await downloadDocument(document.url, input.store, {
      ...input.download,
      maxBytes: byRoom ? room : fileCap,
      signal: input.signal,
      onBytes: (received, total) => input.onEvent?.({ type: 'bytes', tenderId, document, received, total }),
    });
    const at = nowIso();
    if (!r.ok && r.code === 'too_large' && byRoom) {
      // Not the document's fault: nothing is recorded against its URL, and a run with more room fetches it.
      stopAtLimit();
      break;
    }
    if (!r.ok) {
      docs.recordFailed(document.url, r.code, r.reason, at);
      emit('failed', 0, null, r.reason);
      continue;
    }
    docs.recordStored(document.url, r.sha256, r.bytes, at);
    emit(r.fresh ? 'new' : 'held', r.bytes, r.sha256, null);
  }
  return summary;
}
