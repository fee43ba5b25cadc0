/**
 * Accounts, API tokens and login sessions (reference section 5, decisions D-AUTH-*).
 */
import type Database from 'better-sqlite3';
import { ApiError, rateLimited } from './errors';
import { moscowIso, type SandboxClock } from './clock';
import { randomBase62, sha256Hex } from './secrets';
import type { Conduct } from './conduct';

export type Principal = {
  accountId: number;
  login: string;
  isTest: boolean;
  tokenRowId: number;
  tokenKind: 'api' | 'session';
};

export type AccountRow = {
  id: number;
  login: string;
  password_sha256: string;
  is_test: number;
  balance_tenders: number;
  balance_contracts: number;
};

const TOKEN_PATTERN = /^(tenderwb|twb)_(live|test)_([A-Za-z0-9]{32})$/;
const SESSION_DAYS = 30;
export const MAX_ACTIVE_TOKENS = 20;
export const TOKENS_PER_HOUR = 200;
const LOGINS_PER_MINUTE = 10;

const unauthorized = (message: string): ApiError => new ApiError(401, 'unauthorized', message);

export class Accounts {
  private readonly loginAttempts = new Map<string, number[]>();

  constructor(
    private readonly db: Database.Database,
    private readonly clock: SandboxClock,
    private readonly conduct: Conduct,
  ) {}

  account(id: number): AccountRow {
    return this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow;
  }

  accountByLogin(login: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM accounts WHERE login = ?').get(login) as AccountRow | undefined;
  }

  /** Who is calling, from `Authorization: Bearer` or (live tokens only) `X-API-Token`. */
  authenticate(headers: Record<string, string | string[] | undefined>): Principal {
    const auth = header(headers, 'authorization');
    const legacy = header(headers, 'x-api-token');
    let secret: string | undefined;
    let viaLegacyHeader = false;
    if (auth !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
      if (!m) throw unauthorized('The Authorization header must be "Bearer <API token>".');
      secret = m[1];
    } else if (legacy !== undefined) {
      secret = legacy.trim();
      viaLegacyHeader = true;
    }
    if (!secret) throw unauthorized('An API token is required: send "Authorization: Bearer <API token>".');
    const m = TOKEN_PATTERN.exec(secret);
    if (!m) throw unauthorized('The API token is not valid.');
    const env = m[2] as 'live' | 'test';
    if (viaLegacyHeader && env === 'test') {
      // D-AUTH-3: a test token in the legacy header reaches the live backend, where it does not exist.
      throw unauthorized('A test token is not accepted in X-API-Token; send it as "Authorization: Bearer <token>".');
    }
    const row = this.db
      .prepare(
        `SELECT t.id, t.kind, t.is_active, t.expires_at, a.id AS account_id, a.login, a.is_test
         FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.secret_sha256 = ?`,
      )
      .get(sha256Hex(m[3]!)) as
      | { id: number; kind: 'api' | 'session'; is_active: number; expires_at: string | null; account_id: number; login: string; is_test: number }
      | undefined;
    if (!row || !row.is_active || (row.is_test === 1) !== (env === 'test')) throw unauthorized('The API token is not valid or was revoked.');
    const now = this.clock.nowMs();
    if (row.kind === 'session' && row.expires_at && Date.parse(row.expires_at) <= now) {
      throw new ApiError(401, 'invalid_session', 'The login session has expired; log in again or use an API token.');
    }
    this.db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?').run(moscowIso(now), row.id);
    return { accountId: row.account_id, login: row.login, isTest: row.is_test === 1, tokenRowId: row.id, tokenKind: row.kind };
  }

  /** POST /auth/login: a 30-day session (D-AUTH-1), or in strict conduct a permanent API token. */
  login(login: string, password: string, tokenName: string): Record<string, unknown> {
    const now = this.clock.nowMs();
    const recent = (this.loginAttempts.get(login) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= LOGINS_PER_MINUTE) {
      throw rateLimited((recent[0]! + 60_000 - now) / 1000, 'Too many login attempts; wait and try again.');
    }
    recent.push(now);
    this.loginAttempts.set(login, recent);
    const account = this.accountByLogin(login);
    if (!account || account.password_sha256 !== sha256Hex(password)) throw unauthorized('Wrong login or password.');
    if (this.conduct.loginIssues === 'api_token') {
      // The other reading of 5.8: a permanent token, listed and counted in the 20 like any other.
      this.assertTokenSlot(account.id);
      return tokenResponse(this.issue(account, 'api', tokenName, now), tokenName);
    }
    return { ...tokenResponse(this.issue(account, 'session', tokenName, now), tokenName), id: 0 };
  }

