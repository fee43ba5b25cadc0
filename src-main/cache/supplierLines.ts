/**
 * A contract's suppliers as its `contract_party.suppliers` column holds them (migration 0035): `inn<TAB>name` lines,
 * then `<TAB>name` lines a search by name reads but no reader of suppliers shows, and the rules of that search (a
 * name matched case-insensitively inside one line's name, never inside an INN). Written by insightUpkeep.ts and
 * the migration, read by the lazy supplier index (partyIndexQueue.ts), the facts (insightStore.ts) and the search
 * by supplier (viewQueries.ts). Pure functions: no database here.
 */

/**
 * The column's text: `inn<TAB>name` lines, then `<TAB>name` lines of `searchNames` (the names the contract states
 * that its INN lines do not show: searchOnlyNames), null when there are none. suppliersOf skips the name-only lines.
 */
export const suppliersText = (suppliers: readonly { inn: string; name: string | null }[], searchNames: readonly string[] = []): string | null =>
  suppliers.length === 0 && searchNames.length === 0
    ? null
    : [...suppliers.map((p) => `${p.inn}\t${p.name ?? ''}`), ...searchNames.map((name) => `\t${name}`)].join('\n');

/** The suppliers of a `contract_party.suppliers` text (its name-only search lines are no suppliers). */
export function suppliersOf(text: string | null): { inn: string; name: string | null }[] {
  if (text === null || text === '') return [];
  const suppliers: { inn: string; name: string | null }[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab === 0) continue;
    const name = line.slice(tab + 1);
    suppliers.push({ inn: line.slice(0, tab), name: name === '' ? null : name });
  }
  return suppliers;
}

/** How a supplier's name is compared in a search by name: lower case, as `supplier_text` held it before 0035. */
export const foldSupplierName = (name: string): string => name.toLowerCase();

/**
 * The names (`names`: every non-empty name the contract states, in order) that a supplier lookup by INN leaves out:
 * a supplier without an INN, or a second name under an INN already listed (contractInsight keeps the first).
 * Folded and distinct, so a contract's search lines are the same however they were made (the migration 0035 had
 * only the folded `supplier_text`).
 */
export function searchOnlyNames(names: readonly string[], suppliers: readonly { name: string | null }[]): string[] {
  const shown = new Set(suppliers.flatMap((p) => (p.name === null ? [] : [foldSupplierName(p.name)])));
  const extra: string[] = [];
  for (const name of names) {
    const folded = foldSupplierName(name);
    if (shown.has(folded)) continue;
    shown.add(folded);
    extra.push(folded);
  }
  return extra;
}

/**
 * Whether `folded` (a typed name, foldSupplierName'd) is part of one of the supplier names of a `contract_party.suppliers`
 * text, as typed (no wildcards) and never of an INN. The text is folded once and searched in place: this runs once a
 * contract in a search by name (viewQueries.ts), where splitting it into names cost 3 times the old LIKE.
 */
export function supplierNameIn(text: string | null, folded: string): boolean {
  if (text === null || folded === '') return false;
  const lower = foldSupplierName(text);
  for (let at = lower.indexOf(folded); at !== -1; at = lower.indexOf(folded, at + 1)) {
    const lineStart = at === 0 ? 0 : lower.lastIndexOf('\n', at - 1) + 1;
    const tab = lower.indexOf('\t', lineStart);
    const lineEnd = lower.indexOf('\n', at);
    if (tab !== -1 && tab < at && (lineEnd === -1 || at + folded.length <= lineEnd)) return true;
  }
  return false;
}

/** Letters other than their own capital that fold to an ASCII letter (U+0130 «İ» → «i̇», U+212A Kelvin sign → «k»). */
const OTHER_CAPITALS: Readonly<Record<string, string>> = { i: '\u0130', k: '\u212a' };

/**
 * A GLOB pattern that every `suppliers` text matching `folded` (supplierNameIn) also matches, for SQLite to try
 * first in its own code: a JavaScript function called once a contract cost a name search 3 times the old LIKE.
 * Each ASCII or basic Cyrillic letter stands for itself and its capitals; a character that is no letter, no mark and
 * has no capital folds only from itself (checked over every code point with Node 24's toLowerCase). Null when `folded` has another letter or mark (whose capitals are not all known here): the
 * function alone decides then.
 */
export function supplierNameGlob(folded: string): string | null {
  let pattern = '*';
  for (const ch of folded) {
    if (/[a-z\u0430-\u044f\u0451]/.test(ch)) pattern += `[${ch}${ch.toUpperCase()}${OTHER_CAPITALS[ch] ?? ''}]`;
    else if (/[\p{L}\p{M}]/u.test(ch) || ch.toUpperCase() !== ch) return null; // Ⅰ and Ⓐ have case and are no letters
    else pattern += ch === '*' || ch === '?' || ch === '[' ? `[${ch}]` : ch;
  }
  return `${pattern}*`;
}
