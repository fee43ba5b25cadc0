/** Messages between packTextThread.ts and its worker, packTextWorker.ts. */
export interface PackTextWorkerData {
  readonly file: string;
  /** The top-level fields to keep of each member's JSON (jsonFields.ts). */
  readonly fields: readonly string[];
  /** The better-sqlite3 addon to load instead of the default (cache/sqliteAddon.ts), or null. */
  readonly addon: string | null;
}

export interface PackTextRequest {
  readonly seq: number;
  readonly packId: number;
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
}

/** `seq` 0 with no texts: the worker is ready. */
export type PackTextReply = { readonly seq: number; readonly texts: string[] } | { readonly seq: number; readonly error: string };
