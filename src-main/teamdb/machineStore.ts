/**
 * The team's roster of machines (S.machine): each run records who synced from which data folder with which app
 * version and when, so a BI tool or a teammate can see whose data the team database holds and how fresh it is.
 */
import type { Pool } from 'pg';
import { inSchema } from './schemaName';

export interface MachineRecord {
  machineId: string;
  author: string;
  appVersion: string;
}

/** Inserts this machine or refreshes its author, app version and last sync time (ON CONFLICT: no lock needed). */
export async function recordMachine(pool: Pool, schema: string, machine: MachineRecord): Promise<void> {
  await pool.query(
    inSchema(
      schema,
      `INSERT INTO S.machine (machine_id, author, app_version) VALUES ($1, $2, $3)
       ON CONFLICT (machine_id) DO UPDATE SET author = EXCLUDED.author, app_version = EXCLUDED.app_version, last_sync_at = now()`,
    ),
    [machine.machineId, machine.author, machine.appVersion],
  );
}

/**
 * The authors the roster names for these machines (who pushed a row a pull could not take); a machine not in it,
 * or named by an id that is not a UUID, is left out.
 */
export async function machineAuthors(pool: Pool, schema: string, machineIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(machineIds)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (ids.length === 0) return new Map();
  const r = await pool.query<{ machine_id: string; author: string }>(
    inSchema(schema, `SELECT machine_id::text AS machine_id, author FROM S.machine WHERE machine_id = ANY ($1::uuid[]) AND author <> ''`),
    [ids],
  );
  return new Map(r.rows.map((row) => [row.machine_id, row.author]));
}
