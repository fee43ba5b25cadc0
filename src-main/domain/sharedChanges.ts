/**
 * Marks, tags and lists shared with a team travel as per-field changes. Pure shapes and the merge
 * rule, shared by the cache's history (cache/sharedChangeStore.ts), the team database's side
 * (teamdb/sharedChanges.ts), the IPC contract and the CLI.
 *
 * - entity 'mark': key = tender id; fields `status`, `assignee`, `interest` (the triage label: true «Интересно»,
 *   false «Неинтересно», null cleared), `tag:<tag key>` ({name, color} or null), `note:<note uid>` ({text, at} or null);
 * - entity 'tag': key = the tag's key (its name case-folded); fields `name` (null: deleted), `color`;
 * - entity 'list': key = list id; fields `name`, `description`, `metadata`, `hidden`, `member:<tender id>`
 *   ({added_at} or null).
 * Per field the last writer wins by (at, machine_id, local_seq), compared in that order: the same order on every
 * machine and in the team database, so all of them end with the same value whatever order changes arrive in.
 */

export type SharedEntity = 'mark' | 'tag' | 'list';

/** One change as it travels: the machine that made it and its sequence there identify it. */
export interface SharedChange {
  machineId: string;
  localSeq: number;
  entity: SharedEntity;
  key: string;
  field: string;
  /** The new value (parsed JSON); null when cleared or removed. */
  value: unknown;
  /** ISO-8601 UTC with milliseconds (`2026-11-26T10:00:00.000Z`). */
  at: string;
  author: string;
}

/** One entry of a tender's mark history (the card's marks panel, `tenderwb mark history`). */
export interface MarkHistoryEntry {
  /** `status`, `assignee`, `interest`, `tag:<key>`, `note:<uid>`. */
  field: string;
  value: unknown;
  at: string;
  author: string;
  machine_id: string;
  /** Made on another computer and pulled from the team database. */
  pulled: boolean;
  /** The tag's name or the note's text, also for a removal (from the change that added it); else null. */
  subject: string | null;
}

/** The merge order: positive when `a` wins over `b`. */
export function compareChanges(a: Pick<SharedChange, 'at' | 'machineId' | 'localSeq'>, b: Pick<SharedChange, 'at' | 'machineId' | 'localSeq'>): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  if (a.machineId !== b.machineId) return a.machineId < b.machineId ? -1 : 1;
  return a.localSeq - b.localSeq;
}

/** An instant in the one text form changes compare by (ISO UTC with milliseconds). */
export const changeInstant = (at: string | Date): string => (typeof at === 'string' ? new Date(at) : at).toISOString();
