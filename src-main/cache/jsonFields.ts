/**
 * Some fields of a stored JSON object, without decoding and parsing all of it. The list export reads 100,000
 * tenders of ~1.6 KB each and writes a dozen fields of each: turning the whole UTF-8 text into a string and
 * parsing it was the largest cost of the export (about half of it the description and other fields no
 * column reads). A picker copies the wanted top-level members' bytes into one small object and decodes only
 * that; JSON.parse then reads those values from the same bytes it would have read in the whole text.
 *
 * The scan expects what JSON.stringify writes (the cache stores nothing else): one object, no whitespace
 * between tokens. Anything else returns null, and the caller parses the whole text instead.
 *
 * Used by the exports (listExport.ts, packTextWorker.ts) and by enrichment's plan (cardFacts.ts: a cached
 * card page's `positions_total`), so it sits with the cache whose bytes it reads.
 */

import { QUOTE, BACKSLASH, COMMA, COLON, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY } from '../domain/jsonBytes';

/**
 * Keys and most values are a few bytes long: read in a loop here they cost less than a call into native
 * code (indexOf, copy), which pays off from about this length (the description, the name).
 */
const SHORT = 48;

/** Index of the quote closing the string opened at `open`, or -1. */
function closingQuote(bytes: Buffer, open: number, end: number): number {
  const stop = Math.min(end, open + 1 + SHORT);
  let i = open + 1;
  while (i < stop) {
    const c = bytes[i];
    if (c === QUOTE) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
  // A long string: the next quote not escaped, that is, not preceded by an odd number of backslashes.
  for (i = stop - 1; ; ) {
    i = bytes.indexOf(QUOTE, i + 1);
    if (i < 0 || i >= end) return -1;
    let slash = i - 1;
    while (bytes[slash] === BACKSLASH) slash -= 1;
    if ((i - 1 - slash) % 2 === 0) return i;
  }
}

/** The text of an object holding only the wanted members of the object in `bytes[start, end)`, or null. */
export type FieldPicker = (bytes: Buffer, start: number, end: number) => string | null;

/** The same cut as bytes: for a thread that hands the bytes on instead of making strings (packTextWorker.ts). */
export interface FieldCutter {
  /** Writes the wanted members of the object in `bytes[start, end)` to `output()`; their length, or -1. */
  cut(bytes: Buffer, start: number, end: number): number;
  /** Where the last cut was written (valid until the next cut). */
  output(): Buffer;
}

export function jsonFieldPicker(fields: Iterable<string>): FieldPicker {
  const cutter = jsonFieldCutter(fields);
  return (bytes, start, end) => {
    const length = cutter.cut(bytes, start, end);
    return length < 0 ? null : cutter.output().toString('utf8', 0, length);
  };
}

export function jsonFieldCutter(fields: Iterable<string>): FieldCutter {
  // Each key as JSON.stringify spells it (escapes included), to compare with the stored bytes as they are.
  const keys = [...new Set(fields)].map((f) => Buffer.from(JSON.stringify(f).slice(1, -1), 'utf8'));
  let out = Buffer.alloc(4096);

  /** Whether the key written in bytes[from, from + length) is wanted. */
  const wanted = (bytes: Buffer, from: number, length: number): boolean => {
    for (const key of keys) {
      if (key.length !== length) continue;
      let same = true;
      for (let k = 0; k < length && same; k += 1) same = bytes[from + k] === key[k];
      if (same) return true;
    }
    return false;
  };

  const cut = (bytes: Buffer, start: number, end: number): number => {
    if (end - start < 2 || bytes[start] !== OPEN_OBJECT || bytes[end - 1] !== CLOSE_OBJECT) return -1;
    if (out.length < end - start) out = Buffer.alloc(2 * (end - start));
    out[0] = OPEN_OBJECT;
    let written = 1;
    let depth = 0;
    let member = start + 1; // where the current top-level member (`"key":value`) starts
    let colon = -1;
    let closed = false;
    for (let i = start + 1; i < end; i += 1) {
      const c = bytes[i];
      if (c === QUOTE) {
        i = closingQuote(bytes, i, end);
        if (i < 0) return -1;
      } else if (depth > 0) {
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
        else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth -= 1;
      } else if (c === COLON) {
        if (colon < 0) colon = i;
      } else if (c === COMMA || i === end - 1) {
        if (i === member) {
          if (c === COMMA || member !== start + 1) return -1; // an empty member; `{}` is fine
        } else {
          // A member must be `"key":value`; anything else (whitespace, say) is not ours to cut.
          if (colon < 0 || bytes[member] !== QUOTE || bytes[colon - 1] !== QUOTE || colon === i - 1) return -1;
          if (wanted(bytes, member + 1, colon - member - 2)) {
            if (written > 1) out[written++] = COMMA;
            if (i - member > SHORT) written += bytes.copy(out, written, member, i);
            else for (let k = member; k < i; k += 1) out[written++] = bytes[k]!;
          }
        }
        member = i + 1;
        colon = -1;
        closed = i === end - 1;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) return -1; // closes something never opened
    }
    if (!closed) return -1;
    out[written++] = CLOSE_OBJECT;
    return written;
  };
  return { cut, output: () => out };
}
