/**
 * Russian registration identifiers: INN, OGRN / OGRNIP and KPP.
 *
 * Pure functions with no platform imports, so the renderer can validate what a user types with the same code
 * the sandbox uses to make its organisations. Rules as written in shared/DOMAIN.md (the weight sets of the
 * 12-digit INN are the ones there; some published pages swap them).
 */

/** What the generators need from a random source; the sandbox's `Rng` fits it. */
export interface DigitSource {
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
}

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

const DIGITS = /^[0-9]+$/;
const KPP = /^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$/;

function weightedCheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return (sum % 11) % 10;
}

/**
 * The check digits that complete an INN body: 9 digits give the 10th digit of an organisation's INN,
 * 10 digits give the 11th and 12th digits of an individual's INN.
 */
export function innCheckDigits(body: string): string {
  if (!DIGITS.test(body)) throw new RangeError(`INN body must be digits: ${body}`);
  if (body.length === 9) return String(weightedCheckDigit(body, INN10_WEIGHTS));
  if (body.length === 10) {
    const d11 = weightedCheckDigit(body, INN12_WEIGHTS_11);
    const d12 = weightedCheckDigit(body + d11, INN12_WEIGHTS_12);
    return `${d11}${d12}`;
  }
  throw new RangeError(`INN body must have 9 or 10 digits, got ${body.length}`);
}

/** A 10-digit (organisation) or 12-digit (individual, sole trader) INN with correct check digits. */
export function isValidInn(s: string): boolean {
  if (!DIGITS.test(s) || (s.length !== 10 && s.length !== 12)) return false;
  const bodyLength = s.length === 10 ? 9 : 10;
  return innCheckDigits(s.slice(0, bodyLength)) === s.slice(bodyLength);
}

function ogrnCheckDigit(body: string): number {
  // 12 or 14 digits stay below 2^53, so plain numbers are exact.
  return body.length === 12 ? (Number(body) % 11) % 10 : (Number(body) % 13) % 10;
}

/** OGRN (13 digits, starts with 1 or 5) or OGRNIP (15 digits, starts with 3) with a correct check digit. */
export function isValidOgrn(s: string): boolean {
  if (!DIGITS.test(s)) return false;
  if (s.length === 13) {
    if (s[0] !== '1' && s[0] !== '5') return false;
  } else if (s.length === 15) {
    if (s[0] !== '3') return false;
  } else {
    return false;
  }
  return ogrnCheckDigit(s.slice(0, -1)) === s.charCodeAt(s.length - 1) - 48;
}

/** KPP has no checksum, only its shape: tax office (4 digits), reason (2 digits or capital letters), number. */
export function isValidKpp(s: string): boolean {
  return KPP.test(s);
}

function digits(rng: DigitSource, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function regionPart(regionCode: number): string {
  if (!Number.isInteger(regionCode) || regionCode < 1 || regionCode > 99) {
    throw new RangeError(`region code must be 1..99, got ${regionCode}`);
  }
  return pad2(regionCode);
}

/** A tax office number inside a region: most regions have a few dozen. */
function taxOffice(rng: DigitSource): string {
  return pad2(rng.int(1, 46));
}

/** Organisation INN: region, tax office, record number, check digit. */
export function makeInn10(rng: DigitSource, regionCode: number): string {
  const body = regionPart(regionCode) + taxOffice(rng) + digits(rng, 5);
  return body + innCheckDigits(body);
}

/** Individual's INN (sole traders): region, tax office, record number, two check digits. */
export function makeInn12(rng: DigitSource, regionCode: number): string {
  const body = regionPart(regionCode) + taxOffice(rng) + digits(rng, 6);
  return body + innCheckDigits(body);
}

/** OGRN: sign 1 (or 5 for some newer records), two-digit year, region, tax office, record, check digit. */
export function makeOgrn(rng: DigitSource, regionCode: number, year: number): string {
  const sign = year >= 2010 && rng.int(0, 4) === 0 ? '5' : '1';
  const body = sign + pad2(year % 100) + regionPart(regionCode) + taxOffice(rng) + digits(rng, 5);
  return body + String(ogrnCheckDigit(body));
}

/** OGRNIP of a sole trader: 3, two-digit year, region, tax office, record, check digit. */
export function makeOgrnip(rng: DigitSource, regionCode: number, year: number): string {
  const body = '3' + pad2(year % 100) + regionPart(regionCode) + taxOffice(rng) + digits(rng, 7);
  return body + String(ogrnCheckDigit(body));
}

/**
 * KPP of an organisation registered where it was created: the tax office of its INN (first four digits),
 * reason 01 (a branch would be 43), and a serial.
 */
export function makeKpp(rng: DigitSource, inn: string): string {
  const reason = rng.int(0, 19) === 0 ? '43' : '01';
  return inn.slice(0, 4) + reason + String(rng.int(1, 3)).padStart(3, '0');
}
