/**
 * Where a file the user names may be written: `--out <profile>/cache.db` returned 0 and
 * replaced the live cache, `--out profiles.json` destroyed the profile registry, and as root `--out /dev/null`
 * replaced the device node (an export is renamed over its target, which replaces whatever the name held).
 *
 * One rule for every file the app and the CLI write at a user's word (table exports, dossiers, the price
 * benchmark, calendars, their provenance sidecars): the CLI's `--out` (cli/exportRecord.ts) and the app's save
 * dialog (app/csvExport.ts `exportToTarget`) both ask `checkOutputTarget` before anything is written.
 *
 * - Nothing inside the data folder (profiles' folders, cache.db and its WAL, profiles.json, settings.json, the
 *   damage notes...): judged on real paths, so a symlinked folder or a `..` does not get round it.
 * - Only a new file or an existing regular file (a symlink to one is written through: the file it names is
 *   replaced, the link kept); never a folder, a device, a FIFO or a socket. The sidecar name beside the target
 *   (`FILE.provenance.json`) obeys the same rule, so a CSV is not written only for its sidecar to fail.
 * - A missing parent folder is one sentence, not ENOENT about a temporary file the user never named.
 *
 * Every refusal is an `AppError` (`invalid_input`) in both languages: the app shows it as it shows any
 * refusal, the CLI exits 2 with the run's side of it. The check is synchronous and reads only metadata.
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { AppError } from '../domain/appError';
import { sidecarPath } from './provenance';

export type OutputTargetProblem = 'no_target' | 'inside_data' | 'not_regular' | 'directory' | 'no_folder' | 'not_folder';

export class OutputTargetError extends AppError {
  constructor(
    readonly problem: OutputTargetProblem,
    ru: string,
    en: string,
  ) {
    super('invalid_input', { ru, en });
  }
}

/** Names compare without case where the file system usually ignores it. */
const caseless = process.platform === 'win32' || process.platform === 'darwin';
const key = (p: string): string => (caseless ? p.toLowerCase() : p);

/** Whether `file` is `folder` or lies anywhere under it (both absolute and resolved). */
export function isInside(file: string, folder: string): boolean {
  const rel = path.relative(key(folder), key(file));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The real path of `p`, or `p` resolved when it does not exist (a data folder not made yet). */
function realOrResolved(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

const lstatOrNull = (p: string): Stats | null => {
  try {
    return lstatSync(p);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw error;
  }
};

const refuseInside = (shown: string, dataFolder: string): OutputTargetError =>
  new OutputTargetError(
    'inside_data',
    `Файл «${shown}» находится в папке данных Tender Workbench (${dataFolder}): запись туда испортила бы кэш, профили или настройки — укажите файл в другой папке.`,
    `«${shown}» is inside Tender Workbench's data folder (${dataFolder}): writing there would damage the cache, the profiles or the settings; choose a file in another folder.`,
  );

const refuseKind = (shown: string, stats: Stats): OutputTargetError =>
  stats.isDirectory()
    ? new OutputTargetError('directory', `«${shown}» — это папка: укажите имя файла в ней.`, `«${shown}» is a folder: give the name of a file inside it.`)
    : new OutputTargetError(
        'not_regular',
        `«${shown}» — не обычный файл (устройство, канал или сокет): выгрузка записывается только в новый или обычный файл.`,
        `«${shown}» is not a regular file (a device, a pipe or a socket): an export is written only to a new file or a regular one.`,
      );

/**
 * The path to write for `target` (absolute; through a symlink to the file it names), or an `OutputTargetError`
 * saying in one sentence why not. `dataFolder` is the data root (the folder of profiles.json); `shown` how the
 * target is named in the sentence (as the user gave it).
 */
export function checkOutputTarget(target: string, dataFolder: string): string {
  const shown = target;
  if (target.trim() === '') throw new OutputTargetError('no_target', 'Не указан файл для записи.', 'No file to write was given.');
  const absolute = path.resolve(target);
  if (/[\\/]$/.test(target)) throw new OutputTargetError('directory', `«${shown}» — это папка: укажите имя файла в ней.`, `«${shown}» is a folder: give the name of a file inside it.`);
  const parent = path.dirname(absolute);
  let realParent: string;
  try {
    realParent = realpathSync.native(parent);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new OutputTargetError('no_folder', `Папки «${parent}» нет: создайте её или укажите файл в существующей папке.`, `The folder «${parent}» does not exist: create it or choose a file in a folder that exists.`);
    }
    if (code === 'ENOTDIR') throw new OutputTargetError('not_folder', `«${parent}» — не папка: укажите файл в папке.`, `«${parent}» is not a folder: choose a file inside a folder.`);
    throw error;
  }
  if (!statSync(realParent).isDirectory()) throw new OutputTargetError('not_folder', `«${parent}» — не папка: укажите файл в папке.`, `«${parent}» is not a folder: choose a file inside a folder.`);

  let file = path.join(realParent, path.basename(absolute));
  const found = lstatOrNull(file);
  if (found !== null && found.isSymbolicLink()) {
    // Written through: the file the link names is the one replaced. A dangling link names nothing to write.
    let resolved: string;
    try {
      resolved = realpathSync.native(file);
    } catch {
      throw refuseKind(shown, found);
    }
    const stats = statSync(resolved);
    if (!stats.isFile()) throw refuseKind(shown, stats);
    file = resolved;
  } else if (found !== null && !found.isFile()) {
    throw refuseKind(shown, found);
  }

  const data = realOrResolved(dataFolder);
  if (isInside(file, data) || isInside(file, path.resolve(dataFolder))) throw refuseInside(shown, dataFolder);

  // The sidecar a CSV or a calendar gets beside it: the same rule, before the file itself is written.
  const sidecar = lstatOrNull(sidecarPath(file));
  if (sidecar !== null && !sidecar.isFile() && !(sidecar.isSymbolicLink() && isRegularThrough(sidecarPath(file)))) throw refuseKind(sidecarPath(shown), sidecar);
  return file;
}

function isRegularThrough(link: string): boolean {
  try {
    return statSync(link).isFile();
  } catch {
    return false;
  }
}
