/**
 * Money of the current generation: the balance and the ledger mirrored locally (so they read offline), the
 * spending per day and per saved search, and the account's API tokens. The app's balance.*, ledger.* and
 * tokens.* and the CLI's `balance` and `ledger` are adapters over this. The audit is its own use case
 * (audit.ts).
 */
import { newIdempotencyKey } from '../api/client';
import { auditRow, localDeliveries, pullForAudit } from '../audit/auditCache';
import { explainRow } from '../audit/reconcile';
import type { CacheDb } from '../cache/database';
import { ledgerStore, type BalanceMirror, type LedgerRow } from '../cache/ledgerStore';
import { requestDeliveries } from '../cache/requestDeliveries';
import type { LedgerRowInfo, MethodResult } from '../contract/ipc';
import type { Locale } from '../i18n/text';
import { mirrorBalance, mirrorLedger } from '../sync/mirrors';
import { tryCall, type CurrentNet } from './net';
import { filterNamer } from './filterNames';
import { objectTitles } from './objectTitles';

export interface MoneyDeps {
  readonly cache: CacheDb;
  readonly net: CurrentNet;
}

const MSK_MS = 3 * 3600_000;
const moscowDay = (iso: string | null): string | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms + MSK_MS).toISOString().slice(0, 10);
};

const NO_BALANCE = { balance: { tenders: 0, contracts: 0 }, usageToday: { tenders: 0, contracts: 0 }, lastUpdated: null, fetchedAt: null };

export class MoneyUseCases {
  constructor(private readonly deps: MoneyDeps) {}

  /** The balance read from the server now (its mirror updated); a failure reaches the caller. */
  pullBalance(): Promise<BalanceMirror> {
    return this.deps.net.call((client) => mirrorBalance(client, this.deps.cache));
  }

  /** The balance, read again when asked and the server can be reached, else as last mirrored (`fromCache`). */
  async balance({ refresh }: { refresh: boolean }): Promise<MethodResult<'balance.get'>> {
    const pulled = refresh ? await tryCall(this.deps.net, (client) => mirrorBalance(client, this.deps.cache)) : null;
    if (pulled) return { balance: pulled.balance, usageToday: pulled.usageToday, lastUpdated: pulled.lastUpdated, fetchedAt: pulled.fetchedAt, fromCache: false };
    const m = ledgerStore(this.deps.cache).getBalance();
    return m ? { balance: m.balance, usageToday: m.usageToday, lastUpdated: m.lastUpdated, fetchedAt: m.fetchedAt, fromCache: true } : { ...NO_BALANCE, fromCache: true };
  }

  /** The whole ledger read from the server into its mirror; answers how many rows were new. */
  pullLedger(): Promise<number> {
    return this.deps.net.call((client) => mirrorLedger(client, this.deps.cache));
  }

  /** The newest `last` rows of the mirrored ledger, oldest first, read one at a time. */
  *lastLedgerRows(last: number): Generator<LedgerRow> {
    const ledger = ledgerStore(this.deps.cache);
    const skip = Math.max(0, ledger.count() - last);
    let i = 0;
    for (const r of ledger.rows()) if (i++ >= skip) yield r;
  }

