/**
 * The world moving on while a stored sandbox was closed. A working copy kept across restarts (the
 * app's embedded sandbox, `npm run sandbox -- --data DIR`) and reopened days later must be in the present
 * without rewriting history: a version once made (and maybe delivered and charged) never changes. So at open
 * the world lives the time since its `world_time`, at most MAX_CATCH_UP_DAYS of it:
 *
 * - tenders are found at the catalogue's own pace (DISCOVERIES_PER_DAY of its size, fewer at weekends), and
 *   planned like catalogue tenders as of now;
 * - open tenders are sometimes changed (price, deadline) or cancelled while open;
 * - an open tender whose deadline passed gets its result within days: cancelled, or completed together with
 *   its contract (the completed version and the contract are written at once, so every completed tender has
 *   its contract, as in the catalogue). Nothing stays «Работа комиссии» longer than RESULT_WITHIN_DAYS;
 * - contracts advance along their schedules (payments, execution, a rare termination).
 *
 * Every event is discovered after the world's time and at most now, and appended to the discovery log in the
 * order of discovery, so live feeds deliver it as new. Deterministic given the seed, the stored state and the
 * two times. A result and a contract's steps depend only on their object, so catching up in two steps gives
 * them the same dates as in one; found tenders come from a schedule of their own per Moscow day.
 */
import type Database from 'better-sqlite3';
import {
  DISCOVERIES_PER_DAY,
  DiscoveryWriter,
  WORLD_TIME_KEY,
  changedPrice,
  contractEvents,
  draftContracts,
  planFoundAt,
  prepareStatements,
  priceChange,
  type VersionPlan,
} from './generate';
import { contractIndex, contractSchedule } from './derive';
import { metaValue, storedWorld } from './tick';
import { rngFor, STREAM } from './rng';
import { CONTRACT_STAGE, DAY, TENDER_STATUS, kopecks, mskDayStart, mskIso, unixSeconds, type ContractRow, type TenderRow } from './rows';

const MINUTE = 60;
const HOUR = 3600;

/** A world closed longer than this lives only its last MAX_CATCH_UP_DAYS: the time before is a quiet gap. */
export const MAX_CATCH_UP_DAYS = 60;
/** The longest an open tender waits for its result after its deadline once the world has caught up. */
export const RESULT_WITHIN_DAYS = 13;

/** Chances per day of being open in the caught-up time: a change of price or deadline, a cancellation. */
const CHANGE_PER_DAY = 0.01;
const CANCEL_PER_DAY = 0.0015;
const COMPLETED_SHARE = 0.85;

/** Sub-streams of STREAM.catchUp. */
const SUB = { openLife: 1, result: 2, contractStep: 3, day: 4 } as const;

export interface CatchUpResult {
  /** The world's time before and after, ISO in Moscow time. */
  from: string;
  to: string;
  /** Tenders found, and log entries appended. */
  tenders: number;
  entries: number;
}

/** The time up to which the stored world has been lived, Unix seconds. */
export function worldTime(db: Database.Database): number {
  const stored = metaValue(db, WORLD_TIME_KEY);
  if (stored) return unixSeconds(stored);
  // A working copy made before the world kept its time: its last discovery, or its anchor.
  const last = (db.prepare('SELECT max(discovered_at) AS at FROM discovery_log').get() as { at: string | null }).at;
  const anchor = metaValue(db, 'anchor');
  return Math.max(last ? unixSeconds(last) : 0, anchor ? unixSeconds(anchor) : 0);
}

