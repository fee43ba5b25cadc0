/**
 * The law a tender or a contract falls under (one law per object on every surface): the object's
 * `law` when it names one we know, else what its number implies (DOMAIN.md: a notice number of 19 digits is
 * 44-FZ, of 11 digits 223-FZ; a contract's 19-digit registry number is 44-FZ). A `law` we do not know is kept
 * as it came (a server may add one; i18n/codes.ts shows it rather than hide it). The tables, the card, the
 * insight store and every export read it here; i18n/codes.ts `lawName` names it.
 */
import type { Law } from './insights';

export const LAWS: readonly Law[] = ['44-FZ', '223-FZ', 'commercial'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A law code we know, in its canonical spelling (`44-fz` is `44-FZ`), else null. */
export function knownLaw(code: unknown): Law | null {
  const c = text(code);
  if (c === null) return null;
  return LAWS.find((law) => law.toLowerCase() === c.toLowerCase()) ?? null;
}

/** The law a notice number implies: 19 digits under 44-FZ, 11 digits under 223-FZ. */
export function lawOfNoticeNumber(number: string | null | undefined): Law | null {
  if (typeof number !== 'string') return null;
  if (/^\d{19}$/.test(number)) return '44-FZ';
  if (/^\d{11}$/.test(number)) return '223-FZ';
  return null;
}

/** A delivered tender's law: its known `law`, else its notice number's, else its `law` as sent; null when none says. */
export function tenderLaw(tender: unknown): string | null {
  const o = isRecord(tender) ? tender : {};
  return knownLaw(o.law) ?? lawOfNoticeNumber(text(o.etp_id)) ?? text(o.law);
}

/** A delivered contract's law: its known `law`, else a 19-digit registry number's (44-FZ), else its `law` as sent. */
export function contractLaw(contract: unknown): string | null {
  const o = isRecord(contract) ? contract : {};
  const reestr = text(o.reestr_number);
  return knownLaw(o.law) ?? (reestr !== null && /^\d{19}$/.test(reestr) ? '44-FZ' : null) ?? text(o.law);
}
