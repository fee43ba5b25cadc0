/**
 * Teammates' rows a pull could not take (migration 0021): kept whole with why, so the pull goes on with
 * the other rows and nothing a teammate pushed is lost. A row held for a reason that may pass by itself (its time
 * has come, the analyst lifted a refusal: domain/teamRows.ts RETRIED_REASONS) is read again by every pull and
 * released once taken. Keyed by the team table and the row's key there: a rerun after kill -9 holds it once.
 */
import type { TeamRefusalReason, TeamTable } from '../domain/teamRows';
import { perCache, type CacheDb } from './database';
import { writeTransaction } from './writeRetry';

export interface HeldTeamRow {
  table: TeamTable;
  key: string;
  machineId: string;
  reason: TeamRefusalReason;
  detail: string | null;
  /** The row as the team database held it (its own JSON shape, ids as text). */
  row: unknown;
}

/** A held row to try again: its key and the row as held. */
export interface PendingTeamRow {
  key: string;
  row: unknown;
}

export interface TeamQuarantine {
  /** Holds these rows (or updates why they are held); answers how many were not held before. */
  hold(teamId: string, rows: readonly HeldTeamRow[], at: string): number;
  /** Held rows of this table whose reason is one of `reasons`, oldest first. */
  pending(table: TeamTable, reasons: readonly TeamRefusalReason[]): PendingTeamRow[];
  /** These rows were taken at last. */
  release(table: TeamTable, keys: readonly string[], at: string): void;
  /** Rows held now (not released). */
  heldCount(): number;
}

function createTeamQuarantine(cache: CacheDb): TeamQuarantine {
  const { db } = cache;
  const s = {
    // A row held again (a rerun, a retry that failed anew, a team row rewritten since) keeps one entry.
    hold: db.prepare<[string, string, string, string, string, string | null, string, string]>(
      `INSERT INTO team_quarantine (team_table, row_key, team_id, machine_id, reason, detail, row, pulled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (team_table, row_key) DO UPDATE SET team_id = excluded.team_id, machine_id = excluded.machine_id,
         reason = excluded.reason, detail = excluded.detail, row = excluded.row, released_at = NULL`,
    ),
    wasHeld: db.prepare<[string, string], number>('SELECT 1 FROM team_quarantine WHERE team_table = ? AND row_key = ? AND released_at IS NULL').pluck(),
    pending: db.prepare<[string, string], { row_key: string; row: string }>(
      `SELECT row_key, row FROM team_quarantine WHERE released_at IS NULL AND team_table = ? AND reason IN (SELECT value FROM json_each(?))
       ORDER BY quarantine_id`,
    ),
    release: db.prepare<[string, string, string]>('UPDATE team_quarantine SET released_at = ? WHERE team_table = ? AND row_key = ?'),
    count: db.prepare<[], number>('SELECT count(*) FROM team_quarantine WHERE released_at IS NULL').pluck(),
  };
  const hold = writeTransaction(db, (teamId: string, rows: readonly HeldTeamRow[], at: string) => {
    let fresh = 0;
    for (const r of rows) {
      if (s.wasHeld.get(r.table, r.key) === undefined) fresh += 1;
      s.hold.run(r.table, r.key, teamId, r.machineId, r.reason, r.detail, JSON.stringify(r.row), at);
    }
    return fresh;
  });
  const release = writeTransaction(db, (table: TeamTable, keys: readonly string[], at: string) => {
    for (const key of keys) s.release.run(at, table, key);
  });
  return {
    hold: (teamId, rows, at) => (rows.length === 0 ? 0 : hold(teamId, rows, at)),
    pending: (table, reasons) => s.pending.all(table, JSON.stringify(reasons)).map((r) => ({ key: r.row_key, row: JSON.parse(r.row) as unknown })),
    release: (table, keys, at) => void (keys.length > 0 && release(table, keys, at)),
    heldCount: () => s.count.get()!,
  };
}

export const teamQuarantine = perCache(createTeamQuarantine);
