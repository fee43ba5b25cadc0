/**
 * profiles.*: the built-in sandbox profile and the user's live profiles. A live profile's token goes into
 * the OS keychain (TokenVault, account = profile name) and nowhere else; it never comes back out through
 * the contract (results say only `hasToken`).
 */
import type { Handlers, ProfileInfo } from '../contract/ipc';
import type { AppContext } from './context';
import { isCacheOpenFailure } from '../workspace/damagedCaches';
import { AppError, appError } from '../domain/appError';
import { builtInNameTaken, isBuiltInName } from '../workspace/sandboxProfile';

type ProfileHandlers = Pick<Handlers, 'profiles.list' | 'profiles.add' | 'profiles.remove' | 'profiles.activate' | 'profiles.setToken'>;

const builtInRefused = (name: string) =>
  appError('not_supported', `Встроенный профиль «${name}» нельзя изменить или удалить.`, `The built-in "${name}" profile cannot be changed or removed.`);

async function infoOf(ctx: AppContext, name: string): Promise<ProfileInfo> {
  const info = (await ctx.profileInfos()).find((p) => p.name === name);
  if (!info) throw appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`);
  return info;
}

export function profileHandlers(ctx: AppContext): ProfileHandlers {
  return {
    'profiles.list': () => ctx.profileInfos(),

    'profiles.add': async ({ name, baseUrl, generation, token }) => {
      if (isBuiltInName(name)) throw new AppError('conflict', builtInNameTaken(name));
      const clash = (await ctx.registry.list()).find((p) => p.name.toLowerCase() === name.toLowerCase());
      if (clash) throw appError('conflict', `Профиль «${clash.name}» уже есть.`, `A profile named "${clash.name}" already exists.`);
      // The token first: a keychain that refuses leaves nothing behind (no profile without its token).
      await ctx.vault.set(name, token);
      try {
        await ctx.registry.add({ name, baseUrl, generation });
      } catch (e) {
        await ctx.vault.remove(name).catch(() => false);
        throw e;
      }
      if (!ctx.sessionOrNull()) await ctx.activate(name);
      return infoOf(ctx, name);
    },

    'profiles.remove': async ({ name }) => {
      if (isBuiltInName(name) && ctx.sandbox) throw builtInRefused(name);
      const wasActive = ctx.sessionOrNull()?.name === name;
      if (wasActive) {
        // Another profile takes over first, so the removed one's cache is closed before it is forgotten.
        const others = (await ctx.profileInfos()).filter((p) => p.name !== name);
        await ctx.activate(others[0]?.name ?? null);
      }
      // Its cache stays on disk: it holds paid-for data, and adding the profile again finds it.
      const removed = await ctx.registry.remove(name);
      if (removed) await ctx.vault.remove(name).catch(() => false);
      return { removed };
    },

    'profiles.activate': async ({ name }) => {
      const previous = ctx.sessionOrNull()?.name ?? null;
      if (previous !== name) {
        try {
          await ctx.activate(name);
        } catch (e) {
          // A cache that cannot be opened leaves the user where they were, not with no profile.
          if (isCacheOpenFailure(e) && previous !== null) await ctx.activate(previous).catch(() => undefined);
          throw e;
        }
      }
      return infoOf(ctx, name);
    },

    'profiles.setToken': async ({ name, token }) => {
      if (isBuiltInName(name) && ctx.sandbox) throw builtInRefused(name);
      if (!(await ctx.registry.get(name))) throw appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`);
      await ctx.vault.set(name, token);
      if (ctx.sessionOrNull()?.name === name) void ctx.connectivity.probeNow();
      return infoOf(ctx, name);
    },
  };
}
