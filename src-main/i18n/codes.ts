/**
 * Names for the codes the API and the core use, so no code reaches the screen: laws, feed events, tender
 * statuses, balances, job states. An unknown code (a server may add one) is shown as it came, since hiding it
 * would hide information; every code the references name is here.
 */
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

/** Tender statuses of a QUERY (4.5: active, completed, cancelled). */
const TENDER_STATUSES: Record<string, Text> = {
  active: { ru: 'Подача заявок', en: 'Accepting bids' },
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
export const tenderStatusName = named(TENDER_STATUSES);

const BIDDING_CLOSED: Text = { ru: 'Приём заявок окончен', en: 'Bidding closed' };

/**
 * The status an analyst should see: an `active` tender whose bidding deadline has passed is no longer taking
 * bids, whatever the status held here says (a cached version keeps the status it arrived with, and a server may
 * change the status only later). Other statuses, and a tender with no deadline, are named as they are.
 */
export function tenderStageName(
  code: string | null | undefined,
  endDate: string | null | undefined,
  locale: Locale,
  now: number = Date.now(),
): string {
  if (code === 'active' && endDate) {
    const end = Date.parse(endDate.length <= 10 ? `${endDate}T23:59:59+03:00` : endDate);
    if (Number.isFinite(end) && end < now) return BIDDING_CLOSED[locale];
  }
  return tenderStatusName(code, locale);
}
/** Which balance: «закупки», «контракты». */
export const balanceName = named(BALANCES);
/** «Исполнение», «Исполнен», «Расторгнут» (issue 15's dossiers). */
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
