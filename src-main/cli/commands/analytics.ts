/**
 * `tenderwb analytics customer INN | supplier INN | competitors LABEL|FILTER_ID|--list LIST_ID |
 * prices (--okpd2 CODE | --ktru CODE) [--region N] [--from DATE] [--to DATE] [--unit U] [--out FILE.csv]`
 *: answers computed from the profile's cache by src-main/insights/, offline and free. `--json`
 * prints the answer as one object (the fields of domain/insights.ts, snake_case; a benchmark lists its rows in
 * the --out CSV and gives their `row_count`); else readable text in the
 * app's language (insightsText.ts). Bad input is refused before the cache is read, in that language.
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { CliError, formatInt } from '../output';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { competitorsText, customerDossierText, priceBenchmarkText, supplierDossierText } from '../insightsText';
import { priceQuerySchema } from '../../contract/ipc';
import { findSaved } from '../../current/savedSearches';
import { checkTypedDate, dateProblemText } from '../../domain/calendarDate';
import { identifierDigits, innProblemText } from '../../domain/identifierProblems';
import { isKtruCode, ktruProblemText } from '../../domain/ktru';
import { isOkpd2Code, normalizeOkpd2, okpd2ProblemText } from '../../domain/okpd2';
import type { PriceQuery } from '../../domain/insights';
import type { Locale } from '../../i18n/text';
import { competitors, customerDossier, priceBenchmark, supplierDossier, type CompetitorsScope } from '../../insights/index';
import { writePriceBenchmarkCsv } from '../../export/priceBenchmarkCsv';
import { outTarget, recorded } from '../exportRecord';


/** An INN as typed (spaces and dashes pasted inside are dropped), or a refusal saying what is wrong. */
export function innArgument(raw: string | undefined, locale: Locale): string {
  if (raw === undefined) throw usageError('analytics');
  const problem = innProblemText(raw);
  if (problem) throw userError(problem, locale);
  return identifierDigits(raw);
}

function dateArgument(raw: string | boolean | undefined, locale: Locale): string | undefined {
  if (raw === undefined) return undefined;
  const check = checkTypedDate(String(raw));
  if (!check.ok) {
    if (check.problem === 'format') throw userError({ ru: `«${String(raw)}» — не дата: дд.мм.гггг или гггг-мм-дд`, en: `"${String(raw)}" is not a date: dd.mm.yyyy or yyyy-mm-dd` }, locale);
    throw userError(dateProblemText(check), locale);
  }
  return check.iso;
}

/** The benchmark's question from the flags, checked by the same rules as the app's (contract/ipc.ts priceQuerySchema). */
export function priceQueryOf(values: Record<string, string | boolean | undefined>, locale: Locale): PriceQuery {
  const okpd2 = values.okpd2 === undefined ? undefined : normalizeOkpd2(String(values.okpd2));
  const ktru = values.ktru === undefined ? undefined : String(values.ktru).trim();
  if ((okpd2 === undefined) === (ktru === undefined)) {
    throw usageError('analytics', undefined, { ru: `укажите один код: --okpd2 КОД или --ktru КОД`, en: `give one code: --okpd2 CODE or --ktru CODE` });
  }
  if (okpd2 !== undefined && !isOkpd2Code(okpd2)) throw userError(okpd2ProblemText(okpd2), locale);
  if (ktru !== undefined && !isKtruCode(ktru)) throw userError(ktruProblemText(ktru), locale);
  const query: Record<string, unknown> = { code: okpd2 ?? ktru };
  if (values.region !== undefined) {
    const region = String(values.region);
    if (!/^\d{1,2}$/.test(region) || Number(region) < 1) throw userError({ ru: `--region: код региона от 1 до 99, а не «${region}»`, en: `--region: a region code from 1 to 99, not "${region}"` }, locale);
    query.region = Number(region);
  }
  const from = dateArgument(values.from, locale);
  const to = dateArgument(values.to, locale);
  if (from !== undefined) query.from = from;
  if (to !== undefined) query.to = to;
  if (from !== undefined && to !== undefined && from > to) throw userError({ ru: 'дата --from позже даты --to', en: 'the --from date is after the --to date' }, locale);
  if (values.unit !== undefined) {
    const unit = String(values.unit).trim();
    if (unit === '') throw userError({ ru: '--unit: единица измерения не может быть пустой', en: '--unit: the unit cannot be empty' }, locale);
    query.unit = unit;
  }
  const parsed = priceQuerySchema.safeParse(query);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'query'))].join(', ');
    throw usageError('analytics', 'prices', { ru: `запрос цен отклонён (${fields})`, en: `the price query is refused (${fields})` });
  }
  return parsed.data;
}

