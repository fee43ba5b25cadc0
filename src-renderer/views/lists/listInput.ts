/**
 * What a user pastes into "add by ids". Pure.
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
