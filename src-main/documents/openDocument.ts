/**
 * Opening a held document, for the app and `tenderwb docs open`: the stored bytes are copied to a new
 * temporary folder under a safe name (domain/documentFiles.ts), never opened where they are stored, and a name
 * or extension the system would run is refused before any file is made. What opens the copy is the caller's:
 * Electron's shell.openPath, a browser mode download, the CLI's system opener.
 */
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CacheDb } from '../cache/database';
import { documentStore } from '../cache/documentStore';
import type { BlobStore } from '../docfiles/blobStore';
import { safeDocumentFileName } from '../domain/documentFiles';
import { text, type Text } from '../i18n/text';
import { tenderDocuments, type CardDocument } from './cardDocuments';

export class DocumentOpenError extends Error {
  constructor(
    readonly code: 'not_found' | 'refused' | 'not_downloaded',
    readonly text: Text,
  ) {
    super(text.en);
  }
}

/** The document of the tender's newest held card by its name, name with extension or ordinal (any case). */
export function findTenderDocument(cache: CacheDb, tenderId: number, wanted: string): CardDocument {
  const held = tenderDocuments(cache, tenderId);
  if (!held) throw new DocumentOpenError('not_found', text(`карточки закупки ${tenderId} нет в кэше`, `tender ${tenderId}'s card is not in the cache`));
  const w = wanted.trim().toLowerCase();
  const doc = held.documents.find((d) => d.name.toLowerCase() === w || `${d.name}.${d.extension}`.toLowerCase() === w || String(d.ordinal) === w);
  if (!doc) throw new DocumentOpenError('not_found', text(`у закупки ${tenderId} нет документа «${wanted}» (tenderwb docs list ${tenderId})`, `tender ${tenderId} has no document "${wanted}" (tenderwb docs list ${tenderId})`));
  return doc;
}

/** Copies the held document to a temporary file with a safe name; answers its path and name. */
export async function copyDocumentForOpening(cache: CacheDb, store: BlobStore, tenderId: number, doc: CardDocument): Promise<{ path: string; fileName: string; sha256: string }> {
  const fileName = safeDocumentFileName(doc.name, doc.extension);
  if (fileName === null) {
    throw new DocumentOpenError('refused', text(`«${doc.name}» — исполняемый файл или скрипт: такие документы не открываются`, `"${doc.name}" is an executable or a script: such documents are not opened`));
  }
  const f = documentStore(cache).fetchOf(doc.url);
  if (!f?.held || !store.has(f.sha256)) {
    throw new DocumentOpenError('not_downloaded', text(
        `документ «${doc.name}» не скачан: скачайте документы закупки («Скачать документы» в карточке, tenderwb docs fetch --tender ${tenderId})`,
        `"${doc.name}" is not downloaded: download the tender's documents ("Download documents" on the card, tenderwb docs fetch --tender ${tenderId})`,
      ));
  }
  const dir = await mkdtemp(join(tmpdir(), 'tenderwb-doc-'));
  const path = join(dir, fileName);
  await copyFile(store.pathOf(f.sha256), path);
  return { path, fileName, sha256: f.sha256 };
}