/** Records that the world has been lived up to `seconds` (never moves it back). */
export function advanceWorldTime(db: Database.Database, seconds: number): void {
  if (worldTime(db) >= seconds) return;
  db.prepare('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(WORLD_TIME_KEY, mskIso(seconds));
}

/**
 * The result of an open tender with this version and deadline: when it is decided (days after the deadline),
 * when the service finds it, whether it completed, and for a completed one when its contract is signed and
 * found. Depends on the tender alone, so every catch-up agrees on it.
 */
function resultOf(seed: number, tenderId: number, version: number, end: number) {
  const rng = rngFor(seed, STREAM.catchUp, SUB.result, tenderId, version);
  const decided = end + Math.round((rng.chance(0.7) ? rng.range(0.5, 3) : rng.range(3, 5)) * DAY);
  const found = decided + rng.int(5 * MINUTE, 6 * HOUR);
  const completed = rng.chance(COMPLETED_SHARE);
  const sign = decided + Math.round(rng.range(1, 7) * DAY);
  const contractFound = sign + rng.int(10 * MINUTE, 12 * HOUR);
  return { decided, found, completed, sign, contractFound };
}

/** Discovery times of new tenders in (from, to]: per Moscow day, ~`perDay` of them, fewer at weekends. */
function discoveryTimes(seed: number, perDay: number, from: number, to: number): number[] {
  const times: number[] = [];
  for (let day = mskDayStart(from); day < to; day += DAY) {
    const dayNumber = Math.round((day + 3 * HOUR) / DAY);
    const weekday = (dayNumber + 4) % 7; // 1970-01-01 was a Thursday; 0 is Sunday
    // Five working days at 1.25 and a weekend at 0.375 average one.
    const factor = weekday === 0 || weekday === 6 ? 0.375 : 1.25;
    const rng = rngFor(seed, STREAM.catchUp, SUB.day, dayNumber);
    const count = Math.round(perDay * factor * rng.range(0.85, 1.15));
    for (let i = 0; i < count; i++) {
      const t = day + rng.int(0, DAY - 1);
      if (t > from && t <= to) times.push(t);
    }
  }
  return times.sort((a, b) => a - b);
}

type Scheduled = { writer: DiscoveryWriter; from: number; to: number; start: number };

/** Changes, cancellations and results of the tenders open at the world's time. */
function liveOpenTenders(db: Database.Database, seed: number, world: ReturnType<typeof storedWorld>, s: Scheduled): void {
  const open = db.prepare('SELECT * FROM tenders WHERE status = ? ORDER BY id').all(TENDER_STATUS.active) as TenderRow[];
  for (const t of open) {
    let version = t.version;
    let end = unixSeconds(t.end_date);
    let price = kopecks(t.price);
    let lastUpdate = unixSeconds(t.update_date);
    let lastFound = s.from;
    const next = (plan: Omit<VersionPlan, 'discovered' | 'change'>, found: number): void => {
      s.writer.scheduleTenderVersion(found, t.id, ++version, { ...plan, change: 1, discovered: found }, true);
      lastUpdate = plan.update;
      lastFound = found;
    };

    const life = rngFor(seed, STREAM.catchUp, SUB.openLife, t.id, t.version);
    const openFrom = Math.max(s.start, lastUpdate) + 30 * MINUTE;
    const openTo = Math.min(end - HOUR, s.to - 30 * MINUTE);
    const days = (openTo - openFrom) / DAY;
    const u = life.float();
    if (days > 0 && u < days * (CANCEL_PER_DAY + CHANGE_PER_DAY)) {
      const at = life.int(openFrom, openTo);
      const found = Math.max(at + life.int(MINUTE, 3 * HOUR), s.from + 1);
      if (found <= s.to && u < days * CANCEL_PER_DAY) {
        next({ status: TENDER_STATUS.cancelled, priceKopecks: price, end, update: at }, found);
        continue;
      }
      if (found <= s.to) {
        const kind = life.weighted([['price', 40], ['extend', 40], ['both', 20]] as const);
        if (kind !== 'extend') price = changedPrice(price, priceChange(life));
        if (kind !== 'price') end += life.int(3, 10) * DAY;
        next({ status: TENDER_STATUS.active, priceKopecks: price, end, update: at }, found);
      }
    }

    if (end >= s.to) continue;
    const result = resultOf(seed, t.id, version, end);
    const decided = Math.max(result.decided, lastUpdate + MINUTE);
    const found = Math.max(result.found, lastFound + 1);
    if (!result.completed) {
      if (found <= s.to) next({ status: TENDER_STATUS.cancelled, priceKopecks: price, end, update: decided }, found);
      continue;
    }
    // A completed tender comes with its contract: both are written once the contract is found.
    const sign = Math.max(result.sign, decided);
    const contractFound = Math.max(result.contractFound, found + 1);
    if (contractFound > s.to) continue;
    next({ status: TENDER_STATUS.completed, priceKopecks: price, end, update: decided }, found);
    draftContracts(world, t, price, sign).forEach((d, i) => s.writer.scheduleContract(contractFound + i, d));
  }
}

/** The next steps of contracts being executed: each paid stage, the end of execution, a termination. */
function liveContracts(db: Database.Database, seed: number, s: Scheduled): void {
  const executing = db.prepare('SELECT * FROM contracts WHERE stage = ? ORDER BY id').all(CONTRACT_STAGE.executing) as ContractRow[];
  const tenderById = db.prepare('SELECT * FROM tenders WHERE id = ?');
  for (const c of executing) {
    const tender = tenderById.get(c.tender_id) as TenderRow;
    const index = contractIndex(c, tender);
    const sign = unixSeconds(c.sign_date);
    const events = contractEvents(seed, { tender_id: tender.id, index, sign }, contractSchedule(seed, tender.id, index, kopecks(c.price), sign));
    const rng = rngFor(seed, STREAM.catchUp, SUB.contractStep, c.id, c.version);
    let [paid, stage, version, lastUpdate, lastFound] = [kopecks(c.paid), c.stage, c.version, unixSeconds(c.update_date), s.from];
    for (const e of events) {
      if (stage !== CONTRACT_STAGE.executing) break;
      // Steps the contract has already taken (its paid sum includes them) are behind it.
      if (!(e.paidKopecks > paid || (e.stage !== stage && e.paidKopecks >= paid))) continue;
      const found = Math.max(e.at + rng.int(10 * MINUTE, DAY), lastFound + 1);
      if (found > s.to) break;
      const update = Math.max(e.at, lastUpdate);
      s.writer.scheduleContractVersion(found, c.id, ++version, { stage: e.stage, paidKopecks: e.paidKopecks, update }, true);
      [paid, stage, lastUpdate, lastFound] = [e.paidKopecks, e.stage, update, found];
    }
  }
}

/**
 * Lives the stored world from its time up to `nowSeconds` (see the module comment) in one transaction, and
 * records `nowSeconds` as its time. Nothing happens when the world is already there.
 */
export function catchUpWorld(db: Database.Database, seed: number, nowSeconds: number): CatchUpResult {
  const from = worldTime(db);
  const to = Math.floor(nowSeconds);
  const empty = { from: mskIso(from), to: mskIso(Math.max(from, to)), tenders: 0, entries: 0 };
  if (to <= from) return empty;
  const start = Math.max(from, to - MAX_CATCH_UP_DAYS * DAY);
  db.exec('CREATE INDEX IF NOT EXISTS tenders_status_end ON tenders(status, end_date); CREATE INDEX IF NOT EXISTS contracts_stage ON contracts(stage)');
  return db.transaction((): CatchUpResult => {
    const head = (db.prepare('SELECT coalesce(max(seq), 0) AS n FROM discovery_log').get() as { n: number }).n;
    const lastContract = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM contracts').get() as { n: number }).n;
    let lastTender = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM tenders').get() as { n: number }).n;
    const world = storedWorld(db, seed);
    const writer = new DiscoveryWriter(db, prepareStatements(db), world, to, head, lastContract);
    const s: Scheduled = { writer, from, to, start };
    liveOpenTenders(db, seed, world, s);
    liveContracts(db, seed, s);
    const size = Number(metaValue(db, 'tenders'));
    const found = discoveryTimes(seed, size * DISCOVERIES_PER_DAY, start, to - 2 * MINUTE);
    for (const at of found) {
      const id = ++lastTender;
      writer.writeTender(id, planFoundAt(rngFor(seed, STREAM.history, id), at, to));
    }
    writer.flush();
    db.prepare('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(WORLD_TIME_KEY, mskIso(to));
    const entries = (db.prepare('SELECT coalesce(max(seq), 0) AS n FROM discovery_log').get() as { n: number }).n - head;
    return { from: mskIso(from), to: mskIso(to), tenders: found.length, entries };
  })();
}
