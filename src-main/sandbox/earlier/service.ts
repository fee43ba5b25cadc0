/**
 * The rules of the earlier generation (reference document 2, decisions D-E-*): licenses, read-only filters
 * with `autosearch`, "one unit per tender not received before", daily limits reset at 00:00 Moscow time,
 * favorites and the balance history. It works on the same working database, the same accounts and the same
 * simulated clock as the current generation; its own state is in the `earlier_*` tables.
 */
import type Database from 'better-sqlite3';
import type { SandboxService } from '../service/sandboxService';
import { ApiError, notFound } from '../service/errors';
import { moscowDayStartMs, moscowIso } from '../service/clock';
import { criteriaSql } from '../service/filterSet';
import type { Criteria } from '../api/schemas';
import type { OrganizationRow, TenderRow, TenderVersionRow } from '../data/rows';
import { DEMO_ACCOUNTS } from '../store/world';
import { DEMO_FILTERS, DEMO_PROTOCOLS_BALANCE, LICENSE_TERM_MS, seedFilterCreated } from './seed';
import { detail, favoriteItem, listItem, pagesOf, positionsPage, updateItem } from './render';

export type BalanceType = 'tenders' | 'contracts' | 'protocols';
export const BALANCE_TYPES: readonly BalanceType[] = ['tenders', 'contracts', 'protocols'];
const ENTITY_OF: Record<BalanceType, 'tender' | 'contract' | 'protocol'> = { tenders: 'tender', contracts: 'contract', protocols: 'protocol' };

/** Section 8: new objects per Moscow day. */
export const DAILY_LIMITS: Record<BalanceType, number> = { tenders: 1000, contracts: 100, protocols: 50 };
const DAY_MS = 86_400_000;

export type Paging = { page: number; pageSize: number };

type FilterRow = { id: number; account_id: number; name: string; description: string; created_date: string; autosearch: number; criteria: string };
type TenderWithCustomer = TenderRow & { c_name: string; c_inn: string };

export const nextMoscowMidnightMs = (ms: number): number => moscowDayStartMs(ms) + DAY_MS;

export class EarlierService {
  private readonly db: Database.Database;

  constructor(private readonly svc: SandboxService) {
    this.db = svc.db;
    this.seedOnce();
  }

  private now(): number {
    return this.svc.clock.nowMs();
  }

  // --- Seed (D-E-FLT-2, D-E-LIC-1, D-E-BAL-2) -------------------------------------------------------------

  private seedOnce(): void {
    const seeded = this.db.prepare("SELECT value FROM meta WHERE key = 'earlier_seeded'").get();
    if (seeded) return;
    const now = this.now();
    this.db.transaction(() => {
      for (const a of DEMO_ACCOUNTS) {
        if (a.isTest) continue;
        const account = this.svc.accounts.accountByLogin(a.login);
        if (!account) continue;
        this.db
          .prepare('INSERT OR IGNORE INTO earlier_accounts(account_id, balance_protocols, license_active, license_end_ms) VALUES (?, ?, 1, ?)')
          .run(account.id, DEMO_PROTOCOLS_BALANCE, now + LICENSE_TERM_MS);
        const insert = this.db.prepare(
          'INSERT INTO earlier_filters(account_id, name, description, created_date, autosearch, criteria) VALUES (?, ?, ?, ?, ?, ?)',
        );
        for (const f of DEMO_FILTERS) insert.run(account.id, f.name, f.description, seedFilterCreated(f, now), f.autosearch ? 1 : 0, JSON.stringify(f.criteria));
        const opening = { tenders: account.balance_tenders, contracts: account.balance_contracts, protocols: DEMO_PROTOCOLS_BALANCE };
        for (const type of BALANCE_TYPES) {
          if (opening[type] > 0) this.credit(account.id, type, opening[type], 'Пополнение баланса через менеджера (начальный баланс)', now);
        }
      }
      this.db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('earlier_seeded', '1')").run();
    })();
  }

