/**
 * The deadlines calendar: the dated events of tenders the analyst works on, for the calendar view,
 * the ICS export and the CLI. Pure shapes and rules, shared by src-main/calendar/, the IPC contract, the CLI
 * and the renderer.
 *
 * Rules, used everywhere:
 * - An event's `at` is an exact instant (ISO-8601 UTC, `…Z`); screens show it in Moscow time.
 * - Kinds: `submission` is the tender's `end_date` (the only date the API reference guarantees on a tender);
 *   `auction` and `contract_stage` come only from objects that happen to carry such a date (read defensively,
 *   docs/api-decisions.md "Deadlines calendar").
 * - UIDs are stable across exports (a calendar that imports the file twice updates, never duplicates):
 *   submission `tender-<id>@tender-workbench` (the issue's form), auction `tender-<id>-auction@tender-workbench`,
 *   a contract's stage `contract-<contract id>-stage-<ordinal>@tender-workbench` (the stage's own ordinal,
 *   else its place in the list), a contract's execution end `contract-<contract id>-end@tender-workbench`.
 * - Only the latest cached version of each tender and contract is read; a cancelled tender's events stay in
 *   the calendar, flagged by `tender_status`.
 */
import type { MarkFilter } from './marks';

export const CALENDAR_EVENT_KINDS = ['submission', 'auction', 'contract_stage'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export interface CalendarEvent {
  /** Stable across exports (see the rules above). */
  uid: string;
  kind: CalendarEventKind;
  tender_id: number;
  /** The contract a `contract_stage` event belongs to. */
  contract_id?: number;
  /** The tender's name (its subject). */
  title: string;
  /** ISO-8601 instant in UTC. */
  at: string;
  /** The source gave a calendar day without a time: `at` is 00:00 Moscow of that day, shown as a whole day. */
  date_only?: boolean;
  /** The notice: the tender's `source_url`, else the EIS link built from its notice number. */
  url?: string;
  customer_name?: string;
  /** The tender's status code (`active`, `completed`, `cancelled`…) as cached; a cancelled tender is flagged, not hidden. */
  tender_status?: string;
  /** The tender's submission deadline (`end_date`) as cached: with the status, its stage (domain/tenderStage.ts). */
  tender_end_date?: string;
  /** The tender's notice number (`etp_id`). */
  notice_number?: string;
  /** The tender's initial price (or the stage's amount for a contract stage) and its currency. */
  price?: number;
  currency?: string;
  /** A contract stage's ordinal (1 for the first); absent for the execution end. */
  stage?: number;
  /** The version of the object the date was read from (the tender's, or the contract's): the ICS SEQUENCE. */
  version?: number;
}

/** Whose events: marked tenders (optionally filtered by their marks), a list's members, a saved search's tenders. */
export type CalendarScope =
  | { kind: 'marked'; filter?: MarkFilter }
  | { kind: 'list'; listId: string }
  | { kind: 'search'; filterId: string };

/** The UID of an event (the rules above). */
export function calendarEventUid(
  event: { kind: 'submission' | 'auction'; tender_id: number } | { kind: 'contract_stage'; contract_id: number; stage?: number },
): string {
  if (event.kind !== 'contract_stage') return event.kind === 'submission' ? `tender-${event.tender_id}@tender-workbench` : `tender-${event.tender_id}-auction@tender-workbench`;
  return event.stage === undefined ? `contract-${event.contract_id}-end@tender-workbench` : `contract-${event.contract_id}-stage-${event.stage}@tender-workbench`;
}

/** Moscow time is UTC+3 all year (no daylight saving since 2014). */
export const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** The API's spellings of a day and of a moment (ISO-8601, the offset optional); the CSV/XLSX cells read them too. */
export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date the API sent, as an instant: ISO-8601 with an offset as given; without one, Moscow time (the API's
 * times are Moscow time, DOMAIN.md); a bare calendar day is 00:00 Moscow of that day, `dateOnly`. Null for
 * anything else (a missing field, a number, a day that does not exist): such an event is left out, never guessed.
 */
export function apiInstant(value: unknown): { ms: number; dateOnly: boolean } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = DATE_ONLY.exec(text);
  const full = day ? null : DATE_TIME.exec(text);
  const parts = day ?? full;
  if (!parts) return null;
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const offset = full?.[7] ?? '+03:00';
  const iso = `${parts[1]}-${parts[2]}-${parts[3]}T${full ? `${full[4]}:${full[5]}:${full[6] ?? '00'}` : '00:00:00'}${offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')}`;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  // Date.parse rolls 2026-02-31 over to March: a day that does not exist is refused instead.
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { ms, dateOnly: day !== null };
}
