/**
 * The app's note that an automatic download is owed to a profile's cache, so a run cut short resumes at the
 * next start. It is written before the run is asked for (stored versions, the settings saved) and removed only
 * once a run has gone through the whole scope or stopped at the size limit; the app closed, the profile switched,
 * a `kill -9` or the analyst's stop leave it, and the next activation of that profile runs again. What was held
 * is not fetched again (the store is content-addressed and the run skips it), so resuming is running again.
 *
 * One empty file in the documents' store beside the cache: it is the store's state, like the store itself (a
 * table would need a migration for one bit, and the note must survive what the cache's transactions roll back).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CacheDb } from '../cache/database';
import { documentFilesOf } from './downloadDocuments';

const NOTE = 'auto-download.pending';

export type AutoPending = {
  /** An automatic run is owed (synchronous: written before the job that pays it starts). */
  owe(): void;
  owed(): boolean;
  /** A run went through: nothing is owed. */
  settle(): void;
};

export function autoPending(cache: CacheDb): AutoPending {
  const file = join(documentFilesOf(cache).dir, NOTE);
  return {
    owe: () => writeFileSync(file, ''),
    owed: () => existsSync(file),
    settle: () => rmSync(file, { force: true }),
  };
}
