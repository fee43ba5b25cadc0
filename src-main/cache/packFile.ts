/**
 * Reading the cache's packs on a thread of one's own (the export's pack thread, export/packTextThread.ts): the
 * thread that holds the cache says how to reach the file (`packFileAccess`, plain data for `workerData`), and
 * the reading thread opens it read-only (`openPackFile`). Packs never change once written, so both
 * connections read the same bytes.
 */
import Database from 'better-sqlite3';
import { packReader } from './packCodec';

export interface PackFileAccess {
  readonly file: string;
}

export interface PackFile {
  /** A pack's bytes, inflated. */
  read(packId: number): Buffer;
  close(): void;
}

/** How another thread reaches the cache file `file`, from the thread that holds it. */
export function packFileAccess(file: string): PackFileAccess {
  return { file };
}

/** In the reading thread: its own read-only connection to the file. */
export function openPackFile(access: PackFileAccess): PackFile {
  const db = new Database(access.file, { readonly: true, fileMustExist: true });
  const read = packReader(db);
  return { read, close: () => db.close() };
}
