/**
 * balance.*, ledger.* and tokens.*: what was paid, mirrored locally (so it reads offline) and reconciled
 * with the versions held: every charge must be one delivered version, none charged twice.
 */
import { newIdempotencyKey } from '../api/client';
import { reconcile, type LedgerRow as AuditRow } from '../audit/reconcile';
import { ledgerStore, type LedgerRow } from '../cache/ledgerStore';
import { searchStore } from '../cache/searchStore';
import { versionStore } from '../cache/versionStore';
import type { Handlers, LedgerRowInfo } from '../contract/ipc';
import { mirrorBalance, mirrorLedger } from '../sync/mirrors';
import { isNetworkFailure } from './connectivity';
import type { AppContext, Session } from './context';

type MoneyHandlers = Pick<Handlers, 'balance.get' | 'ledger.list' | 'ledger.audit' | 'ledger.spend' | 'tokens.list' | 'tokens.create' | 'tokens.revoke'>;

const kindOf = (t: string): 'tender' | 'contract' => (t === 'contracts' ? 'contract' : 'tender');
const MSK_MS = 3 * 3600_000;
const moscowDay = (iso: string | null): string | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms + MSK_MS).toISOString().slice(0, 10);
};

/** Pulls the ledger when the network allows; a network failure leaves the mirror as it is. */
async function refreshLedger(ctx: AppContext, session: Session): Promise<void> {
  if (!ctx.online || session.generation !== 'current') return;
  try {
    await ctx.net((client) => mirrorLedger(client, session.cache));
  } catch (e) {
    if (!isNetworkFailure(e)) throw e;
  }
}

function auditRows(session: Session): AuditRow[] {
  return [...ledgerStore(session.cache).rows()].map((r) => ({
    id: r.id,
    balance_type: r.balanceType,
    amount: r.amount,
    object_id: r.objectId,
    version: r.version,
    filter_id: r.filterId,
    request_id: r.requestId ?? '',
  }));
}

export function moneyHandlers(ctx: AppContext): MoneyHandlers {
  return {
    'balance.get': async ({ refresh }) => {
      const session = ctx.session();
      if (refresh && ctx.online && session.generation === 'current') {
        try {
          const b = await ctx.net((client) => mirrorBalance(client, session.cache));
          return { balance: b.balance, usageToday: b.usageToday, lastUpdated: b.lastUpdated, fetchedAt: b.fetchedAt, fromCache: false };
        } catch (e) {
          if (!isNetworkFailure(e)) throw e;
        }
      }
      const m = ledgerStore(session.cache).getBalance();
      return m
        ? { balance: m.balance, usageToday: m.usageToday, lastUpdated: m.lastUpdated, fetchedAt: m.fetchedAt, fromCache: true }
        : { balance: { tenders: 0, contracts: 0 }, usageToday: { tenders: 0, contracts: 0 }, lastUpdated: null, fetchedAt: null, fromCache: true };
    },

    'ledger.list': async ({ refresh, offset, limit }) => {
      const session = ctx.session();
      if (refresh) await refreshLedger(ctx, session);
      const ledger = ledgerStore(session.cache);
      const versions = versionStore(session.cache);
      const all: LedgerRow[] = [...ledger.rows()];
      // Times each (kind, object, version) was charged, for the repeat mark.
      const times = new Map<string, number>();
      for (const r of all) {
        const key = `${r.balanceType}:${r.objectId}:${r.version}`;
        times.set(key, (times.get(key) ?? 0) + 1);
      }
      const page = all.reverse().slice(offset, offset + limit); // newest first
      const rows: LedgerRowInfo[] = page.map((r) => ({
        id: r.id,
        balanceType: r.balanceType,
        amount: r.amount,
        objectId: r.objectId,
        version: r.version,
        filterId: r.filterId,
        requestId: r.requestId,
        createdAt: r.createdAt,
        audit: !versions.has(kindOf(r.balanceType), r.objectId, r.version)
          ? 'unexplained'
          : (times.get(`${r.balanceType}:${r.objectId}:${r.version}`) ?? 0) > 1
            ? 'repeat'
            : 'matched',
      }));
      return { rows, count: all.length };
    },

    'ledger.audit': async () => {
      const session = ctx.session();
      await refreshLedger(ctx, session);
      const versions = versionStore(session.cache);
      const v = reconcile(auditRows(session), (kind, id, version) => versions.has(kind, id, version));
      return {
        rows: v.rows,
        matched: v.matched,
        repeatCharges: v.repeatCharges.map((r) => ({ kind: r.kind, id: r.id, version: r.version, times: r.ledgerIds.length })),
        unexplained: v.unexplained.map((r) => r.id),
        ok: v.ok,
        checkedAt: new Date().toISOString(),
      };
    },

    'ledger.spend': async ({ days }) => {
      const session = ctx.session();
      const since = moscowDay(new Date(Date.now() - (days - 1) * 86_400_000).toISOString())!;
      const byDay = new Map<string, { tenders: number; contracts: number }>();
      const bySearch = new Map<string | null, number>();
      for (const r of ledgerStore(session.cache).rows()) {
        const day = moscowDay(r.createdAt);
        if (day === null || day < since) continue;
        const d = byDay.get(day) ?? { tenders: 0, contracts: 0 };
        d[r.balanceType] += r.amount;
        byDay.set(day, d);
        bySearch.set(r.filterId, (bySearch.get(r.filterId) ?? 0) + r.amount);
      }
      const searches = searchStore(session.cache);
      return {
        byDay: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, d]) => ({ day, ...d })),
        bySearch: [...bySearch.entries()]
          .map(([filterId, units]) => ({ filterId, label: filterId ? (searches.get(filterId)?.label ?? null) : null, units }))
          .sort((a, b) => b.units - a.units),
      };
    },

    'tokens.list': async () => {
      const list = await ctx.net((client) => client.listTokens());
      return list.tokens.map((t) => ({
        id: t.id,
        name: t.name,
        preview: typeof t.token_preview === 'string' ? t.token_preview : null,
        active: t.is_active !== false,
        createdAt: typeof t.created_at === 'string' ? t.created_at : null,
        lastUsedAt: typeof t.last_used_at === 'string' ? t.last_used_at : null,
      }));
    },

    // The secret is handed to the renderer once and kept nowhere (not in the cache, not in a log).
    'tokens.create': async ({ name }) => {
      const key = newIdempotencyKey();
      const t = await ctx.net((client) => client.createToken(name, key));
      return { id: t.id, name: t.name, secret: t.token, createdAt: typeof t.created_at === 'string' ? t.created_at : null };
    },

    'tokens.revoke': async ({ id }) => {
      const key = newIdempotencyKey();
      const r = await ctx.net((client) => client.revokeToken(id, key));
      return { revoked: r.success !== false };
    },
  };
}
