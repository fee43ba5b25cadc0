/**
 * spending.*, balance.*, ledger.* and tokens.*: thin over the session's workbench (current/money.ts and
 * current/audit.ts, the same use cases as `tenderwb balance`, `ledger` and `audit`); the money settings are
 * the app's, and the same account's charges through the other generation come from sameAccount.ts.
 */
import type { Handlers } from '../contract/ipc';
import { auditVerdictInfo } from '../current/audit';
import type { AppContext } from './context';
import { moscowDayOf, spentToday } from '../current/spendGuard';
import { twinCharges } from './sameAccount';

type MoneyHandlers = Pick<Handlers, 'spending.get' | 'spending.set' | 'balance.twin' | 'balance.get' | 'ledger.list' | 'ledger.audit' | 'ledger.spend' | 'tokens.list' | 'tokens.create' | 'tokens.revoke'>;

export function moneyHandlers(ctx: AppContext): MoneyHandlers {
  /** The money settings with today's spending of the active profile (none without a profile). */
  const spendingState = () => {
    const session = ctx.sessionOrNull();
    return { ...ctx.settings.value.spending, spentToday: session ? spentToday(session.cache) : 0, day: moscowDayOf(Date.now()) };
  };
  /** The money use cases of the active profile's workbench (current/money.ts). */
  const money = () => ctx.workbench().money;
  return {
    'spending.get': async () => spendingState(),

    'balance.twin': async () => twinCharges(ctx, ctx.session()),

    'spending.set': async (spending) => {
      await ctx.settings.update({ spending });
      return spendingState();
    },

    'balance.get': async ({ refresh }) => money().balance({ refresh }),

    'ledger.list': async ({ refresh, offset, limit }) => money().ledgerPage({ refresh, offset, limit, locale: ctx.locale }),

    'ledger.audit': async () => {
      // A bounded pull: a long ledger is left to the ledger view's refresh, the audit answers from the cache.
      return auditVerdictInfo(await ctx.workbench().audit('bounded'));
    },

    'ledger.spend': async ({ days }) => money().spend(days, ctx.locale),

    'tokens.list': async () => money().listTokens(),

    'tokens.create': async ({ name }) => money().createToken(name),

    'tokens.revoke': async ({ id }) => money().revokeToken(id),
  };
}
