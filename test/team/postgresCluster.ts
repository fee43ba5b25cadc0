/**
 * A throwaway PostgreSQL cluster for the team-sync tests: no mocks, the distribution's own server.
 *
 * `initdb` in a temporary directory, the server started on a free loopback port (and a private Unix socket
 * directory, so it never meets a system cluster), a password role (scram-sha-256: the wrong-password test needs
 * real authentication), removed afterwards. `initdb` refuses to run as root, so as root every server command runs
 * as the unprivileged `postgres` user the package creates (`runuser -u postgres`); as any other user it runs as
 * that user. Durability settings are off (fsync, synchronous commit): these tests kill our client, never the
 * server or the machine, so what they prove does not depend on them, and the cluster starts and loads faster.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgCluster {
  readonly host: string;
  readonly port: number;
  /** The superuser the cluster was made with (a password role). */
  readonly user: string;
  readonly password: string;
  /** `postgres://user@127.0.0.1:port/database`: no password in it, as the app stores a connection. */
  urlOf(database: string): string;
  /** Creates an empty database (one per test keeps tests apart at ~100 ms each). */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL through psql as the superuser (for setup the code under test must not do itself). */
  psql(database: string, sql: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed server's bin directory (Debian: /usr/lib/postgresql/<major>/bin); TENDERWB_PG_BIN overrides. */
export function postgresBinDir(): string {
  const override = process.env.TENDERWB_PG_BIN;
  if (override !== undefined && override !== '') return override;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d) && existsSync(join(root, d, 'bin', 'initdb'))) : [];
  if (majors.length === 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql): no /usr/lib/postgresql/<major>/bin/initdb');
  majors.sort((a, b) => Number(b) - Number(a));
  return join(root, majors[0]!, 'bin');
}

/** A loopback port nothing listens on at the moment of asking (the unreachable-server test uses one too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function idOf(user: string, flag: '-u' | '-g'): Promise<number> {
  const { stdout } = await run('id', [flag, user]);
  return Number(stdout.trim());
}

export async function startPostgres(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-pg-'));
  const data = join(dir, 'data');
  const user = 'team_admin';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, password, { mode: 0o600 });
  if (asRoot) {
    const uid = await idOf('postgres', '-u');
    const gid = await idOf('postgres', '-g');
    chownSync(dir, uid, gid);
    chownSync(pwfile, uid, gid);
  }
  const server = (tool: string, args: string[]): Promise<{ stdout: string; stderr: string }> =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  await server('initdb', ['-D', data, '-U', user, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync']);
  rmSync(pwfile);
  let port = 0;
  // A port found free can be taken before the server binds it (other tests start servers too): try a few.
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      await server('pg_ctl', [
        '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60',
        '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50`,
        'start',
      ]);
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  const host = '127.0.0.1';
  const env = { ...process.env, PGPASSWORD: password };
  const psql = async (database: string, sql: string): Promise<string> => {
    const { stdout } = await run(join(bin, 'psql'), ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', host, '-p', String(port), '-U', user, '-d', database, '-c', sql], { env });
    return stdout.trim();
  };
  let stopped = false;
  return {
    host,
    port,
    user,
    password,
    urlOf: (database) => `postgres://${user}@${host}:${port}/${database}`,
    async createDatabase(name) {
      await psql('postgres', `CREATE DATABASE "${name.replace(/"/g, '')}"`);
      return `postgres://${user}@${host}:${port}/${name}`;
    },
    psql,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await server('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
