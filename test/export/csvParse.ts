/** A strict RFC 4180 reader for the export tests: what a spreadsheet program sees in a file we wrote. */
export function parseCsv(text: string, delimiter = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== delimiter && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
        continue;
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (cell !== '') throw new Error(`a quote inside an unquoted cell at ${i}`);
      quoted = true;
      i += 1;
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
      i += 1;
    } else if (ch === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`a bare CR at ${i}`);
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (ch === '\n') {
      throw new Error(`a bare LF at ${i} (records end with CRLF)`);
    } else {
      cell += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted cell');
  if (cell !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
  return rows;
}
