/**
 * How a tender or a contract is named where only its id is known (the ledger): by its number and subject
 * from the version held, «№ 0373100000126000123 · Поставка компьютеров», never «Контракт 8420».
 * Null when nothing of it is held, or it holds neither field (a server need not send them).
 */
import type { CacheDb } from '../cache/database';
import { viewQueries } from '../cache/viewQueries';

type Json = Record<string, unknown>;
const str = (o: Json, key: string): string | null => (typeof o[key] === 'string' && o[key] !== '' ? (o[key] as string) : null);

export function objectTitle(kind: 'tender' | 'contract', json: string): string | null {
  let o: Json;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return null;
    o = parsed as Json;
  } catch {
    return null;
  }
  const number = kind === 'tender' ? str(o, 'etp_id') : str(o, 'reestr_number');
  const subject = str(o, 'name') ?? str(o, 'title') ?? str(o, 'subject');
  if (number === null && subject === null) return null;
  return [number === null ? null : `№ ${number}`, subject].filter((p) => p !== null).join(' · ');
}

/** Titles of the given objects of one kind, by id (only those held). */
export function objectTitles(cache: CacheDb, kind: 'tender' | 'contract', ids: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  for (const row of viewQueries(cache).objects(kind, [...new Set(ids)])) {
    const title = objectTitle(kind, row.json);
    if (title !== null) out.set(row.id, title);
  }
  return out;
}
