/**
 * The built-in `sandbox` profile: the API sandbox with demo data, so a new user sees data at once with no
 * token and no money. Embedded: started in this process on a loopback port, its state kept in the data
 * directory across restarts (so what the cache holds and what the sandbox says was delivered agree).
 * External: an already running sandbox (tests, e2e).
 *
 * The same sandbox also serves the earlier API generation (`/legacy/api/v2`, D-E-BASE-1): the built-in
 * `sandbox-earlier` profile shows those views on the same demo account, with the same session token (it works
 * in `X-API-Token` there, D-E-AUTH-1).
 *
 * Its token comes from POST /auth/login (demo/demo), never from the keychain, the cache, the settings or a
 * log. A sandbox that restarted no longer knows the old session, so the session is dropped on
 * `unauthorized` and the next request logs in again.
 *
 * The reference does not say what login hands out (D-AUTH-1): a session (our default sandbox, id 0) or a
 * permanent token counted in the account's 20 (the strict sandbox; a login beyond them is 409). So the app
 * logs in as seldom as it can: the embedded sandbox's token is kept next to that sandbox's own state (which
 * holds every token of the demo account anyway) and reused on the next start; a permanent token of an
 * external sandbox is revoked on close, so runs of the app do not use up the account's tokens.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, newIdempotencyKey } from '../api/client';

export { builtInNameTaken, isBuiltInName, SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE } from './builtInProfiles';
export const DEFAULT_SANDBOX_TENDERS = 20_000;
const DEMO_LOGIN = 'demo';
const DEMO_PASSWORD = 'demo';

export type SandboxChoice =
  | { kind: 'embedded'; seed?: number; tenders?: number }
  | { kind: 'external'; baseUrl: string }
  | { kind: 'none' };

export interface SandboxProfile {
  readonly baseUrl: string;
  /** The earlier generation of the same sandbox: `http://127.0.0.1:PORT/legacy/api/v2`. */
  readonly earlierBaseUrl: string;
  /** The session token, logging in when there is none. */
  token(): Promise<string>;
  /** Forgets the session (the sandbox restarted, or answered unauthorized). */
  dropSession(): void;
  /** The current token if logged in, for redaction only. */
  knownToken(): string | null;
  close(): Promise<void>;
}

/** Tender count of the embedded catalogue: `TENDERWB_SANDBOX_TENDERS` or 20,000. */
export function sandboxTenders(env: NodeJS.ProcessEnv, choice?: number): number {
  if (choice !== undefined) return choice;
  const n = Number(env.TENDERWB_SANDBOX_TENDERS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_SANDBOX_TENDERS;
}

export async function openSandboxProfile(choice: SandboxChoice, opts: { dataDir: string; env: NodeJS.ProcessEnv }): Promise<SandboxProfile | null> {
  if (choice.kind === 'none') return null;
  let baseUrl: string;
  let earlierBaseUrl: string;
  let stop: () => Promise<void> = async () => undefined;
  /** Where the embedded sandbox's token is kept between starts (null: an external sandbox, memory only). */
  let tokenFile: string | null = null;
  if (choice.kind === 'embedded') {
    // Imported here so that the app with an external sandbox (tests) or none does not load it.
    const { startSandbox } = await import('../sandbox/index');
    const seed = choice.seed ?? 1;
    const tenders = sandboxTenders(opts.env, choice.tenders);
    const stateDir = path.join(opts.dataDir, 'sandbox');
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const running = await startSandbox({ port: 0, seed, tenders, stateFile: path.join(stateDir, `state-seed${seed}-n${tenders}.db`) });
    baseUrl = running.baseUrl;
    earlierBaseUrl = running.earlierBaseUrl;
    stop = () => running.close();
    tokenFile = path.join(stateDir, `demo-token-seed${seed}-n${tenders}`);
  } else {
    baseUrl = choice.baseUrl.replace(/\/+$/, '');
    earlierBaseUrl = `${new URL(baseUrl).origin}/legacy/api/v2`;
  }
  // Login is the one anonymous route; a short-lived client of its own, with no retries to wait out.
  const loginClient = new ApiClient({ baseUrl, token: () => '', maxAttempts: 2, backoff: { baseMs: 100, maxMs: 500 } });
  let session: string | null = tokenFile ? readKept(tokenFile) : null;
  /** The id of a permanent token this object logged in for (a session has id 0), to revoke on close. */
  let loggedInId: number | null = null;
  let pending: Promise<string> | null = null;
  return {
    baseUrl,
    earlierBaseUrl,
    async token() {
      if (session) return session;
      pending ??= loginClient
        .login(DEMO_LOGIN, DEMO_PASSWORD, 'Tender Workbench')
        .then((r) => {
          session = r.token;
          loggedInId = r.id > 0 ? r.id : null;
          if (tokenFile) keep(tokenFile, r.token);
          return r.token;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    dropSession() {
      session = null;
      loggedInId = null;
      if (tokenFile) rmSync(tokenFile, { force: true });
    },
    knownToken: () => session,
    async close() {
      const token = session;
      if (!tokenFile && token && loggedInId !== null) {
        // Best effort: a sandbox already gone keeps a token nobody knows, as after a crash. A few seconds at most:
        // closing the app must not wait out the whole-exchange deadline of a server that stalls.
        const client = new ApiClient({
          baseUrl,
          token: () => token,
          maxAttempts: 1,
          backoff: { baseMs: 0, maxMs: 0 },
          timeouts: { headersMs: 3_000, bodyMs: 3_000, deadlineMs: 5_000 },
        });
        await client.revokeToken(loggedInId, newIdempotencyKey()).catch(() => undefined);
      }
      await stop();
    },
  };
}

function readKept(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

function keep(file: string, token: string): void {
  try {
    writeFileSync(file, token, { mode: 0o600 });
  } catch {
    // Not kept: the next start logs in again.
  }
}
