/**
 * Reading the answers of the earlier generation's token routes. Document 2 shows what they do ("creates an
 * API token; the secret is shown once", "list of the user's tokens without the secrets", "deletes the
 * token") but none of their fields, so a server may call the secret `token`, `api_token`, `key` or nest it.
 * The client finds the id and the secret by meaning, keeps every other field, and when no secret can be
 * found says so in plain Russian instead of failing. The secret is never put in `fields` (what may be
 * shown or logged), only in `secret`.
 */
import { isRecord } from '../transport';

export type TokenId = number | string;

export type CreatedToken = {
  /** The secret, shown once by the service; null when the answer held nothing recognisable as one. */
  secret: string | null;
  id: TokenId | null;
  name: string | null;
  /** Every field of the answer except the secret (unknown ones kept). */
  fields: Record<string, unknown>;
  /** Null when the secret was found; otherwise the analyst's sentence (never containing the answer). */
  problem: string | null;
};

export type TokenListEntry = { id: TokenId | null; name: string | null; created: string | null; fields: Record<string, unknown> };

/** Names a secret goes by, most specific first; compared without case, `-` and `_`. */
const SECRET_NAMES = ['apitoken', 'token', 'apikey', 'secret', 'accesstoken', 'tokenvalue', 'plaintoken', 'key', 'value'];
const ID_NAMES = ['id', 'tokenid', 'keyid', 'apitokenid', 'uid', 'uuid'];
const NAME_NAMES = ['name', 'tokenname', 'title', 'label'];
const CREATED_NAMES = ['created', 'createdat', 'createddate', 'creationdate', 'issuedat'];
/** Wrappers a server may put the answer in. */
const WRAPPERS = ['data', 'result', 'token', 'item', 'apitoken'];

const norm = (k: string): string => k.toLowerCase().replace(/[-_]/g, '');

function pick(o: Record<string, unknown>, names: readonly string[], ok: (v: unknown) => boolean): [string, unknown] | null {
  const keys = Object.keys(o);
  for (const name of names) {
    const k = keys.find((key) => norm(key) === name);
    if (k !== undefined && ok(o[k])) return [k, o[k]];
  }
  return null;
}

/** A string that can be a secret: long enough, one word, and not a masked preview (`abcd…wxyz`, `***`). */
const secretLike = (v: unknown): v is string => typeof v === 'string' && v.length >= 16 && !/[\s…*]/.test(v) && !v.includes('...');
const idLike = (v: unknown): v is TokenId => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length > 0 && v.length <= 64);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The object holding the token's fields: the answer itself or one wrapper level of it. */
function tokenObjects(answer: unknown): Record<string, unknown>[] {
  if (!isRecord(answer)) return [];
  const inner = WRAPPERS.map((w) => pick(answer, [w], isRecord)?.[1]).filter(isRecord);
  return [answer, ...inner];
}

/** `POST /tokens`: the secret and the id wherever the service put them. */
export function readCreatedToken(answer: unknown): CreatedToken {
  if (secretLike(answer)) return { secret: answer, id: null, name: null, fields: {}, problem: null };
  const objects = tokenObjects(answer);
  let secret: string | null = null;
  for (const o of objects) {
    const found = pick(o, SECRET_NAMES, secretLike) ?? Object.entries(o).find(([k, v]) => /token|secret|key/i.test(k) && secretLike(v)) ?? null;
    if (found) {
      secret = found[1] as string;
      break;
    }
  }
  const fields = withoutSecret(isRecord(answer) ? answer : { answer }, secret);
  const flat = tokenObjects(fields);
  const id = firstOf(flat, ID_NAMES, idLike) as TokenId | null;
  const name = text(firstOf(flat, NAME_NAMES, (v) => typeof v === 'string'));
  return {
    secret,
    id,
    name,
    fields,
    problem:
      secret === null
        ? `Сервис сообщил, что токен создан${id !== null ? ` (номер ${String(id)})` : ''}, но в его ответе не найден сам секрет токена: ` +
          'сохранить токен нельзя. Удалите этот токен в личном кабинете или командой удаления и выпустите новый; если ошибка повторится, обратитесь в поддержку.'
        : null,
  };
}

/** `GET /tokens`: a bare array, or the first array of objects in an envelope (`tokens`, `items`, `data`...). */
export function readTokenList(answer: unknown): TokenListEntry[] {
  const list = Array.isArray(answer) ? answer : isRecord(answer) ? (Object.values(answer).find((v) => Array.isArray(v) && v.every(isRecord)) ?? []) : [];
  return (list as unknown[]).filter(isRecord).map((o) => ({
    id: firstOf([o], ID_NAMES, idLike) as TokenId | null,
    name: text(firstOf([o], NAME_NAMES, (v) => typeof v === 'string')),
    created: text(firstOf([o], CREATED_NAMES, (v) => typeof v === 'string')),
    fields: o,
  }));
}

function firstOf(objects: readonly Record<string, unknown>[], names: readonly string[], ok: (v: unknown) => boolean): unknown {
  for (const o of objects) {
    const found = pick(o, names, ok);
    if (found) return found[1];
  }
  return null;
}

/** A deep copy of the answer with every occurrence of the secret replaced, so `fields` can be shown safely. */
function withoutSecret(o: Record<string, unknown>, secret: string | null): Record<string, unknown> {
  if (secret === null) return o;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.split(secret).join('***');
    if (Array.isArray(v)) return v.map(walk);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(o) as Record<string, unknown>;
}
