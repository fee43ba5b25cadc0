/**
 * The dated events one cached tender and its cached contracts carry, read defensively from the objects as
 * delivered (docs/api-decisions.md "Deadlines calendar"): the reference guarantees a tender's `end_date` only
 * (document 2, 2.1; document 1's items promise just `id` and `etp_id`), and says nothing of auction or
 * contract stage dates, so each is taken only where an object carries it in a form we can read, and an
 * unreadable date leaves its event out rather than guessing one.
 */
import { apiInstant, calendarEventUid, type CalendarEvent } from '../domain/calendar';
import { tenderStatusCode } from '../domain/tenderStage';

export type Json = Record<string, unknown>;
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const amount = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Keys a tender might carry its auction's date under. None is in the reference; these are the names the
 * service's neighbours use for the electronic auction's day (44-FZ «дата проведения аукциона»). Only the
 * first readable one counts.
 */
export const AUCTION_DATE_KEYS = ['auction_date', 'bidding_date'] as const;

/** What every event of a tender repeats. */
export type TenderBasics = Pick<CalendarEvent, 'tender_id' | 'title' | 'url' | 'customer_name' | 'tender_status' | 'tender_end_date' | 'notice_number' | 'price' | 'currency' | 'version'>;

/**
 * The common part of a tender's events; `link` is the notice's address when the object itself has none,
 * `version` the cached version read (a strict server's tender states none in its object).
 */
export function tenderBasics(tender: Json, link: string | undefined, version?: number): TenderBasics | null {
  const id = tender.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  const org = isRecord(tender.organization) ? tender.organization : isRecord(tender.customer) ? tender.customer : {};
  const status = tenderStatusCode(tender);
  const url = [text(tender.source_url), link].find((u) => u !== undefined && /^https?:\/\/\S+$/i.test(u));
  const basics: TenderBasics = { tender_id: id, title: text(tender.name) ?? text(tender.title) ?? `№ ${text(tender.etp_id) ?? id}` };
  if (url !== undefined) basics.url = url;
  const customer = text(org.name);
  if (customer !== undefined) basics.customer_name = customer;
  if (status !== null) basics.tender_status = status;
  const end = text(tender.end_date);
  if (end !== undefined) basics.tender_end_date = end;
  const notice = text(tender.etp_id);
  if (notice !== undefined) basics.notice_number = notice;
  const price = amount(tender.price);
  if (price !== undefined) basics.price = price;
  const currency = text(tender.currency);
  if (currency !== undefined) basics.currency = currency;
  if (version !== undefined) basics.version = version;
  return basics;
}

const dated = (at: { ms: number; dateOnly: boolean }): Pick<CalendarEvent, 'at' | 'date_only'> =>
  at.dateOnly ? { at: new Date(at.ms).toISOString(), date_only: true } : { at: new Date(at.ms).toISOString() };

/** The submission deadline (`end_date`) and, where carried, the auction's date. */
export function tenderEvents(tender: Json, basics: TenderBasics): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  const end = apiInstant(tender.end_date);
  if (end) out.push({ uid: calendarEventUid({ kind: 'submission', tender_id: basics.tender_id }), kind: 'submission', ...basics, ...dated(end) });
  for (const key of AUCTION_DATE_KEYS) {
    const at = apiInstant(tender[key]);
    if (!at) continue;
    out.push({ uid: calendarEventUid({ kind: 'auction', tender_id: basics.tender_id }), kind: 'auction', ...basics, ...dated(at) });
    break;
  }
  return out;
}

/**
 * A contract's stage dates (`execution.stages[].planned_date`, or `date`/`end_date` of a stage) and its
 * execution end (`execution.end_date`), each with the tender's basics; a stage's amount replaces the price.
 */
export function contractEvents(contract: Json, tenderBasics: TenderBasics, version?: number): CalendarEvent[] {
  const id = contract.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || !isRecord(contract.execution)) return [];
  // The contract's own version orders its events' revisions (the tender's does not change with its execution).
  const { version: _tenderVersion, ...rest } = tenderBasics;
  const basics: TenderBasics = version === undefined ? rest : { ...rest, version };
  const execution = contract.execution;
  const out: CalendarEvent[] = [];
  const stages = Array.isArray(execution.stages) ? execution.stages : [];
  stages.forEach((stage, index) => {
    if (!isRecord(stage)) return;
    const at = apiInstant(stage.planned_date) ?? apiInstant(stage.date) ?? apiInstant(stage.end_date);
    if (!at) return;
    const ordinal = typeof stage.ordinal === 'number' && Number.isSafeInteger(stage.ordinal) && stage.ordinal > 0 ? stage.ordinal : index + 1;
    const event: CalendarEvent = { uid: calendarEventUid({ kind: 'contract_stage', contract_id: id, stage: ordinal }), kind: 'contract_stage', ...basics, contract_id: id, stage: ordinal, ...dated(at) };
    const stageAmount = amount(stage.amount);
    if (stageAmount !== undefined) event.price = stageAmount;
    out.push(event);
  });
  const end = apiInstant(execution.end_date);
  if (end) out.push({ uid: calendarEventUid({ kind: 'contract_stage', contract_id: id }), kind: 'contract_stage', ...basics, contract_id: id, ...dated(end) });
  return out;
}
