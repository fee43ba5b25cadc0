/**
 * One account, two API generations: a tender held through one generation is charged again when the
 * other delivers it (each generation bills its own deliveries). Which profiles share an account is never
 * guessed: neither reference states an account id or login a client could compare (docs/api-decisions.md,
 * D-ACC-1). The built-in profiles `sandbox` (current) and `sandbox-earlier` are one account by construction;
 * a user's earlier-generation profile is linked to a current-generation one by the user (a setting of the
 * profile, `profiles.linkAccount`, checked here), and one current profile has at most one earlier twin.
 */
import path from 'node:path';
import { chargesByBalanceType, heldTenderCount } from '../cache/otherProfileCache';
import type { AccountLink, Handlers } from '../contract/ipc';
import type { Profile } from '../profiles/profiles';
import type { AppContext, Session } from './context';
import { appError } from '../domain/appError';
import { isBuiltInName, SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE } from '../workspace/sandboxProfile';

type Twin = { name: string; generation: 'current' | 'earlier' };

/** The user's links as pairs, each naming profiles that exist (a link to a removed profile is no link). */
function linksOf(profiles: readonly Profile[]): AccountLink[] {
  const current = new Set(profiles.filter((p) => p.generation === 'current').map((p) => p.name));
  return profiles.flatMap((p) => (p.generation === 'earlier' && p.sameAccountAs !== undefined && current.has(p.sameAccountAs) ? [{ earlier: p.name, current: p.sameAccountAs }] : []));
}

/** The other generation's profile of the same account, both ways: the built-in pair, or a pair the user linked. */
export async function twinProfile(ctx: AppContext, session: Pick<Session, 'name' | 'builtIn' | 'generation'>): Promise<Twin | null> {
  if (session.builtIn) {
    if (session.name === SANDBOX_EARLIER_PROFILE) return { name: SANDBOX_PROFILE, generation: 'current' };
    if (session.name === SANDBOX_PROFILE) return { name: SANDBOX_EARLIER_PROFILE, generation: 'earlier' };
    return null;
  }
  const link = linksOf(await ctx.registry.list()).find((l) => (session.generation === 'earlier' ? l.earlier : l.current) === session.name);
  if (!link) return null;
  return session.generation === 'earlier' ? { name: link.current, generation: 'current' } : { name: link.earlier, generation: 'earlier' };
}

/**
 * Tenders the same account holds in its current-generation cache (null: no twin known). An earlier filter's
 * conditions are not shown (D-E-FLT) and nothing free names its next tenders, so which of them the account
 * holds already cannot be known before paying: this is the most that can be, not a forecast.
 */
export async function tendersHeldInCurrentGeneration(ctx: AppContext, session: Session): Promise<number | null> {
  const twin = await twinProfile(ctx, session);
  if (twin?.generation !== 'current') return null;
  return heldTenderCount(path.join(ctx.registry.dataDir(twin.name), 'cache.db'));
}

const refuse = {
  builtIn: (name: string) =>
    appError(
      'not_supported',
      `«${name}» — встроенный профиль песочницы: встроенные профили уже связаны друг с другом как один аккаунт, эта связь не меняется.`,
      `"${name}" is a built-in sandbox profile: the built-in profiles are one account with each other, and that link does not change.`,
    ),
  missing: (name: string) => appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`),
  sameGeneration: () =>
    appError(
      'invalid_input',
      'Оба профиля одного поколения API: как один аккаунт связывается профиль прежнего поколения с профилем текущего.',
      'Both profiles are of the same API generation: an earlier-generation profile is linked to a current-generation one as one account.',
    ),
  taken: (current: string, earlier: string) =>
    appError(
      'conflict',
      `Профиль «${current}» уже связан с профилем прежнего поколения «${earlier}». У аккаунта один профиль каждого поколения: сначала снимите ту связь.`,
      `The profile "${current}" is already linked to the earlier-generation profile "${earlier}". An account has one profile of each generation: remove that link first.`,
    ),
};

type LinkHandlers = Pick<Handlers, 'profiles.accountLinks' | 'profiles.linkAccount'>;

/** The user's "same account" setting of a profile: checked here, kept in the profile registry. */
export function accountLinkHandlers(ctx: AppContext): LinkHandlers {
  return {
    'profiles.accountLinks': async () => linksOf(await ctx.registry.list()),

    'profiles.linkAccount': async ({ name, sameAccountAs }) => {
      if (isBuiltInName(name)) throw refuse.builtIn(name);
      const profiles = await ctx.registry.list();
      const self = profiles.find((p) => p.name === name);
      if (!self) throw refuse.missing(name);
      if (sameAccountAs === null) {
        // Either side may drop the link; it is kept on the earlier profile.
        const earlier = self.generation === 'earlier' ? self : profiles.find((p) => p.generation === 'earlier' && p.sameAccountAs === name);
        if (earlier?.sameAccountAs !== undefined) await ctx.registry.setSameAccount(earlier.name, null);
        return linksOf(await ctx.registry.list());
      }
      if (isBuiltInName(sameAccountAs)) throw refuse.builtIn(sameAccountAs);
      const other = profiles.find((p) => p.name === sameAccountAs);
      if (!other) throw refuse.missing(sameAccountAs);
      if (other.generation === self.generation) throw refuse.sameGeneration();
      const [earlier, current] = self.generation === 'earlier' ? [self, other] : [other, self];
      const holder = linksOf(profiles).find((l) => l.current === current.name && l.earlier !== earlier.name);
      if (holder) throw refuse.taken(current.name, holder.earlier);
      await ctx.registry.setSameAccount(earlier.name, current.name);
      return linksOf(await ctx.registry.list());
    },
  };
}

export type TwinCharges = {
  profile: string | null;
  generation: 'current' | 'earlier' | null;
  /** Charges the twin's mirror holds, per balance: its ledger rows (current) or its history's debits (earlier). */
  charges: { balanceType: string; movements: number; units: number }[];
};

/**
 * What the same account spent through the other generation, as that profile's cache mirrors it (its ledger,
 * or its balance history's debits): the movements of the shared balance this profile's own ledger cannot
 * explain. As fresh as that profile's last look at the server.
 */
export async function twinCharges(ctx: AppContext, session: Session): Promise<TwinCharges> {
  const twin = await twinProfile(ctx, session);
  if (twin === null) return { profile: null, generation: null, charges: [] };
  // Not readable now (a newer schema, never opened for this generation): nothing to add.
  const charges = chargesByBalanceType(path.join(ctx.registry.dataDir(twin.name), 'cache.db'), twin.generation);
  return { ...twinOf(twin), charges: charges ?? [] };
}

const twinOf = (twin: Twin): Pick<TwinCharges, 'profile' | 'generation'> => ({ profile: twin.name, generation: twin.generation });
