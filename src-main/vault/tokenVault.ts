/**
 * The API token of a profile. It lives only in the OS keychain (service `tender-workbench`, account = the
 * profile name) and in this process's memory; never in profiles.json, a log line or an error message.
 *
 * `TENDERWB_TOKEN` in the environment overrides the keychain for every profile: the way to run headless (CI,
 * a server, a machine with no Secret Service).
 *
 * keytar is reached only through `KeychainBackend`, and loaded lazily, so a missing or broken native module,
 * or a machine with no D-Bus, gives a `VaultUnavailableError` that says in plain words (Russian and English)
 * what is wrong and what to do, instead of crashing at import. keytar is unmaintained upstream: replacing it
 * means writing another `KeychainBackend`.
 */
import { assertProfileName } from '../profiles/profiles';

export const KEYCHAIN_SERVICE = 'tender-workbench';
export const TOKEN_ENV_VAR = 'TENDERWB_TOKEN';
export const MAX_TOKEN_LENGTH = 512;
/** How long a keychain call may take before we give up (a locked keyring may wait for a prompt that never shows). */
export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 15_000;

/** The three keychain operations we need; keytar's signatures. */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

export type VaultUnavailableReason =
  | 'no_dbus'
  | 'no_secret_service'
  | 'keyring_locked'
  | 'keychain_module_unavailable'
  | 'keychain_timeout'
  | 'keychain_failed';

const ENV_HINT_RU = `передайте токен через переменную ${TOKEN_ENV_VAR}`;
const ENV_HINT_EN = `pass the token in the ${TOKEN_ENV_VAR} environment variable`;
/** The messages' way around the keychain; the team password's messages name their own variables (teamSecret.ts). */
export const TOKEN_ENV_HINT = { ru: ENV_HINT_RU, en: ENV_HINT_EN } as const;

const UNAVAILABLE_MESSAGES: Record<VaultUnavailableReason, { ru: string; en: string }> = {
  no_dbus: {
    ru: `Системное хранилище паролей недоступно (нет D-Bus / Secret Service). Запустите приложение в графическом сеансе или ${ENV_HINT_RU}.`,
    en: `The system keychain is unavailable (no D-Bus / Secret Service). Start the app in a desktop session or ${ENV_HINT_EN}.`,
  },
  no_secret_service: {
    ru: `Служба хранения паролей (Secret Service) не запущена. Установите и запустите gnome-keyring или KWallet либо ${ENV_HINT_RU}.`,
    en: `No Secret Service is running. Install and start gnome-keyring or KWallet, or ${ENV_HINT_EN}.`,
  },
  keyring_locked: {
    ru: `Связка ключей заблокирована или ещё не создана, а запросить пароль для неё негде. Разблокируйте её в графическом сеансе (например, в «Паролях и ключах») или ${ENV_HINT_RU}.`,
    en: `The keyring is locked or does not exist yet, and there is nowhere to ask for its password. Unlock it in a desktop session (e.g. "Passwords and Keys") or ${ENV_HINT_EN}.`,
  },
  keychain_module_unavailable: {
    ru: `Модуль доступа к хранилищу паролей (keytar) не загружается. Переустановите приложение или ${ENV_HINT_RU}.`,
    en: `The keychain module (keytar) cannot be loaded. Reinstall the app or ${ENV_HINT_EN}.`,
  },
  keychain_timeout: {
    ru: `Системное хранилище паролей не ответило вовремя (возможно, ждёт ввода пароля в окне, которого не видно). Разблокируйте связку ключей или ${ENV_HINT_RU}.`,
    en: `The system keychain did not answer in time (it may be waiting for a password prompt that cannot be shown). Unlock the keyring or ${ENV_HINT_EN}.`,
  },
  keychain_failed: {
    ru: `Ошибка системного хранилища паролей. Проверьте, что оно работает, или ${ENV_HINT_RU}.`,
    en: `The system keychain failed. Check that it works, or ${ENV_HINT_EN}.`,
  },
};

/**
 * The keychain cannot be used. `message` is Russian then English; `detail` is the backend's own text (with
 * any token scrubbed) for a diagnostics view, never shown as the main message.
 */
export class VaultUnavailableError extends Error {
  override readonly name = 'VaultUnavailableError';
  readonly code = 'vault_unavailable';
  readonly messageRu: string;
  readonly messageEn: string;

