/** Messages between packTextThread.ts and its worker, packTextWorker.ts. */
import type { PackFileAccess } from '../cache/packFile';

export interface PackTextWorkerData extends PackFileAccess {
  /** The top-level fields to keep of each member's JSON (cache/jsonFields.ts). */
  readonly fields: readonly string[];
}

export interface PackTextRequest {
  readonly seq: number;
  readonly packId: number;
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
}

/**
 * The members' cut JSON as UTF-8 bytes, one after another (member i ends at `ends[i]`), in a buffer moved
 * to the parent rather than copied. Bytes, not strings: strings made on the worker would arrive on the
 * parent's heap in bulk, ahead of use, and outlive its young generation (measured: the heap then grew with
 * the list's length until a full collection); decoded where each row is written, they die young.
 */
export interface PackCut {
  readonly bytes: ArrayBuffer;
  readonly ends: number[];
}

/** `seq` 0 with no bytes: the worker is ready. */
export type PackTextReply = ({ readonly seq: number } & PackCut) | { readonly seq: number; readonly error: string };