  /** The account's row of this generation; an account that was never seeded gets one with an inactive license. */
  private accountRow(accountId: number): { balance_protocols: number; license_active: number; license_end_ms: number } {
    const get = (): { balance_protocols: number; license_active: number; license_end_ms: number } | undefined =>
      this.db.prepare('SELECT balance_protocols, license_active, license_end_ms FROM earlier_accounts WHERE account_id = ?').get(accountId) as
        | { balance_protocols: number; license_active: number; license_end_ms: number }
        | undefined;
    const row = get();
    if (row) return row;
    this.db.prepare('INSERT INTO earlier_accounts(account_id, balance_protocols, license_active, license_end_ms) VALUES (?, 0, 0, ?)').run(accountId, this.now());
    return get()!;
  }

  // --- License (D-E-LIC-*) --------------------------------------------------------------------------------

  license(accountId: number): { active: boolean; end_date: string } {
    const row = this.accountRow(accountId);
    return { active: row.license_active === 1 && this.now() < row.license_end_ms, end_date: moscowIso(row.license_end_ms) };
  }

  requireLicense(accountId: number): void {
    const lic = this.license(accountId);
    if (!lic.active) {
      throw new ApiError(403, 'license_expired', `The license is not active (end date ${lic.end_date}); renew it through your account manager.`, {
        error: { license: lic },
      });
    }
  }

  /** `POST /__sandbox/license`. */
  setLicense(login: string, active: boolean, endDate: string | undefined): Record<string, unknown> {
    const account = this.svc.accounts.accountByLogin(login);
    if (!account) throw notFound(`No account ${login}.`);
    if (account.is_test) throw new ApiError(400, 'validation_error', `${login} is a test account; the earlier generation serves live accounts only.`);
    const row = this.accountRow(account.id);
    const now = this.now();
    let endMs: number;
    if (endDate !== undefined) endMs = Date.parse(endDate);
    else if (active) endMs = row.license_end_ms > now ? row.license_end_ms : now + LICENSE_TERM_MS;
    else endMs = Math.min(row.license_end_ms, now);
    this.db.prepare('UPDATE earlier_accounts SET license_active = ?, license_end_ms = ? WHERE account_id = ?').run(active ? 1 : 0, endMs, account.id);
    return { login, license: this.license(account.id) };
  }

  // --- Balances (D-E-BAL-*) -------------------------------------------------------------------------------

  balances(accountId: number): Record<BalanceType, number> {
    const a = this.svc.accounts.account(accountId);
    return { tenders: a.balance_tenders, contracts: a.balance_contracts, protocols: this.accountRow(accountId).balance_protocols };
  }

  /** Balances of a live account by login, null for a test or unknown account. */
  balancesOfLogin(login: string): Record<BalanceType, number> | null {
    const account = this.svc.accounts.accountByLogin(login);
    return account && !account.is_test ? this.balances(account.id) : null;
  }

  /** Called by `POST /__sandbox/balance` after it set the balances: the change is a credit (or a manager's debit) in the history. */
  recordBalanceChange(login: string, before: Record<BalanceType, number> | null, protocols: number | undefined): Record<string, number> {
    const account = this.svc.accounts.accountByLogin(login);
    if (!account || account.is_test || !before) return {};
    if (protocols !== undefined) this.db.prepare('UPDATE earlier_accounts SET balance_protocols = ? WHERE account_id = ?').run(protocols, account.id);
    const after = this.balances(account.id);
    const now = this.now();
    for (const type of BALANCE_TYPES) {
      const delta = after[type] - before[type];
      if (delta > 0) this.credit(account.id, type, delta, 'Пополнение баланса через менеджера', now);
      if (delta < 0) this.transaction(account.id, { amount: delta, type: 'debit', balanceType: type, description: 'Списание по распоряжению менеджера', entity: null, filterId: null }, now);
    }
    return after;
  }

