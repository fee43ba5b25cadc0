/**
 * The pull's check of a teammate's row: each row of the team database is either taken (typed, ids as
 * safe integers, JSON parsed) or refused with its reason (domain/teamRows.ts), never thrown, so one bad row no
 * longer stops every teammate's pull. Pure: the clock and the analyst's trust setting come in `CheckContext`.
 *
 * The rules, each the reason a row of the hostile-teammate attack failed:
 * - ids (objects, ledger rows, shared changes' sequences, a mark's tender, a list member) are whole numbers from
 *   1 to 2^53 − 1, read from the database's decimal text, never rounded (9007199254740993 is not …992);
 * - versions are whole and not below 0 (a card's provisional version below 0 is one machine's own numbering);
 * - a body is a JSON object, and an `id` or `version` it states is its row's;
 * - a mark's «Интересно / Неинтересно» (field `interest`) is JSON true, false or null, nothing else;
 * - a time is an ISO instant this app can read (a year past 9999 is not), and no later than FUTURE_SKEW_MS past
 *   now (a change dated 9999-12-31 would win its field for good): such a row is held and taken when its time
 *   comes;
 * - a version or card without delivery evidence is held while the analyst refuses those.
 */
import { FUTURE_SKEW_MS, hasDeliveryEvidence, type SkippedTeamRow, type TeamRefusalReason } from '../domain/teamRows';
import type { PullRows, PullTable, RawPullRows } from '../teamdb/pullStore';

export interface CheckContext {
  /** This machine's clock (ms since the epoch). */
  now: number;
  /** Refuse versions and cards that carry no delivery evidence (the analyst's setting). */
  refuseUnproven: boolean;
}

/** A refused row: how the analyst is told of it, its key in the quarantine, and the row as read (kept whole). */
export interface Refusal {
  skipped: Omit<SkippedTeamRow, 'author'>;
  key: string;
  raw: unknown;
}

export type Checked<T extends PullTable> = { ok: true; row: PullRows[T] } | { ok: false; refusal: Refusal };

class Refused extends Error {
  constructor(
    readonly reason: TeamRefusalReason,
    readonly detail: string | null,
  ) {
    super(reason);
  }
}

const refuse = (reason: TeamRefusalReason, detail: string | null = null): never => {
  throw new Refused(reason, detail);
};

const SAFE_ID = /^[1-9][0-9]{0,15}$/;

/** A positive id below 2^53 from its decimal text. */
function safeId(text: string): number {
  const n = SAFE_ID.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(n) ? n : refuse('id', text);
}

function versionOf(version: number): number {
  return Number.isSafeInteger(version) && version >= 0 ? version : refuse('version', String(version));
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A readable instant, not past the skew unless `future` is allowed (an expiry). */
function instant(text: string, ctx: CheckContext, future: 'refused' | 'allowed' = 'refused'): string {
  const t = ISO.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(t)) refuse('time', text);
  if (future === 'refused' && t > ctx.now + FUTURE_SKEW_MS) refuse('future', text);
  return text;
}

const jsonKind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function objectOf(text: string, reason: 'body' | 'value' = 'body'): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return refuse(reason, 'json');
  }
  return jsonKind(value) === 'object' ? (value as Record<string, unknown>) : refuse(reason, jsonKind(value));
}

/** The same whole number, stated as a number or as its digits. */
const sameNumber = (stated: unknown, expected: number): boolean =>
  (typeof stated === 'number' && stated === expected) || (typeof stated === 'string' && stated === String(expected));

/** A body that states an id or a version states its row's. */
function namesItsRow(body: Record<string, unknown>, id: number, version: number): void {
  if (body.id !== undefined && body.id !== null && !sameNumber(body.id, id)) refuse('body_key', `id ${JSON.stringify(body.id)}`);
  if (body.version !== undefined && body.version !== null && !sameNumber(body.version, version)) refuse('body_key', `v${JSON.stringify(body.version)}`);
}

/** A mark's `interest` as the team database's text of its JSON: «Интересно», «Неинтересно», cleared. */
const INTEREST_VALUES = new Set(['true', 'false', 'null']);

const KINDS = new Set(['tender', 'contract']);
const kindOf = (kind: string): 'tender' | 'contract' => (KINDS.has(kind) ? (kind as 'tender' | 'contract') : refuse('value', `kind ${kind}`));

type Checker<T extends PullTable> = {
  /** The quarantine key (unique in its table) and how the row is named, read before any check. */
  name(raw: RawPullRows[T]): { key: string; skipped: Omit<SkippedTeamRow, 'author' | 'reason' | 'detail'> };
  take(raw: RawPullRows[T], ctx: CheckContext): PullRows[T];
};

type VersionTable = 'tender_version' | 'contract_version';

const versions = <T extends VersionTable>(table: T): Checker<T> => ({
  name: (r) => ({ key: `${r.id}:${r.version}`, skipped: { table, kind: r.kind, id: r.id, version: String(r.version), machineId: r.machineId } }),
  take(r: RawPullRows[VersionTable], ctx): PullRows[VersionTable] {
    const id = safeId(r.id);
    const version = versionOf(r.version);
    const object = objectOf(r.body);
    namesItsRow(object, id, version);
    const deliveredAt = instant(r.deliveredAt, ctx);
    if (r.via !== 'feed' && r.via !== 'card') refuse('value', `via ${r.via}`);
    if (r.event !== null && r.event !== 'created' && r.event !== 'updated') refuse('value', `event ${r.event}`);
    if (ctx.refuseUnproven && !hasDeliveryEvidence(r)) refuse('unproven');
    return {
      kind: r.kind,
      id,
      version,
      object,
      deliveredAt,
      via: r.via as 'feed' | 'card',
      event: r.event as 'created' | 'updated' | null,
      requestId: r.requestId,
      filterId: r.filterId,
      billed: r.billed,
      machineId: r.machineId,
    };
  },
});