  /** POST /auth/tokens. */
  createToken(principal: Principal, name: string): Record<string, unknown> {
    const now = this.clock.nowMs();
    this.assertTokenSlot(principal.accountId);
    this.db.prepare('DELETE FROM token_issues WHERE at_ms <= ?').run(now - 3_600_000);
    const issuedRecently = this.db
      .prepare('SELECT count(*) AS n, min(at_ms) AS first FROM token_issues WHERE account_id = ?')
      .get(principal.accountId) as { n: number; first: number | null };
    if (issuedRecently.n >= TOKENS_PER_HOUR) {
      throw rateLimited(((issuedRecently.first ?? now) + 3_600_000 - now) / 1000, `At most ${TOKENS_PER_HOUR} tokens may be issued per hour.`);
    }
    this.db.prepare('INSERT INTO token_issues(account_id, at_ms) VALUES (?, ?)').run(principal.accountId, now);
    return tokenResponse(this.issue(this.account(principal.accountId), 'api', name, now), name);
  }

  private assertTokenSlot(accountId: number): void {
    const active = this.db
      .prepare("SELECT count(*) AS n FROM tokens WHERE account_id = ? AND kind = 'api' AND is_active = 1")
      .get(accountId) as { n: number };
    if (active.n >= MAX_ACTIVE_TOKENS) {
      throw new ApiError(409, 'api_key_limit_reached', `At most ${MAX_ACTIVE_TOKENS} active API tokens; revoke one first.`);
    }
  }

  listTokens(principal: Principal): Record<string, unknown> {
    const rows = this.db
      .prepare("SELECT id, name, preview, is_active, created_at, last_used_at FROM tokens WHERE account_id = ? AND kind = 'api' ORDER BY id")
      .all(principal.accountId) as { id: number; name: string; preview: string; is_active: number; created_at: string; last_used_at: string | null }[];
    return {
      tokens: rows.map((r) => ({
        id: r.id,
        name: r.name,
        token_preview: r.preview,
        is_active: r.is_active === 1,
        created_at: r.created_at,
        last_used_at: r.last_used_at,
      })),
      total: rows.length,
    };
  }

  revokeToken(principal: Principal, tokenId: number): Record<string, unknown> {
    if (tokenId === 0) return { success: true, message: 'Session tokens are not revoked through this route; nothing changed.' };
    const row = this.db
      .prepare("SELECT id, is_active FROM tokens WHERE id = ? AND account_id = ? AND kind = 'api'")
      .get(tokenId, principal.accountId) as { id: number; is_active: number } | undefined;
    if (!row) throw new ApiError(404, 'not_found', `No API token ${tokenId} in this account.`);
    this.db.prepare('UPDATE tokens SET is_active = 0 WHERE id = ?').run(tokenId);
    return { success: true, message: row.is_active ? `Token ${tokenId} revoked.` : `Token ${tokenId} was already revoked.` };
  }

  private issue(account: AccountRow, kind: 'api' | 'session', name: string, nowMs: number): { id: number; secret: string; createdAt: string } {
    const random = randomBase62(32);
    const env = account.is_test ? 'test' : 'live';
    const secret = `tenderwb_${env}_${random}`;
    const preview = `tenderwb_${env}_${random.slice(0, 4)}…${random.slice(-4)}`;
    const createdAt = moscowIso(nowMs);
    const expires = kind === 'session' ? moscowIso(nowMs + SESSION_DAYS * 86_400_000) : null;
    const info = this.db
      .prepare(
        'INSERT INTO tokens(account_id, kind, name, secret_sha256, preview, is_active, created_at, expires_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
      )
      .run(account.id, kind, name, sha256Hex(random), preview, createdAt, expires);
    return { id: Number(info.lastInsertRowid), secret, createdAt };
  }
}

/** TokenResponse (2.6a): the secret is shown this once. */
const tokenResponse = (issued: { id: number; secret: string; createdAt: string }, name: string): Record<string, unknown> => ({
  id: issued.id,
  name,
  token: issued.secret,
  created_at: issued.createdAt,
});

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
