/**
 * A tender's publication and closing times as the result rows show them: the API's text exactly, kept in
 * `tender_view` (migration 0024) as the instant alone when the text is the Moscow rendering of it
 * (`2026-02-02T10:12:00+03:00`, what the API sends for nearly every tender: ~26 bytes a date against ~5), and as
 * the text itself otherwise (another offset, fractions of a second, a text that is no date). Readers rebuild the
 * text in SQL (`viewDateSql`) with the same rendering, so what a row shows is always what was delivered.
 */

/** The compact form of a delivered date text: `at` when `text` is its Moscow rendering, else the text. */
export interface StoredViewDate {
  at: number | null;
  text: string | null;
}

const MOSCOW_RENDERING = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/;

/** The text SQL's `viewDateSql` makes of `at` (Unix seconds). */
export function moscowRendering(at: number): string {
  return `${new Date((at + 3 * 3600) * 1000).toISOString().slice(0, 19)}+03:00`;
}

export function storedViewDate(text: string | null): StoredViewDate {
  if (text === null || !MOSCOW_RENDERING.test(text)) return { at: null, text };
  const ms = Date.parse(text);
  if (!Number.isSafeInteger(ms) || ms % 1000 !== 0) return { at: null, text };
  const at = ms / 1000;
  return moscowRendering(at) === text ? { at, text: null } : { at: null, text };
}

/** SQL giving the delivered text back from the two columns `<alias>.<name>_at` / `<alias>.<name>_date`. */
export const viewDateSql = (alias: string, name: 'publish' | 'end'): string =>
  `coalesce(${alias}.${name}_date, strftime('%Y-%m-%dT%H:%M:%S', ${alias}.${name}_at + 10800, 'unixepoch') || '+03:00')`;