const CHECKERS: { [T in PullTable]: Checker<T> } = {
  tender_version: versions('tender_version'),
  contract_version: versions('contract_version'),
  card: {
    name: (r) => ({
      key: `${r.kind}:${r.id}:${r.version}:${r.positionsPage}:${r.positionsLimit}`,
      skipped: { table: 'card', kind: KINDS.has(r.kind) ? (r.kind as 'tender' | 'contract') : undefined, id: r.id, version: String(r.version), page: String(r.positionsPage), machineId: r.machineId },
    }),
    take(r, ctx) {
      const kind = kindOf(r.kind);
      const id = safeId(r.id);
      const version = versionOf(r.version);
      const card = objectOf(r.body);
      namesItsRow(card, id, version);
      const page = (n: number, what: string): number => (Number.isSafeInteger(n) && n > 0 ? n : refuse('value', `${what} ${n}`));
      const positionsPage = page(r.positionsPage, 'positions_page');
      const positionsLimit = page(r.positionsLimit, 'positions_limit');
      const deliveredAt = instant(r.deliveredAt, ctx);
      if (ctx.refuseUnproven && !hasDeliveryEvidence({ via: 'card', requestId: r.requestId, filterId: null })) refuse('unproven');
      return { kind, id, version, positionsPage, positionsLimit, card, deliveredAt, requestId: r.requestId, billed: r.billed, machineId: r.machineId };
    },
  },
  ledger_row: {
    name: (r) => ({ key: r.id, skipped: { table: 'ledger_row', id: r.id, machineId: r.machineId } }),
    take(r, ctx) {
      const id = safeId(r.id);
      const objectId = safeId(r.objectId);
      const version = versionOf(r.version);
      if (r.balanceType !== 'tenders' && r.balanceType !== 'contracts') refuse('value', `balance_type ${r.balanceType}`);
      if (!Number.isSafeInteger(r.amount)) refuse('value', `amount ${r.amount}`);
      const createdAt = r.createdAt === null ? null : instant(r.createdAt, ctx);
      return {
        id,
        balanceType: r.balanceType as 'tenders' | 'contracts',
        amount: r.amount,
        objectId,
        version,
        filterId: r.filterId,
        requestId: r.requestId,
        createdAt,
        machineId: r.machineId,
      };
    },
  },
  saved_search: {
    name: (r) => ({ key: r.filterId, skipped: { table: 'saved_search', id: r.filterId, machineId: r.machineId } }),
    take(r, ctx) {
      if (r.filterId.trim() === '') refuse('value', 'filter_id');
      objectOf(r.params, 'value');
      const createdAt = instant(r.createdAt, ctx);
      const expiresAt = r.expiresAt === null ? null : instant(r.expiresAt, ctx, 'allowed');
      return { ...r, createdAt, expiresAt };
    },
  },
  shared_change: {
    name: (r) => ({
      key: `${r.machineId}:${r.localSeq}`,
      skipped: { table: 'shared_change', id: r.key, entity: r.entity, field: r.field, machineId: r.machineId },
    }),
    take(r, ctx) {
      const localSeq = safeId(r.localSeq);
      if (r.entity !== 'mark' && r.entity !== 'tag' && r.entity !== 'list') refuse('value', `entity ${r.entity}`);
      // A mark's key is its tender's id; a list member's field names the tender's id.
      if (r.entity === 'mark') safeId(r.key);
      if (r.entity === 'list' && r.field.startsWith('member:')) safeId(r.field.slice(7));
      // The triage label is a yes or a no (or cleared): anything else written there is refused, never guessed at.
      if (r.entity === 'mark' && r.field === 'interest' && r.value !== null && !INTEREST_VALUES.has(r.value)) {
        refuse('value', r.value.slice(0, 60));
      }
      const at = instant(r.at, ctx);
      let value: unknown = null;
      if (r.value !== null) {
        try {
          value = JSON.parse(r.value) as unknown;
        } catch {
          refuse('value', 'value');
        }
      }
      return { machineId: r.machineId, localSeq, entity: r.entity as 'mark' | 'tag' | 'list', key: r.key, field: r.field, value, at, author: r.author };
    },
  },
};

/** How a row is named before anything in it is trusted (for a refusal found later, at the write). */
export function nameOf<T extends PullTable>(table: T, raw: RawPullRows[T]): { key: string; skipped: Omit<SkippedTeamRow, 'author' | 'reason' | 'detail'> } {
  return CHECKERS[table].name(raw);
}

export function checkRow<T extends PullTable>(table: T, raw: RawPullRows[T], ctx: CheckContext): Checked<T> {
  const checker = CHECKERS[table];
  try {
    return { ok: true, row: checker.take(raw, ctx) };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const { key, skipped } = checker.name(raw);
    return { ok: false, refusal: { key, skipped: { ...skipped, reason: error.reason, detail: error.detail }, raw } };
  }
}

/** A page's rows: those taken (each with the row as read, to name it if the cache refuses it) and those refused. */
export function checkPage<T extends PullTable>(
  table: T,
  raws: readonly RawPullRows[T][],
  ctx: CheckContext,
): { taken: { row: PullRows[T]; raw: RawPullRows[T] }[]; refused: Refusal[] } {
  const taken: { row: PullRows[T]; raw: RawPullRows[T] }[] = [];
  const refused: Refusal[] = [];
  for (const raw of raws) {
    const checked = checkRow(table, raw, ctx);
    if (checked.ok) taken.push({ row: checked.row, raw });
    else refused.push(checked.refusal);
  }
  return { taken, refused };
}
