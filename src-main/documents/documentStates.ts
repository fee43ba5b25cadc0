/**
 * A tender's documents with their states, as the card, `tenderwb docs list` and the app's
 * `documents.ofTender` all show them: not downloaded, downloaded (text not read yet), text extracted, scan (no
 * text layer), failed (the download or the reading, with the reason). One function, so a surface never
 * decides a document's state by a rule of its own.
 */
import type { CacheDb } from '../cache/database';
import { documentStore } from '../cache/documentStore';
import type { BlobStore } from '../docfiles/blobStore';
import type { Text } from '../i18n/text';
import { tenderDocuments, type CardDocument } from './cardDocuments';

export type DocumentState = 'not_downloaded' | 'downloaded' | 'text_extracted' | 'scan' | 'failed';
export const DOCUMENT_STATES = ['not_downloaded', 'downloaded', 'text_extracted', 'scan', 'failed'] as const satisfies readonly DocumentState[];

export type DocumentWithState = CardDocument & {
  state: DocumentState;
  /** The stored file's size (held bytes), null when none is held. */
  bytes: number | null;
  sha256: string | null;
  /** Why it failed, or what a scan is (a reason the extraction gave). */
  reason: Text | null;
  /** The text's format (pdf, docx…) once read. */
  format: string | null;
  chars: number | null;
};

export type TenderDocumentStates = { tenderId: number; version: number; documents: DocumentWithState[]; unreadable: number };

/** The documents of the tender's newest held card (or of `version`) with their states; null when no card is held. */
export function tenderDocumentStates(cache: CacheDb, store: BlobStore, tenderId: number, version?: number): TenderDocumentStates | null {
  const held = tenderDocuments(cache, tenderId, version);
  if (!held) return null;
  const docs = documentStore(cache);
  const documents = held.documents.map((d): DocumentWithState => {
    const f = docs.fetchOf(d.url);
    const textRow = f?.held ? docs.textOf(f.sha256) : undefined;
    const downloaded = f?.held === true && store.has(f.sha256);
    const state: DocumentState = !downloaded
      ? f && !f.held
        ? 'failed'
        : 'not_downloaded'
      : textRow === undefined
        ? 'downloaded'
        : textRow.state === 'text'
          ? 'text_extracted'
          : textRow.state === 'scan'
            ? 'scan'
            : 'failed';
    return {
      ...d,
      state,
      bytes: f?.held ? f.bytes : null,
      sha256: f?.held ? f.sha256 : null,
      reason: f && !f.held ? f.reason : (textRow?.reason ?? null),
      format: textRow?.format ?? null,
      chars: textRow?.text.length ?? null,
    };
  });
  return { tenderId, version: held.version, documents, unreadable: held.unreadable };
}
