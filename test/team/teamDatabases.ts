/**
 * One throwaway PostgreSQL cluster for a test file (started before its tests, stopped after them) and a fresh
 * team database on it per call, opened in the given schema and closed before the cluster stops.
 */
import { afterAll, beforeAll } from 'vitest';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { startPostgres, type PgCluster } from './postgresCluster';

export interface TeamDatabases {
  /** The file's cluster (from its beforeAll on). */
  cluster(): PgCluster;
  /** The name of the database `open` made last. */
  lastName(): string;
  /** A new database `<prefix>_<n>`, opened as the app opens a team database. */
  open(): Promise<TeamConnection>;
}

export function teamDatabases(prefix: string, schema: string): TeamDatabases {
  let pg: PgCluster | undefined;
  let count = 0;
  const opened: TeamConnection[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    for (const team of opened) await team.close();
    await pg?.stop();
  });
  const cluster = (): PgCluster => {
    if (!pg) throw new Error('the cluster starts in beforeAll');
    return pg;
  };
  return {
    cluster,
    lastName: () => `${prefix}_${count}`,
    async open() {
      const team = await openTeamConnection({ url: await cluster().createDatabase(`${prefix}_${++count}`), password: cluster().password, schema, appVersion: 'test' });
      opened.push(team);
      return team;
    },
  };
}
