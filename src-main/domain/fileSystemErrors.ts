/**
 * A full disk and a folder where a file was expected, told in one sentence in the user's language: the raw `ENOSPC`, `EISDIR` and SQLite's «database or disk is full» reached the CLI's stderr and the
 * app's notices as they were. One decision for every surface: the app (workspace/errors.ts toIpcError), the CLI (its
 * error line and exit code) and the cache's open (cache/database.ts) all ask `fileSystemFailure`.
 *
 * Pure (no Node): it reads only an error's `code`, `message`, `path`, `dest` and `cause`. Where the folder is
 * known, the caller asks the disk itself too (cache/diskSpace.ts), since SQLite reports some writes that found no
 * space as a plain «disk I/O error».
 */
import type { Text } from '../i18n/text';
import { AppError } from './appError';

/** Node's codes for a disk (or a quota) with no room left. */
const NODE_DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * SQLite's: SQLITE_FULL («database or disk is full»), and SQLITE_IOERR_SHMSIZE, which on Linux SQLite answers only
 * when the one-byte write that allocates a new piece of the -shm file finds no space (os_unix.c, unixShmMap).
 */
const SQLITE_DISK_FULL = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE']);

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** Whether the error (or an error it wraps, as `cause`) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  return someInChain(error, (e) => {
    const code = codeOf(e);
    if (code !== null && (NODE_DISK_FULL.has(code) || SQLITE_DISK_FULL.has(code))) return true;
    return e instanceof Error && /database or disk is full|no space left on device/i.test(e.message);
  });
}

/**
 * Node's EISDIR (a folder where a file was to be read or written), or null; answers the path it names, else the
 * path a wrapper around it names (a read of an open file's handle gives none: the registry's error knows it).
 */
function isDirectoryError(error: unknown): { path: string | null } | null {
  let found = false;
  let named: string | null = null;
  someInChain(error, (e) => {
    // A rename's EISDIR is about its destination (`dest`): the source is this app's own temporary file.
    const { path: p, dest } = e as { path?: unknown; dest?: unknown };
    const at = typeof dest === 'string' && dest !== '' ? dest : p;
    if (typeof at === 'string' && at !== '') named = at;
    if (codeOf(e) !== 'EISDIR') return false;
    found = true;
    return true;
  });
  return found ? { path: named } : null;
}

function someInChain(error: unknown, test: (e: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e !== null && e !== undefined && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (test(e)) return true;
  }
  return false;
}

/** The sentence of a full disk; `where` (a folder or file, when known) is named. */
export function diskFullText(where: string | null = null): Text {
  return {
    ru: `На диске не осталось места${where ? ` (${where})` : ''}: запись не выполнена, а всё, что было сохранено раньше, цело. Освободите место на диске и повторите.`,
    en: `The disk is full${where ? ` (${where})` : ''}: the write was not done, and everything saved before is kept. Free some disk space and try again.`,
  };
}

/** A full disk as the core's own error (code `disk_full`), so every surface says the same sentence. */
export class DiskFullError extends AppError {
  constructor(readonly where: string | null = null) {
    super('disk_full', diskFullText(where));
  }
}

/**
 * The sentence for a failure of the file system the user can act on (a full disk, a folder in a file's place),
 * as the core's own error; null for anything else. `where` names the folder when the caller knows it.
 */
export function fileSystemFailure(error: unknown, where: string | null = null): AppError | null {
  if (error instanceof DiskFullError) return error;
  if (isDiskFull(error)) return new DiskFullError(where);
  const folder = isDirectoryError(error);
  if (folder) {
    const named = folder.path ?? where;
    return new AppError('invalid_input', {
      ru: named ? `${named} — папка, а не файл: укажите путь к файлу.` : 'По указанному пути — папка, а не файл: укажите путь к файлу.',
      en: named ? `${named} is a folder, not a file: give the path of a file.` : 'The path given is a folder, not a file: give the path of a file.',
    });
  }
  return null;
}
