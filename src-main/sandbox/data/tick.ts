/**
 * The world moving on (`POST /__sandbox/tick {"created":N,"updated":M}`): N new tenders, M new versions of
 * existing tenders (a completed one gains its contract), and a few contracts advancing their execution, all
 * discovered at `now` and appended to the discovery log.
 *
 * New tenders come from the same drafting as the catalogue, so they read the same. A tick is deterministic
 * given the database and the seed: its randomness is the stream of its tick number (meta `next_tick`).
 */

import type Database from 'better-sqlite3';
import {
  WORLD_TIME_KEY,
  buildPools,
  changedPrice,
  contractEvents,
  draftContracts,
  draftTender,
  insertContract,
  insertTender,
  prepareStatements,
  priceChange,
  type CatalogueStatements,
  type CustomerInfo,
  type World,
} from './generate';
import { contractIndex, contractSchedule } from './derive';
import { IdPicker } from './idPicker';
import { rngFor, STREAM, type Rng } from './rng';
import {
  CONTRACT_STAGE,
  DAY,
  TENDER_STATUS,
  kopecks,
  mskDayStart,
  mskIso,
  rubles,
  unixSeconds,
  type ContractRow,
  type TenderRow,
} from './rows';

export interface TickRequest {
  created: number;
  updated: number;
}

export interface TickEntry {
  seq: number;
  kind: 'tender' | 'contract';
  object_id: number;
  version: number;
}

const HOUR = 3600;

interface TickContext {
  db: Database.Database;
  st: CatalogueStatements;
  seed: number;
  world: World;
  rng: Rng;
  now: number;
  nowIso: string;
  entries: TickEntry[];
  nextSeq: number;
  tenderPools: Map<TenderPool, IdPicker>;
  executingContracts?: IdPicker;
  tenderById: Database.Statement;
  contractById: Database.Statement;
  maxContractId: Database.Statement;
  updateTender: Database.Statement;
  updateContract: Database.Statement;
}

