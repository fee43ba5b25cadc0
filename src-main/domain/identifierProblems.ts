/**
 * What is wrong with an INN or OGRN as typed, in words: the length and the checksum are named apart, so a
 * user who typed 11 digits is not told to "check the digits". Spaces and dashes people paste are ignored.
 */
import type { Bilingual } from './bilingual';
import { isValidInn, isValidOgrn } from './identifiers';

/** Spaces (also non-breaking) and dashes pasted inside a tax id are dropped. */
export function identifierDigits(raw: string): string {
  return raw.replace(/[\s\u00a0-]/g, '');
}

const shorten = (s: string): string => (s.length > 40 ? `${s.slice(0, 37)}…` : s);

/** Null when the INN is valid. */
export function innProblemText(raw: string): Bilingual | null {
  const s = identifierDigits(raw);
  if (!/^\d+$/.test(s) || (s.length !== 10 && s.length !== 12)) {
    return {
      ru: `ИНН «${shorten(raw)}» должен содержать 10 цифр (организация) или 12 цифр (ИП, физлицо)`,
      en: `INN "${shorten(raw)}" must have 10 digits (organisation) or 12 digits (individual)`,
    };
  }
  return isValidInn(s) ? null : { ru: `ИНН ${s}: неверное контрольное число — проверьте цифры`, en: `INN ${s}: the check digits do not match — check the digits` };
}

/** Null when the OGRN / OGRNIP is valid. */
export function ogrnProblemText(raw: string): Bilingual | null {
  const s = identifierDigits(raw);
  if (!/^\d+$/.test(s) || (s.length !== 13 && s.length !== 15)) return { ru: 'ОГРН — 13 цифр, ОГРНИП — 15 цифр', en: 'OGRN has 13 digits, OGRNIP 15 digits' };
  if (s.length === 13 ? s[0] !== '1' && s[0] !== '5' : s[0] !== '3') return { ru: 'ОГРН начинается с 1 или 5, ОГРНИП — с 3', en: 'OGRN starts with 1 or 5, OGRNIP with 3' };
  return isValidOgrn(s) ? null : { ru: 'ОГРН: неверное контрольное число — проверьте цифры', en: 'OGRN: the check digit does not match — check the digits' };
}
