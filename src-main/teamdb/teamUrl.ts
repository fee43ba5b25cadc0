/**
 * A team database's address (`postgres://user[:password]@host[:port]/database[?sslmode=...]`, or `postgresql://`):
 * parsed by node-postgres's own parser (pg-connection-string, which pg itself uses and ships), so every option pg
 * understands in a URL works the same here. The password is kept apart: `display` (messages, settings, the
 * keychain account) never has it, and an unparseable address is refused without echoing it (it may hold one).
 */
import { userInfo } from 'node:os';
import type { ClientConfig } from 'pg';
import { parse, toClientConfig } from 'pg-connection-string';
import { AppError } from '../domain/appError';
import { teamErrorText } from '../i18n/team';

export interface TeamUrl {
  user: string;
  host: string;
  port: number;
  database: string;
  /** The password written in the URL, if any (wins over the keychain's for that run). */
  urlPassword: string | null;
  /** `postgres://user@host:port/database`: the address without its password or options. */
  display: string;
  /** Everything else the URL says (ssl, options...) as pg's client config, without the password. */
  config: ClientConfig;
}

const SCHEME = /^postgres(?:ql)?:\/\//i;

const invalidUrl = (): AppError => new AppError('invalid_input', { ru: teamErrorText.ru.invalidUrl, en: teamErrorText.en.invalidUrl });

/** The user pg falls back to when the URL names none (its own default: the OS user). */
function defaultUser(): string {
  const fromEnv = process.env.PGUSER;
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username;
  } catch {
    return '';
  }
}

export function parseTeamUrl(url: string): TeamUrl {
  const text = url.trim();
  if (!SCHEME.test(text)) throw invalidUrl();
  let parsed: ReturnType<typeof parse>;
  let config: ClientConfig;
  try {
    parsed = parse(text);
    config = toClientConfig(parsed);
  } catch {
    throw invalidUrl();
  }
  const host = parsed.host || 'localhost';
  const port = config.port ?? 5432;
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw invalidUrl();
  const user = parsed.user || defaultUser();
  const database = parsed.database || user;
  const urlPassword = parsed.password ? parsed.password : null;
  delete config.password;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const display = `postgres://${encodeURIComponent(user)}@${hostPart}:${port}/${encodeURIComponent(database)}`;
  return { user, host, port, database, urlPassword, display, config: { ...config, host, port, user, database } };
}

/** The address without its password (for messages and settings); a fixed word when it does not parse. */
export function describeTeamUrl(url: string): string {
  try {
    return parseTeamUrl(url).display;
  } catch {
    return 'postgres://…';
  }
}