export function metaValue(db: Database.Database, key: string): string | undefined {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Serials continue after what the database holds; several issued in one tick before their rows exist. */
function serialCounter(count: Database.Statement): (customerId: number) => number {
  const issued = new Map<number, number>();
  return (customerId) => {
    const fromDb = (count.get(customerId) as { n: number }).n + 1;
    const next = Math.max(fromDb, (issued.get(customerId) ?? 0) + 1);
    issued.set(customerId, next);
    return next;
  };
}

/** The drafting world of a stored catalogue: customers read from it, serials continuing after its rows. */
export function storedWorld(db: Database.Database, seed: number): World {
  const tenders = Number(metaValue(db, 'tenders'));
  if (!Number.isInteger(tenders) || tenders < 1) throw new Error('catalogue meta has no tenders count');
  const customer = db.prepare('SELECT name, address, region, inn FROM organizations WHERE id = ?');
  return {
    seed,
    pools: buildPools(seed, tenders),
    customer: (id) => customer.get(id) as CustomerInfo,
    nextTenderSerial: serialCounter(db.prepare('SELECT COUNT(*) AS n FROM tenders WHERE customer_id = ?')),
    nextContractSerial: serialCounter(
      db.prepare('SELECT COUNT(*) AS n FROM contracts c JOIN tenders t ON t.id = c.tender_id WHERE t.customer_id = ?'),
    ),
  };
}

function record(ctx: TickContext, kind: TickEntry['kind'], objectId: number, version: number): number {
  const seq = ctx.nextSeq++;
  ctx.entries.push({ seq, kind, object_id: objectId, version });
  return seq;
}

function createTender(ctx: TickContext, id: number): void {
  const draft = draftTender(ctx.world, id, ctx.now);
  const rng = rngFor(ctx.seed, STREAM.history, id);
  const endDay = mskDayStart(ctx.now + rng.int(7, 30) * DAY);
  const version = {
    status: TENDER_STATUS.active,
    change: 1,
    priceKopecks: draft.initialPriceKopecks,
    end: endDay + rng.pick([8, 9, 10, 12, 14, 18]) * HOUR,
    update: ctx.now,
    discovered: ctx.now,
  };
  const seq = record(ctx, 'tender', id, 1);
  insertTender(ctx.st, draft, ctx.world.customer(draft.customer_id).name, ctx.now, version, { ...version, version: 1 }, seq);
}

/** Which tenders a pick chooses among; each is read once per tick, when first needed. */
type TenderPool = 'due' | 'open' | 'any';

const POOL_QUERY: Record<TenderPool, string> = {
  due: 'SELECT id FROM tenders WHERE status = @active AND end_date < @now AND id <= @maxId ORDER BY id',
  open: 'SELECT id FROM tenders WHERE status = @active AND id <= @maxId ORDER BY id',
  any: 'SELECT id FROM tenders WHERE id <= @maxId ORDER BY id',
};

/**
 * The first tender at or after a random id in `pool`, wrapping around once; ids already touched in this tick
 * are skipped. Scanning from a random point instead of sampling keeps it exact when matching tenders are rare
 * (tenders past their deadline and still open).
 */
function findTender(ctx: TickContext, pool: TenderPool, maxId: number, taken: ReadonlySet<number>): TenderRow | undefined {
  const start = ctx.rng.int(1, maxId);
  let picker = ctx.tenderPools.get(pool);
  if (!picker) {
    const ids = ctx.db.prepare(POOL_QUERY[pool]).pluck().all({ active: TENDER_STATUS.active, now: ctx.nowIso, maxId }) as number[];
    picker = new IdPicker(ids);
    ctx.tenderPools.set(pool, picker);
  }
  const id = picker.pick(start, taken);
  return id === undefined ? undefined : (ctx.tenderById.get(id) as TenderRow);
}

function writeTenderVersion(ctx: TickContext, tender: TenderRow, status: number, priceKopecks: number, endIso: string): void {
  const version = tender.version + 1;
  const seq = record(ctx, 'tender', tender.id, version);
  ctx.st.tenderVersion.run(tender.id, version, seq, status, rubles(priceKopecks), endIso, ctx.nowIso);
  ctx.st.log.run(seq, 'tender', tender.id, version, ctx.nowIso);
  ctx.updateTender.run(version, status, rubles(priceKopecks), endIso, ctx.nowIso, tender.id);
}

function completeTender(ctx: TickContext, tender: TenderRow): void {
  const priceKopecks = kopecks(tender.price);
  writeTenderVersion(ctx, tender, TENDER_STATUS.completed, priceKopecks, tender.end_date);
  // The result is known now and the contract signed on it: after the deadline (the pool is of tenders past
  // theirs) and not before the result, as a contract is signed on the protocol.
  const sign = ctx.now;
  let contractId = ctx.maxContractId.get() as number;
  for (const draft of draftContracts(ctx.world, tender, priceKopecks, sign)) {
    contractId++;
    const seq = record(ctx, 'contract', contractId, 1);
    insertContract(ctx.st, contractId, draft, [{ stage: CONTRACT_STAGE.executing, paidKopecks: 0, update: sign }], seq, ctx.now);
  }
}

function updateTender(ctx: TickContext, maxId: number, taken: Set<number>): void {
  const kind = ctx.rng.weighted([['change', 55], ['complete', 30], ['cancel', 15]] as const);
  if (kind === 'complete') {
    const due = findTender(ctx, 'due', maxId, taken);
    if (due) {
      taken.add(due.id);
      completeTender(ctx, due);
      return;
    }
  }
  const open = findTender(ctx, 'open', maxId, taken);
  if (!open) {
    // Nothing open is left: a correction of a closed tender (same state, new version) keeps the count asked for.
    const any = findTender(ctx, 'any', maxId, taken);
    if (!any) return;
    taken.add(any.id);
    writeTenderVersion(ctx, any, any.status, kopecks(any.price), any.end_date);
    return;
  }
  taken.add(open.id);
  if (kind === 'cancel') {
    writeTenderVersion(ctx, open, TENDER_STATUS.cancelled, kopecks(open.price), open.end_date);
    return;
  }
  const end = unixSeconds(open.end_date);
  const change = ctx.rng.weighted([['price', 40], ['extend', 40], ['both', 20]] as const);
  const price = change === 'extend' ? kopecks(open.price) : changedPrice(kopecks(open.price), priceChange(ctx.rng));
  const newEnd = change !== 'price' || end <= ctx.now ? Math.max(end, ctx.now) + ctx.rng.int(3, 10) * DAY : end;
  writeTenderVersion(ctx, open, TENDER_STATUS.active, price, newEnd === end ? open.end_date : mskIso(newEnd));
}

/** The next step of a contract's execution along its schedule, recorded now. */
function advanceContract(ctx: TickContext, maxContractId: number, taken: Set<number>): void {
  const start = ctx.rng.int(1, Math.max(1, maxContractId));
  ctx.executingContracts ??= new IdPicker(
    ctx.db.prepare('SELECT id FROM contracts WHERE stage = ? AND id <= ? ORDER BY id').pluck().all(CONTRACT_STAGE.executing, maxContractId) as number[],
  );
  const id = ctx.executingContracts.pick(start, taken);
  if (id === undefined) return;
  const contract = ctx.contractById.get(id) as ContractRow;
  taken.add(contract.id);
  const tender = ctx.tenderById.get(contract.tender_id) as TenderRow;
  const index = contractIndex(contract, tender);
  const sign = unixSeconds(contract.sign_date);
  const schedule = contractSchedule(ctx.seed, tender.id, index, kopecks(contract.price), sign);
  const paid = kopecks(contract.paid);
  const next = contractEvents(ctx.seed, { tender_id: tender.id, index, sign }, schedule).find(
    (e) => e.paidKopecks > paid || e.stage !== contract.stage,
  );
  if (!next) return;
  const version = contract.version + 1;
  const seq = record(ctx, 'contract', contract.id, version);
  ctx.st.contractVersion.run(contract.id, version, seq, next.stage, rubles(next.paidKopecks), ctx.nowIso);
  ctx.st.log.run(seq, 'contract', contract.id, version, ctx.nowIso);
  ctx.updateContract.run(version, next.stage, rubles(next.paidKopecks), ctx.nowIso, contract.id);
}

const statementsByDb = new WeakMap<Database.Database, CatalogueStatements>();

/**
 * Applies one tick at `nowIso` (normalised to Moscow time; it should not be before the world's time, meta
 * `world_time`, or new versions would predate old ones). Returns the log entries it appended.
 */
export function applyTick(db: Database.Database, seed: number, request: TickRequest, nowIso: string): { entries: TickEntry[] } {
  const created = Math.max(0, Math.floor(request.created));
  const updated = Math.max(0, Math.floor(request.updated));
  const now = unixSeconds(nowIso);
  let st = statementsByDb.get(db);
  if (!st) {
    st = prepareStatements(db);
    statementsByDb.set(db, st);
  }
  const statements = st;
  // What the pools read (open tenders, those past their deadline, contracts executing) without scanning the
  // tables; made on the first tick rather than in the catalogue, so catalogues already generated keep working.
  db.exec('CREATE INDEX IF NOT EXISTS tenders_status_end ON tenders(status, end_date); CREATE INDEX IF NOT EXISTS contracts_stage ON contracts(stage)');
  return db.transaction(() => {
    const tickNo = Number(metaValue(db, 'next_tick') ?? '0');
    const ctx: TickContext = {
      db,
      st: statements,
      seed,
      world: storedWorld(db, seed),
      rng: rngFor(seed, STREAM.tick, tickNo),
      now,
      nowIso: mskIso(now),
      entries: [],
      nextSeq: (db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM discovery_log').get() as { seq: number }).seq + 1,
      tenderPools: new Map(),
      tenderById: db.prepare('SELECT * FROM tenders WHERE id = ?'),
      contractById: db.prepare('SELECT * FROM contracts WHERE id = ?'),
      maxContractId: db.prepare('SELECT COALESCE(MAX(id), 0) FROM contracts').pluck(),
      updateTender: db.prepare('UPDATE tenders SET version = ?, status = ?, price = ?, end_date = ?, update_date = ? WHERE id = ?'),
      updateContract: db.prepare('UPDATE contracts SET version = ?, stage = ?, paid = ?, update_date = ? WHERE id = ?'),
    };
    const maxId = (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM tenders').get() as { id: number }).id;
    const maxContractId = (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM contracts').get() as { id: number }).id;
    for (let k = 1; k <= created; k++) createTender(ctx, maxId + k);
    const touched = new Set<number>();
    if (maxId > 0) for (let k = 0; k < updated; k++) updateTender(ctx, maxId, touched);
    const advancing = maxContractId > 0 ? ctx.rng.int(0, Math.floor(updated / 4)) : 0;
    const advanced = new Set<number>();
    for (let k = 0; k < advancing; k++) advanceContract(ctx, maxContractId, advanced);
    statements.meta.run('next_tick', String(tickNo + 1));
    const worldTime = metaValue(db, WORLD_TIME_KEY);
    if (!worldTime || unixSeconds(worldTime) < now) statements.meta.run(WORLD_TIME_KEY, ctx.nowIso);
    return { entries: ctx.entries };
  })();
}
