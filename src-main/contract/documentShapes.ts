/**
 * The shapes of tender documents across the IPC contract, re-exported by contract/ipc.ts whose
 * `documents.*` methods take and give them. Texts come already in the user's language (the core picks them).
 *
 * Pure: zod only.
 */
import { z } from 'zod';

/** A document's state (documents/documentStates.ts decides it for every surface). */
export const documentStateSchema = z.enum(['not_downloaded', 'downloaded', 'text_extracted', 'scan', 'failed']);
export type DocumentStateName = z.infer<typeof documentStateSchema>;

export const tenderDocumentSchema = z.object({
  /** Its place in the card's `documents[]` (1-based): how `documents.open` names it. */
  ordinal: z.number(),
  id: z.number().nullable(),
  name: z.string(),
  extension: z.string(),
  state: documentStateSchema,
  /** The stored file's size in bytes; null when none is held. */
  bytes: z.number().nullable(),
  /** Why it failed, or what the reading said of a scan, in the user's words. */
  reason: z.string().nullable(),
  /** false: an executable or a script by its name or extension, never opened. */
  openable: z.boolean(),
});
export type TenderDocumentInfo = z.infer<typeof tenderDocumentSchema>;

export const tenderDocumentsSchema = z.object({
  tenderId: z.number(),
  /** The card version the documents are listed in; null when no card of the tender is held. */
  version: z.number().nullable(),
  documents: z.array(tenderDocumentSchema),
  /** Items of the card's documents[] without a name or URL (cannot be fetched; counted, not dropped silently). */
  unreadable: z.number(),
  /** The download job of this tender now running, if any (its progress comes as `sync.progress`). */
  jobId: z.string().nullable(),
});
export type TenderDocumentsInfo = z.infer<typeof tenderDocumentsSchema>;

/** A piece of a search hit's snippet: `hit` marks the words that matched (rendered as text, never as HTML). */
export const snippetPartSchema = z.object({ text: z.string(), hit: z.boolean() });
export const documentHitSchema = z.object({
  tenderId: z.number(),
  version: z.number(),
  /** The tender's name as the cache holds it (null: not known). */
  tenderName: z.string().nullable(),
  document: z.string(),
  extension: z.string(),
  snippet: z.array(snippetPartSchema),
});
export type DocumentHitInfo = z.infer<typeof documentHitSchema>;

export const wordPartSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export const documentChangeSchema = z.object({
  name: z.string(),
  extension: z.string(),
  change: z.enum(['added', 'removed', 'changed', 'unchanged', 'unknown']),
  parts: z.array(wordPartSchema),
  summary: z.string(),
});
export const documentsDiffSchema = z.object({
  tenderId: z.number(),
  from: z.number(),
  to: z.number(),
  documents: z.array(documentChangeSchema),
  summary: z.string(),
});
export type DocumentsDiffInfo = z.infer<typeof documentsDiffSchema>;