  constructor(
    readonly reason: VaultUnavailableReason,
    readonly detail: string,
  ) {
    const { ru, en } = UNAVAILABLE_MESSAGES[reason];
    super(`${ru}\n${en}`);
    this.messageRu = ru;
    this.messageEn = en;
  }
}

/** A token that cannot be right. The message describes the problem, never the token. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  readonly code = 'invalid_token';
  constructor(problem: { ru: string; en: string }, origin: 'input' | 'env' | 'keychain') {
    const where =
      origin === 'env'
        ? { ru: ` (переменная ${TOKEN_ENV_VAR})`, en: ` (the ${TOKEN_ENV_VAR} variable)` }
        : origin === 'keychain'
          ? { ru: ' (сохранён в хранилище паролей)', en: ' (stored in the keychain)' }
          : { ru: '', en: '' };
    super(`Недопустимый токен API${where.ru}: ${problem.ru}.\nInvalid API token${where.en}: ${problem.en}.`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Token shape
// ---------------------------------------------------------------------------------------------------------

/**
 * Light validation, no assumption about a prefix: surrounding whitespace is dropped (a pasted token often ends
 * with a newline); what is left must be non-empty, ≤ 512 characters, with no whitespace or control characters.
 */
export function normalizeToken(raw: unknown, origin: 'input' | 'env' | 'keychain' = 'input'): string {
  if (typeof raw !== 'string') throw new InvalidTokenError({ ru: 'это не строка', en: 'it is not a string' }, origin);
  const token = raw.trim();
  if (token === '') throw new InvalidTokenError({ ru: 'пустая строка', en: 'it is empty' }, origin);
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new InvalidTokenError(
      { ru: `длиннее ${MAX_TOKEN_LENGTH} символов`, en: `it is longer than ${MAX_TOKEN_LENGTH} characters` },
      origin,
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/u.test(token)) {
    throw new InvalidTokenError(
      { ru: 'содержит пробелы или управляющие символы', en: 'it contains whitespace or control characters' },
      origin,
    );
  }
  return token;
}

// ---------------------------------------------------------------------------------------------------------
// Backend errors → plain words
// ---------------------------------------------------------------------------------------------------------

/** Replaces every occurrence of the given secrets in `text`. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length > 0) out = out.split(secret).join('[скрыто/redacted]');
  }
  return out;
}

/** Which of our reasons a keychain backend's error message means. */
export function classifyKeychainError(message: string): VaultUnavailableReason {
  if (/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect|Unable to autolaunch|dbus-launch|Failed to connect to socket/i.test(message)) {
    return 'no_dbus';
  }
  if (/ServiceUnknown|org\.freedesktop\.secrets was not provided|not provided by any \.service files|No such interface.*Secret/i.test(message)) {
    return 'no_secret_service';
  }
  if (/locked|prompt|dismissed|collection\/login|Object does not exist at path|No such object path/i.test(message)) {
    return 'keyring_locked';
  }
  return 'keychain_failed';
}

