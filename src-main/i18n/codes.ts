/**
 * Names for the codes the API and the core use, so no code reaches the screen: laws, feed events, tender
 * statuses, balances, job states. An unknown code (a server may add one) is shown as it came, since hiding it
 * would hide information; every code the references name is here.
 */
import { tenderStage, tenderStageOf, type TenderStage } from '../domain/tenderStage';
import type { Locale, Text } from './text';

const LAWS: Record<string, Text> = {
  '44-FZ': { ru: '44-ФЗ', en: '44-FZ' },
  '223-FZ': { ru: '223-ФЗ', en: '223-FZ' },
  commercial: { ru: 'Коммерческая закупка', en: 'Commercial' },
};

const EVENTS: Record<string, Text> = {
  created: { ru: 'новые', en: 'new' },
  updated: { ru: 'изменения', en: 'changes' },
};

/**
 * Tender statuses of a QUERY's `status` filter (4.5: active, completed, cancelled): the words of the search
 * form's checkboxes, where `active` is the set of tenders not yet decided: those taking bids AND those whose
 * deadline passed and whose result is not in (the server keeps them `active`, D-STATUS-1). Named for both, so a
 * box checked as «Подача заявок» never brings rows that say «Работа комиссии». What a TENDER shows is its stage
 * (TENDER_STAGES below), never these.
 */
const TENDER_STATUSES: Record<string, Text> = {
  active: { ru: 'Подача заявок и работа комиссии', en: 'Accepting bids or under review' },
  completed: { ru: 'Завершена', en: 'Completed' },
  cancelled: { ru: 'Отменена', en: 'Cancelled' },
};

/**
 * A tender's stage (domain/tenderStage.ts), the one name of it on every surface. «Работа комиссии» is the
 * name the sandbox serves for an `active` tender past its deadline too (D-STATUS-1), so server and client agree.
 */
const TENDER_STAGES: Record<TenderStage, Text> = {
  bidding: { ru: 'Подача заявок', en: 'Accepting bids' },
  commission: { ru: 'Работа комиссии', en: 'Under review by the commission' },
  completed: { ru: 'Завершена', en: 'Completed' },
  cancelled: { ru: 'Отменена', en: 'Cancelled' },
};

/** A contract's execution stage as the insight store reads it (domain/insights.ts ContractStage). */
const CONTRACT_STAGES: Record<string, Text> = {
  executing: { ru: 'Исполнение', en: 'Executing' },
  completed: { ru: 'Исполнен', en: 'Completed' },
  terminated: { ru: 'Расторгнут', en: 'Terminated' },
  unknown: { ru: 'Не указан', en: 'Not stated' },
};

const BALANCES: Record<string, Text> = {
  tenders: { ru: 'закупки', en: 'tenders' },
  contracts: { ru: 'контракты', en: 'contracts' },
  protocols: { ru: 'протоколы', en: 'protocols' },
};

const JOB_STATES: Record<string, Text> = {
  running: { ru: 'Загрузка', en: 'Loading' },
  following: { ru: 'Слежение', en: 'Following' },
  done: { ru: 'Готово', en: 'Done' },
  cancelled: { ru: 'Остановлено', en: 'Stopped' },
  failed: { ru: 'Ошибка', en: 'Failed' },
  spend_cap: { ru: 'Достигнут лимит трат', en: 'Spend cap reached' },
  balance_exhausted: { ru: 'Баланс исчерпан', en: 'Balance exhausted' },
};

/** The analyst's pipeline statuses (domain/marks.ts PIPELINE_STATUSES), in the board's order. */
const PIPELINE_STATUSES: Record<string, Text> = {
  new: { ru: 'Новая', en: 'New' },
  reviewing: { ru: 'На рассмотрении', en: 'Reviewing' },
  preparing: { ru: 'Готовим заявку', en: 'Preparing a bid' },
  submitted: { ru: 'Заявка подана', en: 'Bid submitted' },
  won: { ru: 'Выиграна', en: 'Won' },
  lost: { ru: 'Проиграна', en: 'Lost' },
  declined: { ru: 'Отказались', en: 'Declined' },
};

/** Short forms of the longer ones, for a chip beside a tender's name in a 1366 px table (the full name is its tooltip). */
const PIPELINE_STATUSES_SHORT: Record<string, Text> = {
  reviewing: { ru: 'На рассм.', en: 'Reviewing' },
  preparing: { ru: 'Готовим', en: 'Preparing' },
  submitted: { ru: 'Подана', en: 'Submitted' },
  declined: { ru: 'Отказ', en: 'Declined' },
};

const named =
  (table: Record<string, Text>) =>
  (code: string | null | undefined, locale: Locale): string =>
    code === null || code === undefined || code === '' ? '—' : ((table[code] ?? table[code.toUpperCase()])?.[locale] ?? code);

/** «44-ФЗ», «223-ФЗ», «Коммерческая закупка». */
export const lawName = named(LAWS);
/** A feed event: «новые», «изменения». */
export const eventName = named(EVENTS);
/** A QUERY status filter's word (the search form's checkboxes); a tender's own stage is `tenderStageName`. */
export const tenderStatusName = named(TENDER_STATUSES);
/** The name of a stage (domain/tenderStage.ts), e.g. a key of a dossier's breakdown by stage. */
export const tenderStageLabel = named(TENDER_STAGES);

/**
 * What an analyst sees as a tender's stage, from its status code, its deadline (`end_date` as delivered) and
 * the clock (domain/tenderStage.ts decides; the server's own status name is never shown): «Подача заявок»,
 * «Работа комиссии», «Завершена», «Отменена». `now` is the clock a caller fixes (a test, one export's moment).
 */
export function tenderStageName(
  code: string | null | undefined,
  endDate: string | null | undefined,
  locale: Locale,
  now: number = Date.now(),
): string {
  return tenderStageLabel(tenderStage(code, endDate, now), locale);
}

/** The stage name of a tender as delivered (its status code and `end_date`), at `now`. */
export const tenderStageNameOf = (tender: unknown, locale: Locale, now: number = Date.now()): string => tenderStageLabel(tenderStageOf(tender, now), locale);

/** Which balance: «закупки», «контракты». */
export const balanceName = named(BALANCES);
/** «Исполнение», «Исполнен», «Расторгнут» (the dossiers). */
export const contractStageName = named(CONTRACT_STAGES);
export const jobStateName = named(JOB_STATES);
/** A pipeline status of the marks: «Новая», «На рассмотрении», … («—» for none). */
export const pipelineStatusName = named(PIPELINE_STATUSES);
/** Its short form for a table's chip: «На рассм.», «Готовим», … (the name itself where it is short already). */
export const pipelineStatusShortName = (code: string | null | undefined, locale: Locale): string =>
  (code ? PIPELINE_STATUSES_SHORT[code]?.[locale] : undefined) ?? pipelineStatusName(code, locale);
/** The status whose code or name (either language, any case) this is; null when none is. The CLI's `--status`. */
export function pipelineStatusFromWord(word: string): string | null {
  const w = word.trim().toLowerCase();
  for (const [code, name] of Object.entries(PIPELINE_STATUSES)) if (code === w || name.ru.toLowerCase() === w || name.en.toLowerCase() === w) return code;
  return null;
}

/** The events of a saved search as words: «новые и изменения». */
export function eventsText(events: readonly string[], locale: Locale): string {
  const names = events.map((e) => eventName(e, locale));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${locale === 'en' ? 'and' : 'и'} ${names[names.length - 1]}`;
}