/**
 * Exit code of a dossier of an INN the cache holds nothing on (no tender, no contract names it): the figures
 * would all read 0, which is "not known" here, not a fact. Listed in `tenderwb --help`.
 */
export const EXIT_NOTHING_CACHED = 8;

/** The refusal of a dossier of an INN the cache holds nothing on (also `export dossier`), naming what loads it. */
export function nothingCached(kind: 'customer' | 'supplier', inn: string, locale: Locale): CliError {
  const text =
    kind === 'customer'
      ? {
          ru: `В кэше нет данных по ИНН ${inn}: ни закупок, ни контрактов этого заказчика. Загрузите его контракты: tenderwb contracts --customer ${inn} (платно, --max-spend N ограничивает расход) или синхронизируйте поиск с его закупками.`,
          en: `The cache holds nothing on INN ${inn}: no tenders or contracts of this customer. Load its contracts: tenderwb contracts --customer ${inn} (paid; --max-spend N caps the spend) or sync a search with its tenders.`,
        }
      : {
          ru: `В кэше нет данных по ИНН ${inn}: ни одного контракта этого поставщика. Загрузите его контракты: tenderwb contracts --supplier-inn ${inn} (платно, --max-spend N ограничивает расход).`,
          en: `The cache holds nothing on INN ${inn}: no contracts of this supplier. Load its contracts: tenderwb contracts --supplier-inn ${inn} (paid; --max-spend N caps the spend).`,
        };
  return new CliError(locale === 'en' ? text.en : text.ru, EXIT_NOTHING_CACHED);
}

export async function analyticsCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const locale = await cliLocale(ctx);
  if (sub === 'customer' || sub === 'supplier') {
    const a = parseCommandArgs(rest, {});
    if (a.positionals.length !== 1) throw usageError('analytics');
    const inn = innArgument(a.positionals[0], locale);
    const cache = await ctx.cache();
    if (sub === 'customer') {
      const d = inUserLanguage(() => customerDossier(cache, inn), locale);
      if (d.cached === false) throw nothingCached(sub, inn, locale);
      ctx.out.result({ ...d }, () => customerDossierText(d, locale));
    } else {
      const d = inUserLanguage(() => supplierDossier(cache, inn), locale);
      if (d.cached === false) throw nothingCached(sub, inn, locale);
      ctx.out.result({ ...d }, () => supplierDossierText(d, locale));
    }
    return;
  }
  if (sub === 'competitors') {
    const a = parseCommandArgs(rest, { list: { type: 'string' } });
    const listId = a.values.list === undefined ? undefined : String(a.values.list);
    if ((listId === undefined) === (a.positionals.length !== 1) || a.positionals.length > 1) throw usageError('analytics');
    const cache = await ctx.cache();
    let scope: CompetitorsScope;
    if (listId !== undefined) scope = { kind: 'list', listId };
    else {
      const key = a.positionals[0]!;
      const search = findSaved(cache, key);
      if (!search) throw userError({ ru: `нет сохранённого поиска «${key}»: укажите его метку или filter_id`, en: `no saved search "${key}": give its label or filter id` }, locale);
      scope = { kind: 'search', filterId: search.filterId };
    }
    const answer = inUserLanguage(() => competitors(cache, scope, locale), locale);
    ctx.out.result({ ...answer }, () => competitorsText(answer, locale));
    return;
  }
  if (sub === 'prices') {
    const a = parseCommandArgs(rest, {
      okpd2: { type: 'string' },
      ktru: { type: 'string' },
      region: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      unit: { type: 'string' },
      out: { type: 'string' },
    });
    if (a.positionals.length) throw usageError('analytics');
    const target = a.values.out !== undefined ? outTarget(ctx, String(a.values.out)) : null;
    const query = priceQueryOf(a.values, locale);
    const cache = await ctx.cache();
    const b = inUserLanguage(() => priceBenchmark(cache, query), locale);
    const { rows, ...summary } = b;
    let written: { file: string; rows: number } | null = null;
    if (target !== null) {
      const file = String(a.values.out);
      const result = await writePriceBenchmarkCsv(cache, b, target, { locale });
      written = { file, rows: result.rows };
      // Its provenance went beside it; the export history the app lists keeps it too.
      recorded(ctx, cache, file, result.provenance, locale, target);
    }
    // The rows (sources included) go to the CSV (--out); the JSON line has their count, so it stays one readable line.
    ctx.out.result({ ...summary, row_count: rows.length, ...(written ? { out: written.file, rows_written: written.rows } : {}) }, () => {
      const text = priceBenchmarkText(b, locale);
      if (!written) return text;
      return `${text}\n${locale === 'en' ? `${formatInt(written.rows)} rows written to ${written.file}` : `${formatInt(written.rows)} строк записано в ${written.file}`}`;
    });
    return;
  }
  throw usageError('analytics');
}
