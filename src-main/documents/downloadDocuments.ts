/**
 * «Скачать документы» whole, as the app's job and `tenderwb docs fetch` both run it: the documents of
 * the tenders' held cards downloaded (fetchDocuments.ts: each URL once, the total size limit), then the text of
 * every stored document not yet read (extractDocuments.ts, in the extraction thread). Run again, it resumes:
 * held files are skipped and read texts are not read again.
 */
import type { CacheDb } from '../cache/database';
import { BlobStore } from '../docfiles/blobStore';
import { DocumentExtractor } from '../docfiles/extract/extractRunner';
import type { Extracted } from '../docfiles/extract/extractText';
import { extractDocuments, type ExtractSummary } from './extractDocuments';
import { fetchDocuments, type FetchDocumentsInput, type FetchSummary } from './fetchDocuments';

const MB = 1024 * 1024;

export type DownloadDocumentsInput = Omit<FetchDocumentsInput, 'store' | 'maxTotalBytes' | 'download'> & {
  /** The disk limits in whole megabytes (settings' documents.maxTotalMb and maxFileMb, or the CLI's flags). */
  maxTotalMb: number | null;
  maxFileMb: number;
  store?: BlobStore;
  /** The extraction thread to read with; when none is given, one is started for this run and closed after it. */
  extractor?: DocumentExtractor;
  onExtracted?: (sha256: string, result: Extracted, done: number, total: number) => void;
};

export async function downloadDocuments(input: DownloadDocumentsInput): Promise<{ fetched: FetchSummary; extracted: ExtractSummary }> {
  const { maxTotalMb, maxFileMb, onExtracted, extractor: given, ...rest } = input;
  const store = input.store ?? BlobStore.besideCache(input.cache.file);
  // Temporary files a killed download left are swept first (they never carry a final name).
  store.sweep();
  const fetched = await fetchDocuments({ ...rest, store, maxTotalBytes: maxTotalMb === null ? null : maxTotalMb * MB, download: { maxBytes: maxFileMb * MB } });
  const extractor = given ?? new DocumentExtractor();
  try {
    const extracted = await extractDocuments({ cache: input.cache, store, extractor, ...(input.signal ? { signal: input.signal } : {}), ...(onExtracted ? { onDocument: onExtracted } : {}) });
    return { fetched, extracted };
  } finally {
    if (given === undefined) await extractor.close();
  }
}

/** The content-addressed store of a cache's documents (beside the cache file). */
export const documentFilesOf = (cache: CacheDb): BlobStore => BlobStore.besideCache(cache.file);
