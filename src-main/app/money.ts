/**
 * balance.*, ledger.* and tokens.*: what was paid, mirrored locally (so it reads offline) and reconciled
 * (audit/auditCache.ts, the same use case as `tenderwb audit`): every charge must be one delivered version,
 * none charged twice, and every charge a response told of must be in the ledger.
 */
import { newIdempotencyKey, type ApiClient } from '../api/client';
import { AUDIT_PULL_PAGES, auditCache, auditRow, localDeliveries, pullForAudit } from '../audit/auditCache';
import { explainRow } from '../audit/reconcile';
import { requestDeliveries } from '../cache/requestDeliveries';
import { ledgerStore, type LedgerRow } from '../cache/ledgerStore';
import { searchStore } from '../cache/searchStore';
import type { Handlers, LedgerRowInfo } from '../contract/ipc';
import { mirrorBalance } from '../sync/mirrors';
import { isNetworkFailure } from './connectivity';
import type { AppContext, Session } from './context';
import { moscowDayOf, spentToday } from './spendGuard';
import { twinCharges } from './sameAccount';
import { objectTitles } from './objectTitles';

type MoneyHandlers = Pick<Handlers, 'spending.get' | 'spending.set' | 'balance.twin' | 'balance.get' | 'ledger.list' | 'ledger.audit' | 'ledger.spend' | 'tokens.list' | 'tokens.create' | 'tokens.revoke'>;

const MSK_MS = 3 * 3600_000;
const moscowDay = (iso: string | null): string | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms + MSK_MS).toISOString().slice(0, 10);
};

/**
 * Runs `pull` when the network allows and answers its result; null when offline, for an earlier-generation
 * profile, or when the server cannot be reached (the mirrors then stay as they are).
 */
async function pullIfOnline<T>(ctx: AppContext, session: Session, pull: (client: ApiClient) => Promise<T>): Promise<T | null> {
  if (!ctx.online || session.generation !== 'current') return null;
  try {
    return await ctx.net(pull);
  } catch (e) {
    if (!isNetworkFailure(e)) throw e;
    return null;
  }
}

export function moneyHandlers(ctx: AppContext): MoneyHandlers {
  /** The money settings with today's spending of the active profile (none without a profile). */
  const spendingState = () => {
    const session = ctx.sessionOrNull();
    return { ...ctx.settings.value.spending, spentToday: session ? spentToday(session.cache) : 0, day: moscowDayOf(Date.now()) };
  };
  return {
    'spending.get': async () => spendingState(),

    'balance.twin': async () => twinCharges(ctx, ctx.session()),

    'spending.set': async (spending) => {
      await ctx.settings.update({ spending });
      return spendingState();
    },

    'balance.get': async ({ refresh }) => {
      const session = ctx.session();
      const b = refresh ? await pullIfOnline(ctx, session, (client) => mirrorBalance(client, session.cache)) : null;
      if (b) return { balance: b.balance, usageToday: b.usageToday, lastUpdated: b.lastUpdated, fetchedAt: b.fetchedAt, fromCache: false };
      const m = ledgerStore(session.cache).getBalance();
      return m
        ? { balance: m.balance, usageToday: m.usageToday, lastUpdated: m.lastUpdated, fetchedAt: m.fetchedAt, fromCache: true }
        : { balance: { tenders: 0, contracts: 0 }, usageToday: { tenders: 0, contracts: 0 }, lastUpdated: null, fetchedAt: null, fromCache: true };
    },

    'ledger.list': async ({ refresh, offset, limit }) => {
      const session = ctx.session();
      // The whole ledger, the balance first, so the audit that follows can judge from the cache (ledgerPullMark).
      if (refresh) await pullIfOnline(ctx, session, (client) => pullForAudit(client, session.cache));
      const ledger = ledgerStore(session.cache);
      const local = localDeliveries(session.cache);
      const all: LedgerRow[] = [...ledger.rows()];
      // Times each (kind, object, version) was charged, for the repeat mark.
      const times = new Map<string, number>();
      for (const r of all) {
        const key = `${r.balanceType}:${r.objectId}:${r.version}`;
        times.set(key, (times.get(key) ?? 0) + 1);
      }
      const page = all.reverse().slice(offset, offset + limit); // newest first
      const titleOf = (kind: 'tender' | 'contract') =>
        objectTitles(session.cache, kind, page.filter((r) => r.balanceType === (kind === 'tender' ? 'tenders' : 'contracts')).map((r) => r.objectId));
      const titles = { tenders: titleOf('tender'), contracts: titleOf('contract') };
      const rows: LedgerRowInfo[] = page.map((r) => ({
        id: r.id,
        balanceType: r.balanceType,
        amount: r.amount,
        objectId: r.objectId,
        objectTitle: titles[r.balanceType].get(r.objectId) ?? null,
        version: r.version,
        filterId: r.filterId,
        requestId: r.requestId,
        createdAt: r.createdAt,
        audit: !explainRow(auditRow(r), local)
          ? 'unexplained'
          : (times.get(`${r.balanceType}:${r.objectId}:${r.version}`) ?? 0) > 1
            ? 'repeat'
            : 'matched',
      }));
      return { rows, count: all.length };
    },

    'ledger.audit': async () => {
      const session = ctx.session();
      // A bounded pull: a long ledger is left to the ledger view's refresh, the audit answers from the cache.
      const v = await auditCache(session.cache, () => pullIfOnline(ctx, session, (client) => pullForAudit(client, session.cache, undefined, AUDIT_PULL_PAGES)));
      return {
        rows: v.rows,
        matched: v.matched,
        repeatCharges: v.repeatCharges.map((r) => ({ kind: r.kind, id: r.id, version: r.version, times: r.ledgerIds.length })),
        unexplained: v.unexplained.map((r) => r.id),
        ok: v.ok,
        checkedAt: new Date().toISOString(),
        matchedByRequest: v.matchedByRequest,
        notUnderstood: v.notUnderstood.map((q) => ({ quarantineId: q.quarantineId, route: q.route, reason: q.reason, receivedAt: q.receivedAt, ledgerIds: q.ledgerIds })),
        missingByRequest: v.missingByRequest.map((m) => ({ requestId: m.requestId, balanceType: m.balanceType, said: m.said, inLedger: m.inLedger })),
        missingByBalance: v.missingByBalance,
        overLedger: v.overLedger,
        seen: v.seen,
        ledgerPulled: v.ledgerPulled,
        vacuous: v.vacuous,
      };
    },

    'ledger.spend': async ({ days }) => {
      const session = ctx.session();
      const since = moscowDay(new Date(Date.now() - (days - 1) * 86_400_000).toISOString())!;
      const byDay = new Map<string, { tenders: number; contracts: number }>();
      const bySearch = new Map<string | null, number>();
      const delivered = requestDeliveries(session.cache);
      for (const r of ledgerStore(session.cache).rows()) {
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
      // The reference's TokenResponse names the token; a server that leaves it out made the one asked for.
      return { id: t.id, name: t.name ?? name, secret: t.token, createdAt: typeof t.created_at === 'string' ? t.created_at : null };
    },

    'tokens.revoke': async ({ id }) => {
      const key = newIdempotencyKey();
      const r = await ctx.net((client) => client.revokeToken(id, key));
      return { revoked: r.success !== false };
    },
  };
}
