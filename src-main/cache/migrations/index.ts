/**
 * The registry of cache migrations, in order. A new migration is a new file `NNNN-name.ts` added at the end
 * of this list; a migration that has shipped is never edited. `checkRegistry` runs at every open.
 */
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-search-tags';
import { migration0003 } from './0003-app-views';
import { migration0004 } from './0004-earlier-generation';
import { migration0005 } from './0005-fts-merge-steps';
import { migration0006 } from './0006-reference-fidelity';
import { migration0007 } from './0007-list-local-fields';
import { migration0008 } from './0008-saved-search-seen';
import { migration0009 } from './0009-application-id';
import { migration0010 } from './0010-freshness-marks';
import { migration0011 } from './0011-tender-publish-order';
import { migration0012 } from './0012-insights';
import { migration0013 } from './0013-lazy-party-indexes';
import { migration0014 } from './0014-marks';
import { migration0015 } from './0015-export-history';
import { migration0016 } from './0016-notifications';
import { migration0017 } from './0017-team-link';
import { migration0018 } from './0018-shared-changes';
import { migration0019 } from './0019-export-history-formats';
import { migration0020 } from './0020-filter-names';
import { migration0021 } from './0021-team-quarantine';
import { migration0022 } from './0022-team-trust';
import { migration0023 } from './0023-lean-blobs';
import { migration0024 } from './0024-lean-tender-rows';
import { migration0025 } from './0025-lazy-external-ids';
import { migration0026 } from './0026-lean-members-and-rows';
import { migration0027 } from './0027-triage-labels';
import { migration0028 } from './0028-documents';
import { migration0029 } from './0029-document-text';
import { migration0030 } from './0030-document-search';
import { migration0031 } from './0031-list-local-order';
import { migration0032 } from './0032-notification-relevance';
import { migration0033 } from './0033-shared-triage-labels';
import { migration0034 } from './0034-pack-dictionary';
import { migration0035 } from './0035-lean-contract-party';
import { migration0036 } from './0036-lean-tender-insight';
import { migration0037 } from './0037-tender-row-codes';
import type { Migration } from './types';

export type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011, migration0012, migration0013, migration0014, migration0015, migration0016, migration0017, migration0018, migration0019, migration0020, migration0021, migration0022, migration0023, migration0024, migration0025, migration0026, migration0027, migration0028, migration0029, migration0030, migration0031, migration0032, migration0033, migration0034, migration0035, migration0036, migration0037];

/** Throws when the registry is not numbered 1, 2, 3, ... in order (a merge mistake, caught at start). */
export function checkRegistry(migrations: readonly Migration[]): void {
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new Error(
        `Cache migration registry out of order: entry ${index + 1} is migration ${m.version} (${m.name}); ` +
          'migrations must be numbered 1, 2, 3, ... in the order they run.',
      );
    }
  });
}

/** The schema version this build writes: the number of the last migration. */
export function latestSchemaVersion(migrations: readonly Migration[] = MIGRATIONS): number {
  return migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
}
