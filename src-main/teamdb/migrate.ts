/**
 * Brings a team schema to this app's migrations (teamdb/schemaMigrations.ts), or refuses it when a newer app
 * made it. The pending migrations and their `schema_version` rows run in one transaction (PostgreSQL's DDL is
 * transactional), so a crash leaves the schema as it was. Two machines starting on an empty database at once: the transaction-scoped
 * advisory lock makes the second wait and then find the work done (DDL is the one place a lock is needed: two
 * `CREATE TABLE` of one name would fail, not merge); syncing itself takes no lock of ours.
 */
import type { ClientBase } from 'pg';
import { TEAM_MIGRATIONS, type TeamMigration } from './schemaMigrations';
import { inSchema, quoteSchema } from './schemaName';

export interface TeamSchemaState {
  /** The team database's own id (team_link's key on every machine). */
  teamId: string;
  version: number;
  /** Migrations this run applied. */
  applied: number[];
}

/** The schema is newer than this app: syncing would write rows a newer app reads differently. */
export class TeamSchemaTooNewError extends Error {
  constructor(readonly found: number, readonly known: number) {
    super(`team schema version ${found} is newer than this app's ${known}`);
    this.name = 'TeamSchemaTooNewError';
  }
}

const LOCK_KEY = 0x74776231; // 'twb1': any fixed number; the lock is per database

async function currentVersion(client: ClientBase, schema: string): Promise<number> {
  const exists = await client.query<{ ok: boolean }>(
    `SELECT to_regclass($1) IS NOT NULL AS ok`,
    [`${quoteSchema(schema)}.schema_version`],
  );
  if (!exists.rows[0]?.ok) return 0;
  const r = await client.query<{ v: number | null }>(inSchema(schema, 'SELECT max(version) AS v FROM S.schema_version'));
  return r.rows[0]?.v ?? 0;
}

export async function migrateTeamSchema(
  client: ClientBase,
  schema: string,
  appVersion: string,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<TeamSchemaState> {
  const known = migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
  const applied: number[] = [];
  let version = await currentVersion(client, schema);
  if (version > known) throw new TeamSchemaTooNewError(version, known);
  if (version < known) {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`);
      version = await currentVersion(client, schema);
      if (version > known) throw new TeamSchemaTooNewError(version, known);
      for (const m of migrations) {
        if (m.version <= version) continue;
        await client.query(inSchema(schema, m.sql));
        await client.query(inSchema(schema, 'INSERT INTO S.schema_version (version, name, app_version) VALUES ($1, $2, $3)'), [m.version, m.name, appVersion]);
        applied.push(m.version);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    version = known;
  }
  const team = await client.query<{ team_id: string }>(inSchema(schema, 'SELECT team_id::text AS team_id FROM S.team'));
  return { teamId: team.rows[0]!.team_id, version, applied };
}
