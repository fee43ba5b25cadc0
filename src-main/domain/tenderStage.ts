/**
 * The stage of a tender an analyst sees (one status per tender on every surface). Decided here once,
 * from what does not go stale: the status CODE (or the earlier generation's status id), the submission
 * deadline and the clock. The server's status NAME is never used: a server may send none (the reference
 * promises only `{id, name}` in document 2, nothing in document 1), and a version held in the cache keeps the
 * name it was delivered with while its stage moves on with time (docs/api-decisions.md D-STATUS-1).
 *
 * Stages:
 * - `bidding`: `active`, and the deadline is in the future or not known («Подача заявок»);
 * - `commission`: `active`, and the deadline has passed: no more bids, no result yet («Работа комиссии», the
 *   name the sandbox serves for it too);
 * - `completed`, `cancelled`: as the code says.
 * A code we do not know (a server may add one) is its own stage, kept as it came, so it is shown rather than hidden.
 *
 * Pure: the tables, the preview, the card, lists, dossiers, red flags, the calendar, every export and the CLI
 * name a stage through i18n/codes.ts `tenderStageName`, which reads it here.
 */
import { apiInstant } from './calendar';

export const TENDER_STAGES = ['bidding', 'commission', 'completed', 'cancelled'] as const;
export type TenderStage = (typeof TENDER_STAGES)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const word = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : null);

/**
 * The earlier generation's status is `{id, name}` with no code (reference document 2, D-E-TND-2); its ids are
 * those of the statuses dictionary (docs/api-decisions.md, «Dictionaries»).
 */
const STATUS_OF_ID: Readonly<Record<number, string>> = { 1: 'active', 2: 'completed', 3: 'cancelled' };

/**
 * A delivered tender's status code, folded (trimmed, lower case): `status.code`, else the earlier generation's
 * `status.id`, else a plain string `status`; null when none of these says. The status's name is not read.
 */
export function tenderStatusCode(tender: unknown): string | null {
  const status = isRecord(tender) ? tender.status : undefined;
  if (!isRecord(status)) return word(status);
  return word(status.code) ?? (typeof status.id === 'number' ? (STATUS_OF_ID[status.id] ?? null) : null);
}

/**
 * The code of a status known only by its name: the earlier generation's `GET /favorites` lists `status_name`
 * without an id (reference document 2, 2.6). The names are those of the statuses dictionary (D-Q-4) and the
 * one an open tender past its deadline is served under (D-STATUS-1); any other name is no code we know (null).
 */
const STATUS_OF_NAME: Readonly<Record<string, string>> = {
  'подача заявок': 'active',
  'работа комиссии': 'active',
  'завершена': 'completed',
  'отменена': 'cancelled',
};
export const statusCodeOfName = (name: unknown): string | null => {
  const w = word(name);
  return w === null ? null : (STATUS_OF_NAME[w] ?? null);
};

const DAY_MS = 86_400_000;

/**
 * The instant a deadline falls at, or null when it cannot be read: a moment as the API writes it (an offset
 * names its own zone, none means Moscow time); a bare date is the end of that Moscow day, when bids close.
 */
export function deadlineMs(endDate: string | null | undefined): number | null {
  if (endDate === null || endDate === undefined) return null;
  const at = apiInstant(endDate);
  if (at !== null) return at.dateOnly ? at.ms + DAY_MS - 1 : at.ms;
  const parsed = Date.parse(endDate);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The stage at `now` (ms) of a tender whose status code is `code` and whose deadline is at `deadline` (ms,
 * null when unknown); null when no code is known. Bids close AT the deadline, as on the server (D-STATUS-1).
 */
export function tenderStageAt(code: string | null | undefined, deadline: number | null, now: number): TenderStage | (string & {}) | null {
  const c = word(code);
  if (c === null) return null;
  if (c === 'active') return deadline !== null && deadline <= now ? 'commission' : 'bidding';
  return c;
}

/** The stage at `now` of a tender with this status code and this `end_date` (ISO, as delivered). */
export const tenderStage = (code: string | null | undefined, endDate: string | null | undefined, now: number): TenderStage | (string & {}) | null =>
  tenderStageAt(code, deadlineMs(endDate), now);

/** The stage at `now` of a tender as delivered (its status code and `end_date`). */
export function tenderStageOf(tender: unknown, now: number): TenderStage | (string & {}) | null {
  const endDate = isRecord(tender) && typeof tender.end_date === 'string' ? tender.end_date : null;
  return tenderStage(tenderStatusCode(tender), endDate, now);
}
