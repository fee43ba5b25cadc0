/**
 * What a token field (TokenInput) makes of typed or pasted text: the items as they will be sent. The search
 * form's criteria use the same cleaning (views/search/queryBuilder.ts), so a chip shows exactly what is sent.
 */

/** Items typed or pasted into a list field: trimmed, inner spaces collapsed, quotes around a phrase dropped, duplicates removed. */
export function cleanItems(items: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of items) {
    let s = raw.replace(/\s+/g, ' ').trim();
    const quoted = /^["«“„'](.*)["»”“']$/.exec(s);
    if (quoted) s = quoted[1]!.trim();
    if (s === '') continue;
    const key = s.toLocaleLowerCase('ru');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}

/**
 * Splits pasted text into items. Words and phrases split on new lines and tabs (a phrase keeps its spaces and
 * its semicolons, which the API takes as ordinary characters; commas too, unless the text has no line breaks,
 * then commas separate); codes, tax ids and ids split on any whitespace, commas and semicolons as well. The
 * chips show the items exactly as they will be sent.
 */
export function splitPasted(text: string, kind: 'phrases' | 'codes'): string[] {
  if (kind === 'codes') return text.split(/[\s,;]+/).filter((s) => s !== '');
  const parts = /[\n\t]/.test(text) ? text.split(/[\n\t]+/) : text.split(',');
  return parts.map((s) => s.trim()).filter((s) => s !== '');
}