function translate(error: unknown, secrets: readonly (string | undefined)[]): Error {
  if (error instanceof VaultUnavailableError || error instanceof InvalidTokenError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const detail = scrubSecrets(raw, secrets);
  return new VaultUnavailableError(classifyKeychainError(raw), detail);
}

// ---------------------------------------------------------------------------------------------------------
// keytar
// ---------------------------------------------------------------------------------------------------------

let keytarModule: Promise<KeychainBackend> | null = null;

async function loadKeytar(): Promise<KeychainBackend> {
  try {
    const imported = (await import('keytar')) as unknown as { default?: KeychainBackend } & Partial<KeychainBackend>;
    const api = (imported.default ?? imported) as Partial<KeychainBackend>;
    if (typeof api.getPassword !== 'function' || typeof api.setPassword !== 'function' || typeof api.deletePassword !== 'function') {
      throw new Error('keytar does not export getPassword/setPassword/deletePassword');
    }
    return api as KeychainBackend;
  } catch (error) {
    keytarModule = null; // let a later call try again (e.g. after the user fixed the install)
    throw new VaultUnavailableError('keychain_module_unavailable', error instanceof Error ? error.message : String(error));
  }
}

/** The OS keychain through keytar, loaded on first use. */
export const keytarBackend: KeychainBackend = {
  async getPassword(service, account) {
    return (await (keytarModule ??= loadKeytar())).getPassword(service, account);
  },
  async setPassword(service, account, password) {
    return (await (keytarModule ??= loadKeytar())).setPassword(service, account, password);
  },
  async deletePassword(service, account) {
    return (await (keytarModule ??= loadKeytar())).deletePassword(service, account);
  },
};

/**
 * The keychain a vault of this thread uses when none is given: keytar, except in a thread that is served
 * the keychain by another (the core worker; see remoteKeychain.ts), because keytar must be loaded in one
 * thread per process.
 */
let threadKeychain: KeychainBackend = keytarBackend;

/** Makes every vault of this thread created without an explicit `keychain` use `backend`. */
export function setThreadKeychain(backend: KeychainBackend): void {
  threadKeychain = backend;
}

/** The keychain this thread's vaults use by default (the team database's password vault shares it). */
export const currentThreadKeychain = (): KeychainBackend => threadKeychain;

/**
 * Runs one keychain call with a time limit, turning whatever it throws into a plain-words error with the given
 * secrets scrubbed from its detail. Every secret kept in the keychain goes through this one rule.
 */
export async function callKeychain<T>(operation: () => Promise<T>, secrets: readonly (string | undefined)[], timeoutMs: number = DEFAULT_KEYCHAIN_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VaultUnavailableError('keychain_timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([operation(), timeout]);
  } catch (error) {
    throw translate(error, secrets);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The vault
// ---------------------------------------------------------------------------------------------------------

export interface TokenVaultOptions {
  env?: NodeJS.ProcessEnv;
  keychain?: KeychainBackend;
  /** Per-call limit for the keychain; default 15 s. */
  timeoutMs?: number;
}

export type TokenSource = 'env' | 'keychain';

export class TokenVault {
  private readonly env: NodeJS.ProcessEnv;
  private readonly keychain: KeychainBackend;
  private readonly timeoutMs: number;
  /** Tokens read from or written to the keychain in this process. */
  private readonly memory = new Map<string, string>();

  constructor(opts: TokenVaultOptions = {}) {
    this.env = opts.env ?? process.env;
    this.keychain = opts.keychain ?? threadKeychain;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
  }

  /** True when `TENDERWB_TOKEN` is set: it then wins over the keychain for every profile. */
  envOverrideActive(): boolean {
    const value = this.env[TOKEN_ENV_VAR];
    return value !== undefined && value.trim() !== '';
  }

  /** The profile's token: `TENDERWB_TOKEN` if set, else the keychain's (cached in memory), else null. */
  async get(profile: string): Promise<string | null> {
    return (await this.lookup(profile))?.token ?? null;
  }

  /** Where the profile's token would come from, or null when there is none. */
  async source(profile: string): Promise<TokenSource | null> {
    return (await this.lookup(profile))?.source ?? null;
  }

  async has(profile: string): Promise<boolean> {
    return (await this.lookup(profile)) !== null;
  }

  /** Stores the token in the keychain (and memory). `TENDERWB_TOKEN`, when set, still wins on `get`. */
  async set(profile: string, token: string): Promise<void> {
    assertProfileName(profile);
    const clean = normalizeToken(token, 'input');
    await this.call(() => this.keychain.setPassword(KEYCHAIN_SERVICE, profile, clean), [token, clean]);
    this.memory.set(profile, clean);
  }

  /** Deletes the token from the keychain and memory; true when the keychain had one. */
  async remove(profile: string): Promise<boolean> {
    assertProfileName(profile);
    const known = this.memory.get(profile);
    this.memory.delete(profile);
    return this.call(() => this.keychain.deletePassword(KEYCHAIN_SERVICE, profile), [known]);
  }

  /** Forgets the in-memory copies (e.g. on sign-out); the keychain is untouched. */
  clearMemory(): void {
    this.memory.clear();
  }

  private async lookup(profile: string): Promise<{ token: string; source: TokenSource } | null> {
    assertProfileName(profile);
    if (this.envOverrideActive()) return { token: normalizeToken(this.env[TOKEN_ENV_VAR], 'env'), source: 'env' };
    const cached = this.memory.get(profile);
    if (cached !== undefined) return { token: cached, source: 'keychain' };
    const stored = await this.call(() => this.keychain.getPassword(KEYCHAIN_SERVICE, profile), []);
    if (stored === null || stored === undefined) return null;
    const token = normalizeToken(stored, 'keychain');
    this.memory.set(profile, token);
    return { token, source: 'keychain' };
  }

  /** Runs one keychain call with a time limit, turning whatever it throws into a plain-words error. */
  private call<T>(operation: () => Promise<T>, secrets: readonly (string | undefined)[]): Promise<T> {
    return callKeychain(operation, secrets, this.timeoutMs);
  }
}
