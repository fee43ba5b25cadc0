/**
 * What an analyst pastes to open a tender or a contract: a notice number (19 digits under 44-FZ, 11 under
 * 223-FZ), a contract registry number (19 digits), the API's own id a card shows («ID 2930», up to 10 digits), a
 * platform id like `COM-2001476`, or a link to the EIS
 * (zakupki.gov.ru) carrying `regNumber=…` (a notice) or `reestrNumber=…` (a contract). The API's card routes
 * take these as external ids (4.6 `id_type=external`, 4.8 `id_type=reestr`). Pure: the app's «Открыть» box,
 * the CLI's `open` and the core share it.
 */
import type { Bilingual } from './bilingual';

export type OpenTarget =
  /** A tender by its notice number or platform id. */
  | { kind: 'tender'; externalId: string }
  /** A contract by its registry number. */
  | { kind: 'contract'; reestr: string }
  /**
   * 19 digits typed bare: a 44-FZ notice number and a contract registry number have the same length. A notice
   * number begins with 0 (the EIS numbers its customers' codes from 0), so that one is tried first.
   */
  | { kind: 'either'; number: string; tenderFirst: boolean }
  /**
   * Up to 10 digits: the API's own id, which the app shows on a card («ID 2930»); notice and registry numbers are
   * longer (11 and 19). Tried as a tender's, then as a contract's.
   */
  | { kind: 'internal'; id: string };

export type OpenParse = { ok: true; target: OpenTarget } | { ok: false; message: Bilingual };

/** The API's ids are counters (the reference: integers); notice numbers start at 11 digits. */
const MAX_INTERNAL_DIGITS = 10;
const NOTICE_PARAMS = ['regNumber', 'purchaseNumber', 'purchaseNoticeNumber', 'noticeNumber'];
const CONTRACT_PARAMS = ['reestrNumber', 'contractReestrNumber'];
const EIS_HOST = /(^|\.)zakupki\.gov\.ru$/i;
/**
 * Platform ids are short tokens of letters, digits and dashes with at least one digit (the reference does not
 * fix their shape; `COM-2001476`); a word alone is not taken for one.
 */
const PLATFORM_ID = /^(?=[^\d]*\d)[A-Za-zА-Яа-я0-9][A-Za-zА-Яа-я0-9-]{2,63}$/;

const problem = {
  empty: {
    ru: 'Вставьте номер извещения, реестровый номер контракта, ссылку на zakupki.gov.ru или ID из карточки',
    en: 'Paste a notice number, a contract registry number, a zakupki.gov.ru link or the ID a card shows',
  },
  foreignLink: { ru: 'Открываются только ссылки на zakupki.gov.ru (ЕИС)', en: 'Only zakupki.gov.ru (EIS) links can be opened' },
  noNumber: {
    ru: 'В ссылке нет номера извещения (regNumber=…) или реестрового номера контракта (reestrNumber=…): скопируйте ссылку со страницы извещения',
    en: 'The link has no notice number (regNumber=…) or contract registry number (reestrNumber=…): copy the link of the notice page',
  },
  digits: (n: number): Bilingual => ({
    ru: `Номер из ${n} цифр не похож ни на номер извещения (19 цифр по 44-ФЗ, 11 по 223-ФЗ), ни на реестровый номер контракта (19 цифр)`,
    en: `A number of ${n} digits is neither a notice number (19 digits under 44-FZ, 11 under 223-FZ) nor a contract registry number (19 digits)`,
  }),
  shape: { ru: 'Это не номер и не ссылка: вставьте номер извещения или ссылку на zakupki.gov.ru', en: 'This is neither a number nor a link: paste a notice number or a zakupki.gov.ru link' },
};

function fromNumber(text: string): OpenParse {
  if (/^\d+$/.test(text)) {
    if (text.length === 19) return { ok: true, target: { kind: 'either', number: text, tenderFirst: text.startsWith('0') } };
    if (text.length === 11) return { ok: true, target: { kind: 'tender', externalId: text } };
    if (text.length <= MAX_INTERNAL_DIGITS) return { ok: true, target: { kind: 'internal', id: text.replace(/^0+(?=\d)/, '') } };
    return { ok: false, message: problem.digits(text.length) };
  }
  if (PLATFORM_ID.test(text)) return { ok: true, target: { kind: 'tender', externalId: text } };
  return { ok: false, message: problem.shape };
}

function fromLink(text: string): OpenParse {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: problem.shape };
  }
  if (!EIS_HOST.test(url.hostname)) return { ok: false, message: problem.foreignLink };
  for (const name of CONTRACT_PARAMS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return /^\d{19}$/.test(value) ? { ok: true, target: { kind: 'contract', reestr: value } } : { ok: false, message: problem.digits(value.replace(/\D/g, '').length) };
  }
  for (const name of NOTICE_PARAMS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return /^(\d{19}|\d{11})$/.test(value) ? { ok: true, target: { kind: 'tender', externalId: value } } : { ok: false, message: problem.digits(value.replace(/\D/g, '').length) };
  }
  return { ok: false, message: problem.noNumber };
}

export function parseOpenReference(raw: string): OpenParse {
  const text = raw.trim();
  if (text === '') return { ok: false, message: problem.empty };
  if (/^(https?:\/\/|www\.|zakupki\.gov\.ru)/i.test(text) || /^[a-z]+:\/\//i.test(text)) return fromLink(text);
  // «№ 0173 1000 0742 6000 018» as copied from documents, «ID 2930» as copied from a card: the sign and the spaces go.
  return fromNumber(text.replace(/^(?:№|ID\s)\s*/i, '').replace(/[\s\u00a0]/g, ''));
}

/** The order to try: what the target names, or for 19 bare digits both kinds, the likelier first. */
export function openAttempts(
  target: OpenTarget,
): ({ kind: 'tender'; idType: 'external' | 'internal'; id: string } | { kind: 'contract'; idType: 'reestr' | 'internal'; id: string })[] {
  switch (target.kind) {
    case 'internal':
      return [
        { kind: 'tender', idType: 'internal', id: target.id },
        { kind: 'contract', idType: 'internal', id: target.id },
      ];
    case 'tender':
      return [{ kind: 'tender', idType: 'external', id: target.externalId }];
    case 'contract':
      return [{ kind: 'contract', idType: 'reestr', id: target.reestr }];
    case 'either': {
      const tender = { kind: 'tender', idType: 'external', id: target.number } as const;
      const contract = { kind: 'contract', idType: 'reestr', id: target.number } as const;
      return target.tenderFirst ? [tender, contract] : [contract, tender];
    }
  }
}
