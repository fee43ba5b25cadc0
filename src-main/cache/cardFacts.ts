/**
 * What enrichment's plan needs of a cached card page, read from its JSON text without parsing it whole
 * (issue 15: the first plan of a session parsed every cached page 1 for one number, `positions_total`, and the
 * parse was about half of what each card cost; the other half is inflating it).
 *
 * The card text is JSON.stringify's output (cardStore writes it so): the scan tracks the nesting depth over
 * the bytes, hops over each string with indexOf to its closing quote, and compares only the keys of the top
 * level. A key of the same name inside a lot or a position is not the card's, and a string value equal to the
 * name is not a key (a key is followed by a colon).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the quote that closes the string opened at `open`, or -1 in a text cut short. */
function closingQuote(json: Buffer, open: number): number {
  for (let at = open + 1; ; at++) {
    at = json.indexOf(QUOTE, at);
    if (at < 0) return -1;
    let slashes = 0;
    for (let b = at - 1; json[b] === BACKSLASH; b--) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

/**
 * The top-level member `key` of the JSON object in `json`: `undefined` when the object has no such member,
 * otherwise its value's raw text (a number stays a string here; the caller decides what it accepts).
 */
export function topLevelMember(json: Buffer, key: string): string | undefined {
  const needle = Buffer.from(JSON.stringify(key), 'utf8');
  let depth = 0;
  for (let at = 0; at < json.length; ) {
    const c = json[at]!;
    if (c === QUOTE) {
      const close = closingQuote(json, at);
      if (close < 0) return undefined;
      if (depth === 1 && close + 1 - at === needle.length && json.compare(needle, 0, needle.length, at, close + 1) === 0) {
        let v = close + 1;
        while (isSpace(json[v])) v++;
        if (json[v] === COLON) {
          v++;
          while (isSpace(json[v])) v++;
          let end = v;
          // A scalar's text: up to the comma or brace that ends it (a nested value is not asked for here).
          while (end < json.length && json[end] !== 0x2c && json[end] !== CLOSE_OBJECT && !isSpace(json[end])) end++;
          return json.toString('utf8', v, end);
        }
      }
      at = close + 1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    at++;
  }
  return undefined;
}

/** `positions_total` of a card page's JSON: a non-negative safe integer, else null (absent, null or not a count). */
export function positionsTotalOf(json: Buffer): number | null {
  const raw = topLevelMember(json, 'positions_total');
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}
