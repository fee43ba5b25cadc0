/**
 * KTRU codes (the catalogue of goods, works and services, каталог товаров, работ, услуг) as a price benchmark
 * asks for them: the full OKPD2 code it extends, a dash and up to eight digits (`26.20.11.110-00000138`, or a
 * prefix such as `26.20.11.110-0000`). Only the shape is checked: the catalogue itself is not shipped.
 * `priceCodeProblemText` words the one rule the contract, the CLI and the UI apply to a benchmark's code
 * (an OKPD2 code or prefix, or a KTRU code or prefix).
 */
import type { Bilingual } from './bilingual';
import { isOkpd2Code } from './okpd2';

const KTRU_SHAPE = /^\d{2}\.\d{2}\.\d{2}\.\d{3}-\d{1,8}$/;

export function isKtruCode(code: string): boolean {
  return KTRU_SHAPE.test(code);
}

export function ktruProblemText(code: string): Bilingual {
  const shown = code.length > 40 ? `${code.slice(0, 37)}…` : code;
  return { ru: `«${shown}» — не код КТРУ. Пример: 26.20.11.110-00000138`, en: `"${shown}" is not a KTRU code. Example: 26.20.11.110-00000138` };
}

/** Null when the code is an OKPD2 code or prefix, or a KTRU code or prefix. */
export function priceCodeProblemText(code: string): Bilingual | null {
  if (isOkpd2Code(code) || isKtruCode(code)) return null;
  const shown = code.length > 40 ? `${code.slice(0, 37)}…` : code;
  return {
    ru: `«${shown}» — не код ОКПД2 и не код КТРУ. Примеры: 26.20, 26.20.11.110, 26.20.11.110-00000138`,
    en: `"${shown}" is neither an OKPD2 nor a KTRU code. Examples: 26.20, 26.20.11.110, 26.20.11.110-00000138`,
  };
}
