/**
 * The text of an RTF document: groups that hold no body text (font and colour tables, pictures, `\*`
 * destinations) skipped, `\par` and `\line` as line breaks, `\tab`, `\uN` (signed 16-bit, its substitute
 * skipped) and `\'hh` in the document's ANSI code page (Windows-1251 unless `\ansicpgN` says another).
 * No library: the readers on npm either parse into a model we do not need or are unmaintained.
 */
const SKIP_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'header', 'footer', 'themedata', 'datastore', 'xmlnstbl', 'listtable', 'listoverridetable', 'rsidtbl', 'generator',
  // A field's instruction (HYPERLINK "…", PAGE) is code, not text: its result (\fldrslt) is what the reader sees.
  'fldinst', 'nonshppict', 'objdata', 'latentstyles', 'revtbl',
]);

/** Control words that stand for a character (a Russian specification is full of «—», «…» and non-breaking spaces). */
const CHARACTER_WORDS: Record<string, string> = {
  emdash: '—', endash: '–', bullet: '•', lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”', emspace: ' ', enspace: ' ', qmspace: ' ',
};
/** Control symbols: a non-breaking space keeps two words apart, a non-breaking hyphen joins like a hyphen, an optional one is nothing. */
const CONTROL_SYMBOLS: Record<string, string> = { '~': '\u00a0', _: '-', '-': '' };

export function rtfText(raw: string): string {
  let out = '';
  let codePage = 'windows-1251';
  const stack: { skip: boolean; uc: number }[] = [];
  let skip = false;
  let uc = 1;
  let pendingSkip = 0;
  const bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length === 0) return;
    if (!skip) {
      try {
        out += new TextDecoder(codePage).decode(new Uint8Array(bytes));
      } catch {
        out += new TextDecoder('windows-1251').decode(new Uint8Array(bytes));
      }
    }
    bytes.length = 0;
  };
  for (let i = 0; i < raw.length; ) {
    const ch = raw[i]!;
    if (ch === '{') {
      flush();
      stack.push({ skip, uc });
      i++;
      continue;
    }
    if (ch === '}') {
      flush();
      const top = stack.pop();
      if (top) ({ skip, uc } = top);
      i++;
      continue;
    }
    if (ch === '\\') {
      const next = raw[i + 1];
      if (next === "'") {
        const hex = raw.slice(i + 2, i + 4);
        if (pendingSkip > 0) pendingSkip--;
        else bytes.push(parseInt(hex, 16));
        i += 4;
        continue;
      }
      flush();
      if (next === '\\' || next === '{' || next === '}') {
        if (!skip) out += next;
        i += 2;
        continue;
      }
      if (next === '*') {
        skip = true;
        i += 2;
        continue;
      }
      if (next !== undefined && next in CONTROL_SYMBOLS) {
        if (!skip) out += CONTROL_SYMBOLS[next];
        i += 2;
        continue;
      }
      const m = /^\\([a-zA-Z]+)(-?\d+)? ?/.exec(raw.slice(i, i + 40));
      if (!m) {
        i += 2;
        continue;
      }
      const [whole, word, arg] = m;
      i += whole.length;
      if (word === 'bin') {
        // \binN: N raw bytes follow (a picture's data). They are skipped whole: read as text, a brace among them
        // would end a group early and the rest of the document would be taken for a skipped destination.
        i += Math.max(0, Number(arg ?? 0));
        continue;
      }
      if (word! in CHARACTER_WORDS) {
        if (!skip) out += CHARACTER_WORDS[word!];
        continue;
      }
      if (SKIP_DESTINATIONS.has(word!)) skip = true;
      else if (word === 'ansicpg' && arg) codePage = `windows-${arg}`;
      else if (word === 'uc' && arg) uc = Number(arg);
      else if (word === 'u' && arg) {
        if (!skip) out += String.fromCharCode((Number(arg) + 65536) % 65536);
        pendingSkip = uc;
      } else if ((word === 'par' || word === 'line' || word === 'row' || word === 'page' || word === 'sect') && !skip) out += '\n';
      else if ((word === 'tab' || word === 'cell') && !skip) out += '\t';
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    if (pendingSkip > 0) {
      pendingSkip--;
      i++;
      continue;
    }
    flush();
    if (!skip) out += ch;
    i++;
  }
  flush();
  return out.replace(/[ \t]+\n/g, '\n').trim();
}
