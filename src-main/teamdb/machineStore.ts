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
