/**
 * An open team database (issue 17): a small pool on one PostgreSQL database, its schema migrated to this app's
 * version (or refused), and the team's id. `openTeamConnection` is T1's; the shape is shared by every part.
 */
import type { Pool } from 'pg';

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