  private credit(accountId: number, balanceType: BalanceType, amount: number, description: string, nowMs: number): void {
    this.transaction(accountId, { amount, type: 'credit', balanceType, description, entity: null, filterId: null }, nowMs);
  }

  private transaction(
    accountId: number,
    t: { amount: number; type: 'debit' | 'credit'; balanceType: BalanceType; description: string; entity: number | null; filterId: number | null },
    nowMs: number,
  ): void {
    this.db
      .prepare(
        `INSERT INTO earlier_transactions(account_id, amount, transaction_type, description, balance_type, entity_id, entity_type, filter_id, has_entity, created_at, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        accountId,
        t.amount,
        t.type,
        t.description,
        t.balanceType,
        t.entity,
        t.entity === null ? null : ENTITY_OF[t.balanceType],
        t.filterId,
        t.entity === null ? 0 : 1,
        moscowIso(nowMs),
        nowMs,
      );
  }

  /** `limits` of `GET /balance` (2.7, D-E-LIM-1). */
  limits(accountId: number): Record<BalanceType, Record<string, unknown>> {
    const now = this.now();
    const dayStart = moscowDayStartMs(now);
    const out = {} as Record<BalanceType, Record<string, unknown>>;
    for (const type of BALANCE_TYPES) {
      const current = this.usedToday(accountId, type, now);
      const limit = DAILY_LIMITS[type];
      out[type] = {
        entity_type: ENTITY_OF[type],
        date: moscowIso(dayStart).slice(0, 10),
        current,
        limit,
        remaining: Math.max(0, limit - current),
        reset_at: moscowIso(nextMoscowMidnightMs(now)),
      };
    }
    return out;
  }

  /** Only tenders are delivered by this generation's routes; contracts and protocols stay at 0 (D-E-LIM-1). */
  private usedToday(accountId: number, type: BalanceType, nowMs: number): number {
    if (type !== 'tenders') return 0;
    return (
      this.db.prepare('SELECT count(*) AS n FROM earlier_receipts WHERE account_id = ? AND received_ms >= ?').get(accountId, moscowDayStartMs(nowMs)) as {
        n: number;
      }
    ).n;
  }

  balance(accountId: number): Record<string, unknown> {
    return {
      balance: this.balances(accountId),
      limits: this.limits(accountId),
      license: this.license(accountId),
      last_updated: moscowIso(this.now()),
    };
  }

  history(accountId: number, p: Paging): Record<string, unknown> {
    const total = (this.db.prepare('SELECT count(*) AS n FROM earlier_transactions WHERE account_id = ?').get(accountId) as { n: number }).n;
    const rows = this.db
      .prepare(
        `SELECT id, amount, transaction_type, description, balance_type, entity_id, entity_type, filter_id, has_entity, created_at
         FROM earlier_transactions WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(accountId, p.pageSize, (p.page - 1) * p.pageSize) as {
      id: number;
      amount: number;
      transaction_type: string;
      description: string;
      balance_type: string;
      entity_id: number | null;
      entity_type: string | null;
      filter_id: number | null;
      has_entity: number;
      created_at: string;
    }[];
    const transactions = rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      transaction_type: r.transaction_type,
      description: r.description,
      balance_type: r.balance_type,
      ...(r.has_entity ? { entity_id: r.entity_id, entity_type: r.entity_type, filter_id: r.filter_id } : {}),
      created_at: r.created_at,
    }));
    return { transactions, total, page: p.page, page_size: p.pageSize, pages: pagesOf(total, p.pageSize) };
  }

  // --- Charging (D-E-BILL-*) ------------------------------------------------------------------------------

  /**
   * Delivers tenders to the account: those never received before are charged one unit each, counted against
   * today's limit and recorded. All or nothing: when today's limit or the balance cannot take every new
   * tender of the answer, nothing is charged and the answer is 429 or 402. Returns the ids charged now.
   * Runs inside the caller's transaction.
   */
  private deliver(accountId: number, tenderIds: readonly number[], filterId: number | null, what: string): Set<number> {
    if (tenderIds.length === 0) return new Set();
    const seen = this.db.prepare('SELECT 1 FROM earlier_receipts WHERE account_id = ? AND tender_id = ?');
    const fresh = [...new Set(tenderIds)].filter((id) => !seen.get(accountId, id));
    if (fresh.length === 0) return new Set();
    const now = this.now();
    const used = this.usedToday(accountId, 'tenders', now);
    const limit = DAILY_LIMITS.tenders;
    if (used + fresh.length > limit) {
      const resetMs = nextMoscowMidnightMs(now);
      const remaining = Math.max(0, limit - used);
      throw new ApiError(
        429,
        'daily_limit_exceeded',
        `The daily limit of ${limit} new tenders is ${remaining === 0 ? 'exhausted' : `down to ${remaining}, and this answer has ${fresh.length} new`}; it resets at ${moscowIso(resetMs)} (00:00 Moscow time).`,
        {
          headers: { 'retry-after': String(Math.max(1, Math.ceil((resetMs - now) / 1000))) },
          error: { entity_type: 'tender', limit, current: used, remaining, required: fresh.length, reset_at: moscowIso(resetMs) },
        },
      );
    }
    const balance = this.svc.accounts.account(accountId).balance_tenders;
    if (balance < fresh.length) {
      throw new ApiError(402, 'balance_exhausted', `The tenders balance (${balance}) cannot pay for the ${fresh.length} new tenders of this answer; top it up through your account manager.`, {
        error: { balance_type: 'tenders', remaining_balance: balance, required: fresh.length },
      });
    }
    const receipt = this.db.prepare('INSERT INTO earlier_receipts(account_id, tender_id, received_ms) VALUES (?, ?, ?)');
    for (const id of fresh) {
      receipt.run(accountId, id, now);
      this.transaction(accountId, { amount: -1, type: 'debit', balanceType: 'tenders', description: `Тендер ${id}: ${what}`, entity: id, filterId }, now);
    }
    this.db.prepare('UPDATE accounts SET balance_tenders = balance_tenders - ? WHERE id = ?').run(fresh.length, accountId);
    return new Set(fresh);
  }

  /** A charged page (`GET /tenders`, `GET /favorites/updates`): the counts, what it charged, then its items. */
  private chargedPage(
    accountId: number,
    total: number,
    p: Paging,
    charged: Set<number>,
    items: () => Record<string, unknown>[],
  ): Record<string, unknown> {
    return {
      total,
      page: p.page,
      page_size: p.pageSize,
      pages: pagesOf(total, p.pageSize),
      new_tenders_count: charged.size,
      remaining_balance: this.remainingBalance(accountId),
      items: items(),
    };
  }

  private remainingBalance(accountId: number): number {
    return this.svc.accounts.account(accountId).balance_tenders;
  }

  // --- Filters (2.5, D-E-FLT-*) ---------------------------------------------------------------------------

  private filterRow(accountId: number, id: number): FilterRow {
    const row = this.db.prepare('SELECT * FROM earlier_filters WHERE id = ? AND account_id = ?').get(id, accountId) as FilterRow | undefined;
    if (!row) throw notFound(`No filter ${id} in this account.`);
    return row;
  }

  private static filterJson(r: FilterRow): Record<string, unknown> {
    return { id: r.id, name: r.name, description: r.description, created_date: r.created_date, autosearch: r.autosearch === 1 };
  }

  filters(accountId: number, p: Paging): Record<string, unknown> {
    const total = (this.db.prepare('SELECT count(*) AS n FROM earlier_filters WHERE account_id = ?').get(accountId) as { n: number }).n;
    const rows = this.db
      .prepare('SELECT * FROM earlier_filters WHERE account_id = ? ORDER BY id LIMIT ? OFFSET ?')
      .all(accountId, p.pageSize, (p.page - 1) * p.pageSize) as FilterRow[];
    return { filters: rows.map(EarlierService.filterJson), total, page: p.page, page_size: p.pageSize, pages: pagesOf(total, p.pageSize) };
  }

  filter(accountId: number, id: number): Record<string, unknown> {
    return EarlierService.filterJson(this.filterRow(accountId, id));
  }

  // --- Tenders (4: GET /tenders, /tenders/{id}, /tenders/{id}/positions) ---------------------------------

  /** `GET /tenders?filter_id=`: newest discovered first (D-E-TND-1); charges the new ones. */
  tenders(accountId: number, filterId: number, p: Paging): Record<string, unknown> {
    const filter = this.filterRow(accountId, filterId);
    const empty = { total: 0, page: p.page, page_size: p.pageSize, pages: 0, new_tenders_count: 0, remaining_balance: this.remainingBalance(accountId), items: [] };
    if (filter.autosearch !== 1) return empty;
    const m = criteriaSql(JSON.parse(filter.criteria) as Criteria, false);
    const from = m.match
      ? 'tender_fts f JOIN tenders t ON t.id = f.rowid JOIN organizations c ON c.id = t.customer_id'
      : 'tenders t JOIN organizations c ON c.id = t.customer_id';
    const where = [...(m.match ? ['tender_fts MATCH ?'] : []), ...m.where];
    const args = [...(m.match ? [m.match] : []), ...m.params];
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return this.db.transaction(() => {
      const total = (this.db.prepare(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(...args) as { n: number }).n;
      const rows = this.db
        .prepare(`SELECT t.*, c.name AS c_name, c.inn AS c_inn FROM ${from} ${whereSql} ORDER BY t.id DESC LIMIT ? OFFSET ?`)
        .all(...args, p.pageSize, (p.page - 1) * p.pageSize) as TenderWithCustomer[];
      const charged = this.deliver(accountId, rows.map((r) => r.id), filter.id, `фильтр ${filter.id} «${filter.name}»`);
      return this.chargedPage(accountId, total, p, charged, () =>
        rows.map((r) => listItem(r, { name: r.c_name, inn: r.c_inn }, charged.has(r.id), this.now())),
      );
    })();
  }

  private tenderRows(id: number): { t: TenderRow; ver: TenderVersionRow; customer: OrganizationRow } {
    const t = this.db.prepare('SELECT * FROM tenders WHERE id = ?').get(id) as TenderRow | undefined;
    if (!t) throw notFound(`No tender ${id}.`);
    const ver = this.db.prepare('SELECT * FROM tender_versions WHERE tender_id = ? AND version = ?').get(id, t.version) as TenderVersionRow;
    const customer = this.db.prepare('SELECT * FROM organizations WHERE id = ?').get(t.customer_id) as OrganizationRow;
    return { t, ver, customer };
  }

  /** `GET /tenders/{id}`: charged when the tender was not received before (D-E-BILL-3). */
  tender(accountId: number, id: number, positions: Paging): Record<string, unknown> {
    return this.db.transaction(() => {
      const { t, ver, customer } = this.tenderRows(id);
      const charged = this.deliver(accountId, [id], null, 'карточка тендера');
      return detail(this.svc.seed, t, ver, customer, charged.has(id), positions.page, positions.pageSize, this.now(), this.svc.fileOrigin);
    })();
  }

  /** `GET /tenders/{id}/positions`: part of the detail, charged by the same rule (D-E-BILL-3). */
  positions(accountId: number, id: number, p: Paging): Record<string, unknown> {
    return this.db.transaction(() => {
      const { t, ver } = this.tenderRows(id);
      this.deliver(accountId, [id], null, 'позиции тендера');
      return positionsPage(this.svc.seed, t, ver, p.page, p.pageSize);
    })();
  }

  // --- Favorites (2.6, D-E-FAV-*) -------------------------------------------------------------------------

  private tenderByEtpId(etpId: string): TenderRow {
    const t = this.db.prepare('SELECT * FROM tenders WHERE etp_id = ?').get(etpId) as TenderRow | undefined;
    if (!t) throw notFound(`No tender with platform id ${etpId}.`);
    return t;
  }

  addFavorite(accountId: number, etpId: string): Record<string, unknown> {
    const t = this.tenderByEtpId(etpId);
    const info = this.db
      .prepare('INSERT OR IGNORE INTO earlier_favorites(account_id, tender_id, favorited_at) VALUES (?, ?, ?)')
      .run(accountId, t.id, moscowIso(this.now()));
    return info.changes === 1
      ? { success: true, is_favorite: true, message: `Тендер ${etpId} добавлен в избранное.` }
      : { success: false, is_favorite: true, message: `Тендер ${etpId} уже в избранном.` };
  }

  removeFavorite(accountId: number, etpId: string): Record<string, unknown> {
    const t = this.tenderByEtpId(etpId);
    const info = this.db.prepare('DELETE FROM earlier_favorites WHERE account_id = ? AND tender_id = ?').run(accountId, t.id);
    return info.changes === 1
      ? { success: true, is_favorite: false, message: `Тендер ${etpId} удалён из избранного.` }
      : { success: false, is_favorite: false, message: `Тендера ${etpId} нет в избранном.` };
  }

  favorites(accountId: number, p: Paging): Record<string, unknown> {
    const total = (this.db.prepare('SELECT count(*) AS n FROM earlier_favorites WHERE account_id = ?').get(accountId) as { n: number }).n;
    const rows = this.db
      .prepare(
        `SELECT t.*, f.favorited_at AS favorited_at FROM earlier_favorites f JOIN tenders t ON t.id = f.tender_id
         WHERE f.account_id = ? ORDER BY f.id DESC LIMIT ? OFFSET ?`,
      )
      .all(accountId, p.pageSize, (p.page - 1) * p.pageSize) as (TenderRow & { favorited_at: string })[];
    return { tenders: rows.map((r) => favoriteItem(r, r.favorited_at, this.now())), total, page: p.page, page_size: p.pageSize, pages: pagesOf(total, p.pageSize) };
  }

  /**
   * `GET /favorites/updates`: favorites whose `update_date` is later than `favorited_at`, most recently
   * updated first. Both are Moscow-time ISO strings of one width, so they compare as text. Charged like
   * `GET /tenders` (D-E-FAV-3).
   */
  favoriteUpdates(accountId: number, p: Paging): Record<string, unknown> {
    const cond = 'f.account_id = ? AND t.update_date > f.favorited_at';
    return this.db.transaction(() => {
      const total = (
        this.db.prepare(`SELECT count(*) AS n FROM earlier_favorites f JOIN tenders t ON t.id = f.tender_id WHERE ${cond}`).get(accountId) as { n: number }
      ).n;
      const rows = this.db
        .prepare(`SELECT t.* FROM earlier_favorites f JOIN tenders t ON t.id = f.tender_id WHERE ${cond} ORDER BY t.update_date DESC, t.id DESC LIMIT ? OFFSET ?`)
        .all(accountId, p.pageSize, (p.page - 1) * p.pageSize) as TenderRow[];
      const charged = this.deliver(accountId, rows.map((r) => r.id), null, 'изменения избранного');
      return this.chargedPage(accountId, total, p, charged, () => rows.map((r) => updateItem(r, charged.has(r.id), this.now())));
    })();
  }
}

const services = new WeakMap<SandboxService, EarlierService>();

/** The earlier generation over one sandbox state; made (and seeded) on first use, anew after a reset. */
export function earlierFor(svc: SandboxService): EarlierService {
  let e = services.get(svc);
  if (!e) {
    e = new EarlierService(svc);
    services.set(svc, e);
  }
  return e;
}
