/**
 * An open team database: a small pool on one PostgreSQL database, its schema migrated to this app's
 * version (or refused), and the team's id. Every failure on the way is the core's worded error (teamdb/errors.ts):
 * a wrong password, an unreachable server, a missing database, no rights, a newer schema.
 */
import type { Pool } from 'pg';
import { AppError } from '../domain/appError';
import { teamErrorText } from '../i18n/team';
import { teamError } from './errors';
import { migrateTeamSchema } from './migrate';
import { teamSchemaProblem } from '../domain/teamSchemaName';
import { DEFAULT_TEAM_SCHEMA } from './schemaName';
import { parseTeamUrl } from './teamUrl';

export { describeTeamUrl, parseTeamUrl, type TeamUrl } from './teamUrl';

export interface TeamConnectionOptions {
  /** `postgres://user@host:port/database` (a password in it is used for this connection only). */
  url: string;
  /** From the keychain or the environment; never written anywhere. */
  password?: string;
  /** Checked with isTeamSchemaName; default DEFAULT_TEAM_SCHEMA. */
  schema?: string;
  appVersion: string;
  /** Connection timeout (ms). */
  connectTimeoutMs?: number;
}

export interface TeamConnection {
  readonly pool: Pool;
  /** The schema's plain name (quote through schemaName.ts). */
  readonly schema: string;
  readonly teamId: string;
  readonly schemaVersion: number;
  close(): Promise<void>;
}

/** A sync holds at most a few connections at once (a push's COPY, a pull's read, the shared changes). */
const POOL_MAX = 4;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connects, checks the schema name, and brings the schema to this app's migrations (or refuses a newer one).
 * The password in the URL wins over `options.password` for this connection; neither is kept anywhere but the
 * pool's own (non-enumerable) connection parameters.
 */
/** Sent when no password is known (see the pool's options below); never a real password. */
const NO_PASSWORD_PLACEHOLDER = 'tenderwb: no password given';

export async function openTeamConnection(options: TeamConnectionOptions): Promise<TeamConnection> {
  const schema = options.schema ?? DEFAULT_TEAM_SCHEMA;
  const problem = teamSchemaProblem(schema);
  if (problem !== null) {
    const text = problem === 'system' ? 'systemSchema' : 'invalidSchema';
    throw new AppError('invalid_input', { ru: teamErrorText.ru[text](schema), en: teamErrorText.en[text](schema) });
  }
  const url = parseTeamUrl(options.url);
  const password = url.urlPassword ?? options.password;
  // pg is loaded when a team database is opened, not at every start of the CLI (a tenth of it, for most commands).
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    ...url.config,
    // With no password (or an empty one), pg 8 throws inside the handshake when the server asks for one and leaves
    // that socket open until the server's authentication_timeout (a CLI hung after its message, the app leaked it).
    // A placeholder that is no one's password is answered instead: a server that needs none never asks, one that
    // does refuses it (28P01) and closes the connection itself, and the error is worded as a missing password.
    password: password === undefined || password === '' ? NO_PASSWORD_PLACEHOLDER : password,
    max: POOL_MAX,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    application_name: 'tenderwb',
  });
  // An idle pooled connection the server drops emits 'error' on the pool; unheard, it would end the process.
  // The next query on the pool meets the failure itself and is worded then.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      const state = await migrateTeamSchema(client, schema, options.appVersion);
      return { pool, schema, teamId: state.teamId, schemaVersion: state.version, close: () => pool.end() };
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw teamError(error, { url: options.url, schema, secrets: [options.password], passwordGiven: password !== undefined && password !== '' });
  }
}
