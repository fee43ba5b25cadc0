/**
 * Marks, tags and lists shared through the team database (issue 17): T4 fills this module. The push calls
 * `pushSharedChanges`, the pull hands the shared changes it read to `applyPulledChanges`.
 */
import type { CacheDb } from '../cache/database';
import type { TeamConnection } from '../teamdb/connection';
import type { TeamRunOptions } from './types';

/** A shared change as the team database holds it (S.shared_change). */
export interface PulledSharedChange {
  machineId: string;
  localSeq: number;
  entity: 'mark' | 'tag' | 'list';
  key: string;
  field: string;
  /** The new value (parsed JSON); null when cleared or removed. */
  value: unknown;
  /** ISO-8601. */
  at: string;
  author: string;
}

/** Pushes this machine's shared changes past the push cursor's `changeSeq`; answers how many the team lacked. */
export async function pushSharedChanges(_cache: CacheDb, _team: TeamConnection, _options?: TeamRunOptions): Promise<number> {
  return 0;
}

/** Records pulled changes in the local history and applies each that wins its field; answers how many were new here. */
export function applyPulledChanges(_cache: CacheDb, _changes: readonly PulledSharedChange[]): number {
  return 0;
}
