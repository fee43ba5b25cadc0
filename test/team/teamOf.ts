/**
 * A TeamConnection on a test cluster's database: a small pool and the team schema migrated, as the app's
 * connection gives one (teamdb/connection.ts's shape), without the URL parsing and keychain of the real opener.
 */
import pg from 'pg';
import type { TeamConnection } from '../../src-main/teamdb/connection';
import { migrateTeamSchema } from '../../src-main/teamdb/migrate';

export async function teamConnectionOf(url: string, password: string, schema = 'tenderwb'): Promise<TeamConnection> {
  // Fields rather than connectionString: a URL without a password would override the one passed beside it.
  const u = new URL(url);
  const pool = new pg.Pool({ host: u.hostname, port: Number(u.port), user: decodeURIComponent(u.username), database: u.pathname.slice(1), password, max: 4 });
  try {
    const client = await pool.connect();
    try {
      const state = await migrateTeamSchema(client, schema, '0.0.0-test');
      return { pool, schema, teamId: state.teamId, schemaVersion: state.version, close: () => pool.end() };
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
}
