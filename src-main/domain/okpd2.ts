/**
 * OKPD2 codes (ОК 034-2014) as search criteria: a class `26`, or a deeper prefix `26.2`, `26.20`, `26.20.1`,
 * `26.20.11`, up to a full code `26.20.11.110`. Only the shape is checked: the classifier itself is not shipped.
 */
import type { Bilingual } from './bilingual';

const OKPD2_SHAPE = /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/;

/** `26,20,11` or `26.20.` as people type them → `26.20.11`, `26.20`. */
export function normalizeOkpd2(raw: string): string {
  return raw.trim().replace(/,/g, '.').replace(/\.+$/, '');
}

export function isOkpd2Code(code: string): boolean {
  return OKPD2_SHAPE.test(code);
}

export function okpd2ProblemText(code: string): Bilingual {
  const shown = code.length > 40 ? `${code.slice(0, 37)}…` : code;
  return { ru: `«${shown}» — не код ОКПД2. Пример: 26, 26.20, 26.20.11.110`, en: `"${shown}" is not an OKPD2 code. Example: 26, 26.20, 26.20.11.110` };
}
