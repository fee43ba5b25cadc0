/**
 * The price benchmark's form: what was typed becomes a PriceQuery, checked by the contract's own
 * schema (insights.prices' arguments), whose issues become the form's field messages in the user's language:
 * the domain's words for a code, the form's for a date and the period. Pure.
 */
import { priceQuerySchema, type Locale } from '../../../src-main/contract/ipc';
import type { PriceQuery } from '../../../src-main/domain/insights';
import { priceCodeProblemText } from '../../../src-main/domain/ktru';
import { isoToRuDate } from '../../../src-main/i18n/criteriaSummary';
import { dateProblem, parseDate } from '../../components/typedDate';

export interface PriceForm {
  code: string;
  /** A region code as text, '' for all. */
  region: string;
  /** A date as typed (dd.mm.yyyy, as the search form takes it), '' for none. */
  from: string;
  to: string;
  unit: string;
}

export const EMPTY_PRICE_FORM: PriceForm = { code: '', region: '', from: '', to: '', unit: '' };

export type PriceFormField = 'code' | 'from' | 'to' | 'region' | 'unit';

const WORDS = {
  codeRequired: { ru: 'Введите код ОКПД2 (например, 26.20) или КТРУ.', en: 'Enter an OKPD2 code (e.g. 26.20) or a KTRU code.' },
  period: { ru: 'Дата «с» позже даты «по».', en: 'The “from” date is after the “to” date.' },
  other: { ru: 'Недопустимое значение.', en: 'Not a valid value.' },
} as const;

export function formOfQuery(q: PriceQuery | undefined): PriceForm {
  if (q === undefined) return EMPTY_PRICE_FORM;
  return { code: q.code, region: q.region === undefined ? '' : String(q.region), from: isoToRuDate(q.from), to: isoToRuDate(q.to), unit: q.unit ?? '' };
}

export function buildPriceQuery(form: PriceForm, locale: Locale): { ok: true; query: PriceQuery } | { ok: false; problems: Partial<Record<PriceFormField, string>> } {
  // Dates as the search form reads them (the domain's calendar check, a missing day named as such).
  const dates: Partial<Record<PriceFormField, string>> = {};
  for (const field of ['from', 'to'] as const) {
    const problem = dateProblem(form[field], locale);
    if (problem !== null) dates[field] = problem;
  }
  if (Object.keys(dates).length > 0) return { ok: false, problems: dates };
  const from = parseDate(form.from);
  const to = parseDate(form.to);
  const draft = {
    code: form.code.trim(),
    ...(form.region !== '' ? { region: Number(form.region) } : {}),
    ...(from !== null && from !== 'invalid' ? { from } : {}),
    ...(to !== null && to !== 'invalid' ? { to } : {}),
    ...(form.unit.trim() !== '' ? { unit: form.unit.trim() } : {}),
  };
  const parsed = priceQuerySchema.safeParse(draft);
  if (parsed.success) return { ok: true, query: parsed.data };
  const problems: Partial<Record<PriceFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'code') problems.code = draft.code === '' ? WORDS.codeRequired[locale] : (priceCodeProblemText(draft.code)?.[locale] ?? WORDS.other[locale]);
    else if (field === 'from' || field === 'to' || field === 'region' || field === 'unit') problems[field] = WORDS.other[locale];
    // The period's refinement has no path: it is about «from» against «to».
    else problems.from = WORDS.period[locale];
  }
  return { ok: false, problems };
}
