/**
 * The snippet of a «в документах» hit, made here instead of by FTS5's snippet(): snippet() reads and
 * scores the whole document for every row the query walks, which was most of a query's time over 100,000
 * documents (bench/documents.ts), while the words to mark are known from the query itself. The text is read up
 * to the first match and a little after; the window of 16 words with the most distinct matched words is shown,
 * matched words between `[` and `]` (or the marks given), cut ends marked with `…`, as snippet() gave them.
 *
 * Words are compared as the index compares them: lowercased runs of letters and digits, ё read as е (the query
 * is folded to е by parseText, a document may write ё).
 */
export type Highlight = {
  exact: Set<string>;
  prefixes: string[];
  /** Phrases, word by word (the last one a prefix when `prefix`): marked as one span, as snippet() marks them. */
  phrases: { words: string[]; prefix: boolean }[];
};

export const emptyHighlight = (): Highlight => ({ exact: new Set(), prefixes: [], phrases: [] });

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const WINDOW = 16;
/** Words read after the first match to find a better window (the query’s other words nearby): a window and a half. */
const LOOK_AHEAD = 24;

export const highlightKey = (word: string): string => word.toLowerCase().replace(/ё/g, 'е');

type Token = { s: number; e: number; key: string; hit: string | null; spanStart: boolean; spanEnd: boolean };

/** A snippet of `text` with the highlighted words marked; null when none of them is in the text given. */
export function documentSnippet(text: string, h: Highlight, marks: { open: string; close: string } = { open: '[', close: ']' }): string | null {
  const wordHit = (k: string): string | null => {
    if (h.exact.has(k)) return k;
    for (const p of h.prefixes) if (k.startsWith(p)) return p;
    return null;
  };
  const fits = (k: string, word: string, prefix: boolean): boolean => (prefix ? k.startsWith(word) : k === word);
  const tokens: Token[] = [];
  let first = -1;
  for (const m of text.matchAll(WORD)) {
    const key = highlightKey(m[0]);
    const t: Token = { s: m.index, e: m.index + m[0].length, key, hit: wordHit(key), spanStart: true, spanEnd: true };
    tokens.push(t);
    const at = tokens.length - 1;
    // A phrase is found at its last word, looking back over the words before it.
    for (const p of h.phrases) {
      const n = p.words.length;
      if (n === 0 || at < n - 1 || !fits(key, p.words[n - 1]!, p.prefix)) continue;
      if (!p.words.slice(0, -1).every((w, k) => tokens[at - n + 1 + k]!.key === w)) continue;
      for (let k = 0; k < n; k++) {
        const u = tokens[at - n + 1 + k]!;
        u.hit = `"${p.words.join(' ')}"`;
        u.spanStart = k === 0;
        u.spanEnd = k === n - 1;
      }
      if (first < 0 || at - n + 1 < first) first = at - n + 1;
    }
    if (t.hit !== null && first < 0) first = at;
    if (first >= 0 && tokens.length > first + LOOK_AHEAD) break;
  }
  if (first < 0) return null;
  // The window with the most distinct matched words, each starting a little before a match.
  let best = { start: Math.max(0, first - 3), score: -1 };
  for (let p = first; p < tokens.length; p++) {
    if (tokens[p]!.hit === null || !tokens[p]!.spanStart) continue;
    const start = Math.max(0, p - 3);
    const seen = new Set<string>();
    for (let i = start; i < Math.min(tokens.length, start + WINDOW); i++) if (tokens[i]!.hit !== null) seen.add(tokens[i]!.hit!);
    if (seen.size > best.score) best = { start, score: seen.size };
  }
  const end = Math.min(tokens.length, best.start + WINDOW);
  let out = best.start > 0 ? '…' : '';
  for (let i = best.start; i < end; i++) {
    const t = tokens[i]!;
    if (i > best.start) out += text.slice(tokens[i - 1]!.e, t.s);
    const open = t.hit !== null && (t.spanStart || i === best.start);
    const close = t.hit !== null && (t.spanEnd || i === end - 1);
    out += `${open ? marks.open : ''}${text.slice(t.s, t.e)}${close ? marks.close : ''}`;
  }
  const tail = text.slice(tokens[end - 1]!.e);
  return out + (end < tokens.length || /[\p{L}\p{N}]/u.test(tail) ? '…' : tail.trimEnd());
}