  /**
   * A page of the ledger, newest first, each row named by its object and its search (filterNames.ts, also once
   * the saved search is deleted) and marked against what is held here: matched, charged again for the same
   * version (`repeat`), or `unexplained`.
   */
  async ledgerPage({ refresh, offset, limit, locale = 'ru' }: { refresh: boolean; offset: number; limit: number; locale?: Locale }): Promise<{ rows: LedgerRowInfo[]; count: number }> {
    const { cache } = this.deps;
    // The whole ledger, the balance first, so the audit that follows can judge from the cache (ledgerPullMark).
    if (refresh) await tryCall(this.deps.net, (client) => pullForAudit(client, cache));
    const local = localDeliveries(cache);
    const all: LedgerRow[] = [...ledgerStore(cache).rows()];
    // Times each (kind, object, version) was charged, for the repeat mark.
    const times = new Map<string, number>();
    for (const r of all) {
      const key = `${r.balanceType}:${r.objectId}:${r.version}`;
      times.set(key, (times.get(key) ?? 0) + 1);
    }
    const page = all.reverse().slice(offset, offset + limit); // newest first
    const titleOf = (kind: 'tender' | 'contract') =>
      objectTitles(cache, kind, page.filter((r) => r.balanceType === (kind === 'tender' ? 'tenders' : 'contracts')).map((r) => r.objectId));
    const titles = { tenders: titleOf('tender'), contracts: titleOf('contract') };
    const searchName = filterNamer(cache, locale);
    const rows: LedgerRowInfo[] = page.map((r) => ({
      id: r.id,
      balanceType: r.balanceType,
      amount: r.amount,
      objectId: r.objectId,
      objectTitle: titles[r.balanceType].get(r.objectId) ?? null,
      version: r.version,
      filterId: r.filterId,
      searchName: searchName(r.filterId),
      requestId: r.requestId,
      createdAt: r.createdAt,
      audit: !explainRow(auditRow(r), local)
        ? 'unexplained'
        : (times.get(`${r.balanceType}:${r.objectId}:${r.version}`) ?? 0) > 1
          ? 'repeat'
          : 'matched',
    }));
    return { rows, count: all.length };
  }

  /**
   * Units charged per Moscow day of the last `days` days, and per filter from the mirrored ledger, each filter
   * by its one name (filterNames.ts: a deleted search's and a contract set's too).
   */
  spend(days: number, locale: Locale = 'ru'): MethodResult<'ledger.spend'> {
    const { cache } = this.deps;
    const since = moscowDay(new Date(Date.now() - (days - 1) * 86_400_000).toISOString())!;
    const byDay = new Map<string, { tenders: number; contracts: number }>();
    const bySearch = new Map<string | null, number>();
    const delivered = requestDeliveries(cache);
    for (const r of ledgerStore(cache).rows()) {
      // A ledger row has no date in the reference (2.6a): then the day its delivery arrived here.
      const kind = r.balanceType === 'tenders' ? 'tender' : 'contract';
      const at = r.createdAt ?? (r.requestId ? (delivered.receivedIn(kind, r.objectId, r.requestId) ?? null) : null);
      const day = moscowDay(at);
      if (day === null || day < since) continue;
      const d = byDay.get(day) ?? { tenders: 0, contracts: 0 };
      d[r.balanceType] += r.amount;
      byDay.set(day, d);
      bySearch.set(r.filterId, (bySearch.get(r.filterId) ?? 0) + r.amount);
    }
    const searchName = filterNamer(cache, locale);
    return {
      byDay: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, d]) => ({ day, ...d })),
      bySearch: [...bySearch.entries()]
        .map(([filterId, units]) => ({ filterId, label: searchName(filterId), units }))
        .sort((a, b) => b.units - a.units),
    };
  }

  async listTokens(): Promise<MethodResult<'tokens.list'>> {
    const list = await this.deps.net.call((client) => client.listTokens());
    return list.tokens.map((t) => ({
      id: t.id,
      name: t.name,
      preview: typeof t.token_preview === 'string' ? t.token_preview : null,
      active: t.is_active !== false,
      createdAt: typeof t.created_at === 'string' ? t.created_at : null,
      lastUsedAt: typeof t.last_used_at === 'string' ? t.last_used_at : null,
    }));
  }

  /** The secret is handed to the caller once and kept nowhere (not in the cache, not in a log). */
  async createToken(name: string): Promise<MethodResult<'tokens.create'>> {
    const key = newIdempotencyKey();
    const t = await this.deps.net.call((client) => client.createToken(name, key));
    // The reference's TokenResponse names the token; a server that leaves it out made the one asked for.
    return { id: t.id, name: t.name ?? name, secret: t.token, createdAt: typeof t.created_at === 'string' ? t.created_at : null };
  }

  async revokeToken(id: number): Promise<MethodResult<'tokens.revoke'>> {
    const key = newIdempotencyKey();
    const r = await this.deps.net.call((client) => client.revokeToken(id, key));
    return { revoked: r.success !== false };
  }
}
