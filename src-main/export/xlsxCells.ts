/**
 * Typed XLSX cells as sheet XML, from a value and its column's CSV format (csv.ts `CsvFormat`):
 * - `money`: a number to the kopeck with the rouble number format; `decimal`: a number to two decimals
 *   (`#,##0.00`); `integer`: a number; `date` / `datetime`: an Excel date
 *   serial at the Moscow wall time (Excel dates carry no zone; the cell shows what a Moscow clock showed, as the
 *   CSV does);
 * - `text`: an inline string cell, so a notice number, an INN or KPP with a leading zero, a registry number or
 *   an OKPD2 code `01.11` stays text as it is (a typed cell is never converted on opening, and a string cell is
 *   never a formula). A value a numeric or date column cannot read is kept as text, not lost.
 * Inline strings rather than a shared-strings table, which would grow with the file.
 */
import { moscowFields, roundTo, toNumber, toText, type CsvFormat } from './csv';
import { HEADER_STYLE, STYLE_OF } from './xlsxPackage';

/** Excel keeps at most this many characters in a cell; a longer text would make it "repair" the file. */
const MAX_CELL_CHARS = 32767;
/** Characters XML 1.0 cannot hold (control characters but tab, LF, CR): a cell with them would break the file. */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const TEXT_ESCAPES = /[&<>]/g;
const MS_PER_DAY = 86_400_000;
/** Excel's serial of 1970-01-01 (its 1900 date system, with its phantom 29 February 1900 counted). */
const UNIX_EPOCH_SERIAL = 25_569;

/** The letters of the 0-based column `i`: A … Z, AA … */
export function columnLetters(i: number): string {
  let n = i + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = (n - rem - 1) / 26;
  }
  return letters;
}

const escapeText = (c: string): string => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;');

/** An inline string cell, or '' for an empty text (no cell). */
function textCell(ref: string, value: unknown, style: number): string {
  let text = toText(value).replace(XML_ILLEGAL, '');
  if (text === '') return '';
  if (text.length > MAX_CELL_CHARS) text = text.slice(0, MAX_CELL_CHARS);
  // Excel drops a string's leading and trailing spaces unless told to keep them.
  const keep = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return `<c r="${ref}"${style === 0 ? '' : ` s="${style}"`} t="inlineStr"><is><t${keep ? ' xml:space="preserve"' : ''}>${text.replace(TEXT_ESCAPES, escapeText)}</t></is></c>`;
}

const numberCell = (ref: string, n: number, style: number): string => `<c r="${ref}" s="${style}"><v>${n}</v></c>`;

/** A moment (or a calendar date) as Excel's serial of the Moscow wall time, or null. */
function moscowSerial(value: unknown, withTime: boolean): number | null {
  const f = moscowFields(value);
  if (f === null) return null;
  return Date.UTC(f.y, f.m - 1, f.d, withTime ? f.hh : 0, withTime ? f.mm : 0) / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/** The XML of the cell at `ref` holding `value` typed as `format`, or '' when the value is empty (no cell). */
export function cellXml(ref: string, value: unknown, format: CsvFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const style = STYLE_OF[format];
  switch (format) {
    case 'money':
    case 'decimal':
    case 'integer': {
      const n = typeof value === 'bigint' && Number.isSafeInteger(Number(value)) ? Number(value) : toNumber(value);
      if (n === null) return textCell(ref, value, STYLE_OF.text);
      // Money is held to the kopeck and a figure to two decimals, as shown: the sum of many prices carries
      // binary noise (49917550.760000005) that a reader of the cell should not meet.
      return numberCell(ref, format === 'integer' ? n : roundTo(n, 2), style);
    }
    case 'date':
    case 'datetime': {
      const serial = moscowSerial(value, format === 'datetime');
      return serial === null ? textCell(ref, value, STYLE_OF.text) : numberCell(ref, serial, style);
    }
    default:
      return textCell(ref, value, style);
  }
}

/** The header row (row 1): the columns' names in bold. */
export function headerRowXml(headers: readonly string[], letters: readonly string[]): string {
  return `<row r="1">${headers.map((h, i) => textCell(`${letters[i]}1`, h, HEADER_STYLE)).join('')}</row>`;
}
