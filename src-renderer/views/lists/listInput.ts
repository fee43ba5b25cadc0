/**
 * What a user pastes into "add by ids" and how export columns are chosen and ordered. Pure.
 */

export interface ParsedIds {
  /** Positive integer ids, first occurrence kept, in the pasted order. */
  ids: number[];
  /** Tokens that are not ids, as typed. */
  invalid: string[];
  duplicates: number;
}

/**
 * Ids separated by anything that is not a digit-run boundary people use: spaces, new lines, commas, semicolons.
 * A token like `12a` or `-5` is invalid rather than silently read as a number.
 */
export function parseIds(text: string, max = 10_000): ParsedIds {
  const ids: number[] = [];
  const seen = new Set<number>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const token of text.split(/[\s,;]+/)) {
    if (token === '') continue;
    if (!/^\d{1,15}$/.test(token) || Number(token) < 1) {
      invalid.push(token);
      continue;
    }
    const id = Number(token);
    if (seen.has(id)) {
      duplicates += 1;
      continue;
    }
    seen.add(id);
    if (ids.length < max) ids.push(id);
    else invalid.push(token);
  }
  return { ids, invalid, duplicates };
}

export interface ColumnChoice {
  key: string;
  title: string;
  checked: boolean;
}

/** Moves the column at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveColumn(columns: readonly ColumnChoice[], index: number, delta: -1 | 1): ColumnChoice[] {
  const target = index + delta;
  if (index < 0 || index >= columns.length || target < 0 || target >= columns.length) return [...columns];
  const out = [...columns];
  const [moved] = out.splice(index, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** The keys to export, in the chosen order. */
export function chosenKeys(columns: readonly ColumnChoice[]): string[] {
  return columns.filter((c) => c.checked).map((c) => c.key);
}
