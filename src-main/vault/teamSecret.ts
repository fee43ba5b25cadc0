/**
 * The team database's password: like the API token, only in the OS keychain (service
 * `tender-workbench`, account `team:<user>@<host>:<port>/<database>`) and in memory, through the same backend
 * and the same plain-words errors (tokenVault.ts `callKeychain`). Never in profiles.json, settings, SQLite, logs
 * or error texts.
 *
 * Where a run's password comes from, first found wins: a password inside the URL (this run only), then
 * `TENDERWB_TEAM_PASSWORD` or `PGPASSWORD` (headless use), then the keychain, else none (trust or peer auth).
 */
import { AppError } from '../domain/appError';
import { parseTeamUrl } from '../teamdb/teamUrl';
import { callKeychain, currentThreadKeychain, KEYCHAIN_SERVICE, TOKEN_ENV_HINT, VaultUnavailableError, type KeychainBackend } from './tokenVault';

export const TEAM_PASSWORD_ENV_VARS = ['TENDERWB_TEAM_PASSWORD', 'PGPASSWORD'] as const;

const TEAM_ENV_HINT = {
  ru: 'передайте пароль базы команды через переменную TENDERWB_TEAM_PASSWORD (или PGPASSWORD)',
  en: 'pass the team database password in the TENDERWB_TEAM_PASSWORD (or PGPASSWORD) environment variable',
};

/**
 * The keychain's plain-words error, but naming the team password's variables instead of the API token's
 * (a newcomer was told to pass the *token* in TENDERWB_TOKEN), one sentence per language (AppError).
 */
function teamKeychainError(error: unknown): unknown {
  if (!(error instanceof VaultUnavailableError)) return error;
  return new AppError('keychain_unavailable', {
    ru: error.messageRu.replace(TOKEN_ENV_HINT.ru, TEAM_ENV_HINT.ru),
    en: error.messageEn.replace(TOKEN_ENV_HINT.en, TEAM_ENV_HINT.en),
  });
}

const isKeychainUnavailable = (e: unknown): boolean => e instanceof AppError && e.code === 'keychain_unavailable';

export type TeamPasswordSource = 'url' | 'env' | 'keychain' | 'none';

/** The keychain account of a team database: who connects where, never the password (the URL's parsed parts). */
export function teamSecretAccount(url: string): string {
  const u = parseTeamUrl(url);
  return `team:${u.user}@${u.host}:${u.port}/${u.database}`;
}

/** True when the URL itself carries a password (then it is used for that run only and never stored). */
export const urlHasPassword = (url: string): boolean => parseTeamUrl(url).urlPassword !== null;

export interface TeamSecretOptions {
  env?: NodeJS.ProcessEnv;
  keychain?: KeychainBackend;
  timeoutMs?: number;
}

export class TeamSecretVault {
  private readonly env: NodeJS.ProcessEnv;
  private readonly keychain: KeychainBackend;

  constructor(private readonly opts: TeamSecretOptions = {}) {
    this.env = opts.env ?? process.env;
    this.keychain = opts.keychain ?? currentThreadKeychain();
  }

  /** The stored password or null; no keychain: an AppError `keychain_unavailable` (so are `set` and `remove`'s). */
  async get(url: string): Promise<string | null> {
    const stored = await callKeychain(() => this.keychain.getPassword(KEYCHAIN_SERVICE, teamSecretAccount(url)), [], this.opts.timeoutMs).catch((e: unknown) => {
      throw teamKeychainError(e);
    });
    return stored === null || stored === undefined || stored === '' ? null : stored;
  }

  async set(url: string, password: string): Promise<void> {
    await callKeychain(() => this.keychain.setPassword(KEYCHAIN_SERVICE, teamSecretAccount(url), password), [password], this.opts.timeoutMs).catch((e: unknown) => {
      throw teamKeychainError(e);
    });
  }

  /** True when the keychain had one. */
  async remove(url: string): Promise<boolean> {
    return callKeychain(() => this.keychain.deletePassword(KEYCHAIN_SERVICE, teamSecretAccount(url)), [], this.opts.timeoutMs).catch((e: unknown) => {
      throw teamKeychainError(e);
    });
  }

  /** The environment's password, if one of TEAM_PASSWORD_ENV_VARS is set. */
  fromEnv(): string | null {
    for (const name of TEAM_PASSWORD_ENV_VARS) {
      const value = this.env[name];
      if (value !== undefined && value !== '') return value;
    }
    return null;
  }

  /** The password for one run by the rule above (`password` undefined for 'url' and 'none'). */
  async resolve(url: string): Promise<{ password?: string; source: TeamPasswordSource }> {
    if (urlHasPassword(url)) return { source: 'url' };
    const env = this.fromEnv();
    if (env !== null) return { password: env, source: 'env' };
    // No keychain here (a server, CI without D-Bus): try without a password (trust or peer authentication);
    // a database that wants one then says so in its own clear error.
    const stored = await this.get(url).catch((e: unknown) => {
      if (isKeychainUnavailable(e)) return null;
      throw e;
    });
    return stored !== null ? { password: stored, source: 'keychain' } : { source: 'none' };
  }
}
