/**
 * Which columns an export writes, one rule for every CSV (tenders, the ledger) and every caller: the keys
 * chosen, in their order, each a known column and each once. The rule returns the problem instead of
 * wording it, because its callers speak differently: the app in the user's language (app/csvExport.ts), the
 * CLI in its English usage errors (csv.ts parseColumnList, ledgerExport.ts chosenLedgerColumns).
 */

export type ColumnChoice<C> =
  | { ok: true; columns: C[] }
  /** `unknown` and `repeated` in the order given, each named once; `known` is every key on offer. */
  | { ok: false; unknown: string[]; repeated: string[]; known: string[] };

/** The columns of `all` named by `keys`, in the order of `keys`, or what is wrong with the choice. */
export function chooseColumns<C extends { key: string }>(all: readonly C[], keys: readonly string[]): ColumnChoice<C> {
  const byKey = new Map(all.map((c) => [c.key, c]));
  const unknown = keys.filter((k) => !byKey.has(k));
  const repeated = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
  if (unknown.length > 0 || repeated.length > 0) return { ok: false, unknown, repeated, known: [...byKey.keys()] };
  return { ok: true, columns: keys.map((k) => byKey.get(k)!) };
}

/** The keys of a typed list (`"id, Name,price"`): split at commas, trimmed, any case, empty items dropped. */
export const columnKeysOf = (list: string): string[] =>
  list
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k !== '');
