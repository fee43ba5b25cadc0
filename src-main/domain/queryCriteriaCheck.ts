/**
 * The checks every entry point runs on a QUERY body before it is sent (and so before anything is charged):
 * the app's query builder and Contracts view, the CLI's `--query` JSON, and the core's use cases. Tax ids by
 * their checksums, dates against the calendar, OKPD2 codes by their shape (reference 4.5/4.7 field names).
 * Only fields that are present are checked; types the API states are checked for those fields too, because the
 * CLI's JSON is typed by hand. Other fields are left to the contract's schema and the server.
 */
import type { Bilingual } from './bilingual';
import { checkIsoDate, dateProblemText } from './calendarDate';
import { innProblemText, ogrnProblemText } from './identifierProblems';
import { isOkpd2Code, okpd2ProblemText } from './okpd2';

/** A field of the body (`customer.inn[1]`, `publish_date.from`) and what is wrong with it. */
export type CriteriaProblem = { path: string; message: Bilingual };

const DATE_FIELDS = ['publish_date', 'start_date', 'end_date'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function innList(value: unknown, path: string, out: CriteriaProblem[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    out.push({ path, message: { ru: 'ИНН передаются списком строк: ["7707083893"]', en: 'INNs are a list of strings: ["7707083893"]' } });
    return;
  }
  value.forEach((item, i) => {
    const problem = typeof item === 'string' ? innProblemText(item) : { ru: 'ИНН — строка цифр в кавычках', en: 'An INN is a string of digits in quotes' };
    if (problem) out.push({ path: `${path}[${i}]`, message: problem });
  });
}

/**
 * A period's «from» is not after its «to» (the contract's tender criteria check it too). Whole days compare as
 * text; timestamps with offsets are compared by the day they name, which is enough to catch a swap.
 */
export function periodInOrder(from: string, to: string): boolean {
  return from.slice(0, 10) <= to.slice(0, 10);
}

/** Every problem found, in the order of the body's fields; an empty list when the body may be sent. */
export function checkQueryCriteria(body: Record<string, unknown>): CriteriaProblem[] {
  const out: CriteriaProblem[] = [];
  if (body.customer !== undefined) {
    if (!isObject(body.customer)) out.push({ path: 'customer', message: { ru: 'Заказчик — объект с полями inn, ogrn, name', en: 'customer is an object with inn, ogrn, name' } });
    else {
      innList(body.customer.inn, 'customer.inn', out);
      const ogrn = body.customer.ogrn;
      if (ogrn !== undefined) {
        const problem = typeof ogrn === 'string' ? ogrnProblemText(ogrn) : { ru: 'ОГРН — строка цифр в кавычках', en: 'An OGRN is a string of digits in quotes' };
        if (problem) out.push({ path: 'customer.ogrn', message: problem });
      }
    }
  }
  if (body.supplier !== undefined) {
    if (!isObject(body.supplier)) out.push({ path: 'supplier', message: { ru: 'Поставщик — объект с полями inn, name', en: 'supplier is an object with inn, name' } });
    else innList(body.supplier.inn, 'supplier.inn', out);
  }
  if (body.okpd2 !== undefined) {
    if (!Array.isArray(body.okpd2)) out.push({ path: 'okpd2', message: { ru: 'Коды ОКПД2 передаются списком: ["26.20"]', en: 'OKPD2 codes are a list: ["26.20"]' } });
    else
      body.okpd2.forEach((code, i) => {
        if (typeof code !== 'string' || !isOkpd2Code(code)) out.push({ path: `okpd2[${i}]`, message: okpd2ProblemText(String(code)) });
      });
  }
  for (const field of DATE_FIELDS) {
    const range = body[field];
    if (range === undefined) continue;
    if (!isObject(range)) {
      out.push({ path: field, message: { ru: 'Период — объект {"from": "гггг-мм-дд", "to": "гггг-мм-дд"}', en: 'A period is an object {"from": "yyyy-mm-dd", "to": "yyyy-mm-dd"}' } });
      continue;
    }
    const valid: Partial<Record<'from' | 'to', string>> = {};
    for (const edge of ['from', 'to'] as const) {
      const value = range[edge];
      if (value === undefined) continue;
      const check = typeof value === 'string' ? checkIsoDate(value) : ({ ok: false, problem: 'format' } as const);
      if (check.ok) valid[edge] = value as string;
      else
        out.push({
          path: `${field}.${edge}`,
          message:
            check.problem === 'format'
              ? { ru: 'Дата в виде гггг-мм-дд (ISO-8601), например 2026-01-31', en: 'A date as yyyy-mm-dd (ISO-8601), e.g. 2026-01-31' }
              : dateProblemText(check),
        });
    }
    if (valid.from !== undefined && valid.to !== undefined && !periodInOrder(valid.from, valid.to)) {
      out.push({ path: field, message: { ru: 'Дата «с» позже даты «по»', en: 'Date "from" is after date "to"' } });
    }
  }
  return out;
}

/** All problems as one line per field, Russian first (the UI's default language), then English. */
export function criteriaProblemsText(problems: readonly CriteriaProblem[], locale: 'ru' | 'en' = 'ru'): string {
  return problems.map((p) => `${p.path}: ${p.message[locale]}`).join('; ');
}
