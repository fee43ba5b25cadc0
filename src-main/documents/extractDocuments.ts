/**
 * The text of every stored document not yet read: each sha256 once, in the extraction worker
 * (docfiles/extract), its row written whole after the file is read, so a crash or a `kill -9` in the middle
 * leaves that document pending and the next run reads it again. A failure is kept with its reason (a damaged
 * file, a zip bomb refused, a file over the time or memory limit) and not retried by itself.
 */
import type { CacheDb } from '../cache/database';
import { documentStore } from '../cache/documentStore';
import { nowIso } from '../cache/types';
import type { BlobStore } from '../docfiles/blobStore';
import type { DocumentExtractor } from '../docfiles/extract/extractRunner';
import type { Extracted } from '../docfiles/extract/extractText';
import { text } from '../i18n/text';

export type ExtractSummary = { read: number; text: number; scans: number; failed: number };

export async function extractDocuments(input: {
  cache: CacheDb;
  store: BlobStore;
  extractor: DocumentExtractor;
  signal?: AbortSignal;
  onDocument?: (sha256: string, result: Extracted, done: number, total: number) => void;
  /** Called before a file goes to the worker (progress; the kill -9 test waits on it). */
  onStart?: (sha256: string) => void;
}): Promise<ExtractSummary> {
  const docs = documentStore(input.cache);
  const summary: ExtractSummary = { read: 0, text: 0, scans: 0, failed: 0 };
  const pending = docs.pendingExtraction(100_000);
  for (const { sha256 } of pending) {
    if (input.signal?.aborted) break;
    input.onStart?.(sha256);
    let result: Extracted;
    if (!input.store.has(sha256)) {
      result = { state: 'failed', format: 'unknown', text: '', reason: text('файл документа пропал с диска — скачайте заново', 'the document’s file is gone from the disk: download it again'), members: [] };
    } else result = await input.extractor.extract(new Uint8Array(await input.store.read(sha256)));
    docs.saveText({ sha256, state: result.state, format: result.format, text: result.text, reason: result.reason, members: result.members, extractedAt: nowIso() });
    summary.read++;
    if (result.state === 'text') summary.text++;
    else if (result.state === 'scan') summary.scans++;
    else summary.failed++;
    input.onDocument?.(sha256, result, summary.read, pending.length);
  }
  return summary;
}
