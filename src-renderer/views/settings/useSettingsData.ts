/**
 * The settings view's data, one hook per section, all through the one loading primitive (state/useLoad.ts).
 * Each reloads when the profile changes (the store's epoch). A list whose first read failed shows empty
 * beside the error rather than «loading» for ever.
 */
import type { AccountLink, MethodResult, ProfileInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';

export interface ProfilesData {
  profiles: ProfileInfo[] | null;
  links: AccountLink[];
  setLinks(links: AccountLink[]): void;
  error: unknown;
  /** The error of an action on the profiles (null clears it). */
  fail(error: unknown): void;
  reload(): void;
}

/** Profiles, and after each read of them the earlier profiles' «same account» links (D-ACC-1). */
export function useProfiles(): ProfilesData {
  const epoch = useAppStore((st) => st.epoch);
  const profiles = useLoad(() => call('profiles.list', {}), `profiles-${epoch}`);
  const links = useLoad(() => call('profiles.accountLinks', {}), `account-links-${profiles.answers}`, profiles.answers > 0);
  return {
    profiles: profiles.data ?? (profiles.error != null ? [] : null),
    links: links.data ?? [],
    setLinks: links.set,
    error: profiles.error ?? links.error,
    fail: profiles.fail,
    reload: profiles.reload,
  };
}

export interface TokensData {
  tokens: MethodResult<'tokens.list'> | null;
  error: unknown;
  fail(error: unknown): void;
  reload(): void;
}

/** The account's API tokens. */
export function useTokens(): TokensData {
  const epoch = useAppStore((st) => st.epoch);
  const tokens = useLoad(() => call('tokens.list', {}), `tokens-${epoch}`);
  return { tokens: tokens.data ?? (tokens.error != null ? [] : null), error: tokens.error, fail: tokens.fail, reload: tokens.reload };
}

/** Where the cache is and what it holds. */
export function useCacheInfo(): { info: MethodResult<'cache.info'> | null; error: unknown; reload(): void } {
  const epoch = useAppStore((st) => st.epoch);
  const info = useLoad(() => call('cache.info', {}), `cache-info-${epoch}`);
  return { info: info.data, error: info.error, reload: info.reload };
}

/** The spending limits and what was spent today; a save's answer replaces them with `set`. */
export function useSpending(): Loaded<MethodResult<'spending.get'>> {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('spending.get', {}), `spending-${epoch}`);
}
