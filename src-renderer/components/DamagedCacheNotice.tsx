/**
 * The notice of a damaged cache: which profile's file, where it was moved (the core's sentence,
 * naming both), and the offer to rebuild it. A rebuild makes a new cache with what the old file still gives
 * (saved searches, lists, pending edits), opens the profile and reads its saved searches again from the server
 * (versions already paid for come free), each run under the same spend rules as any other.
 */
import { useEffect, useState } from 'react';
import { call, subscribe } from '../bridge/client';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { useLoad } from '../state/useLoad';
import type { MethodResult } from '../../src-main/contract/ipc';
import { errorMessage } from './ErrorNotice';

type Notice = MethodResult<'cache.damaged'>[number];
type Rebuilt = MethodResult<'cache.rebuild'>;

const strings: Strings<{
  title: (profile: string) => string;
  rebuild: string;
  rebuilding: string;
  dismiss: string;
  rebuilt: (profile: string, searches: number, lists: number, edits: number) => string;
  rereading: (n: number) => string;
  notStarted: (names: string) => string;
}> = {
  ru: {
    title: (profile) => `Кэш профиля «${profile}» повреждён`,
    rebuild: 'Собрать кэш заново',
    rebuilding: 'Собираю…',
    dismiss: 'Скрыть',
    rebuilt: (profile, searches, lists, edits) =>
      `Кэш профиля «${profile}» создан заново. Из старого файла восстановлено: сохранённых поисков — ${searches}, списков — ${lists}, неотправленных изменений — ${edits}.`,
    rereading: (n) => `Сохранённые поиски загружаются заново (${n}): уже оплаченные версии приходят повторно без оплаты, новые — по обычным правилам расходов.`,
    notStarted: (names) => `Не запущены (нужно подтверждение расходов, нет сети или токена) — запустите их сами: ${names}.`,
  },
  en: {
    title: (profile) => `The cache of the profile “${profile}” is damaged`,
    rebuild: 'Rebuild the cache',
    rebuilding: 'Rebuilding…',
    dismiss: 'Dismiss',
    rebuilt: (profile, searches, lists, edits) =>
      `The cache of the profile “${profile}” was made anew. Recovered from the old file: ${searches} saved searches, ${lists} lists, ${edits} pending edits.`,
    rereading: (n) => `The saved searches are being read again (${n}): versions already paid for come at no charge, new ones under the usual spending rules.`,
    notStarted: (names) => `Not started (spending needs consent, or no network or token) — sync them yourself: ${names}.`,
  },
};

export function DamagedCacheNotice() {
  const s = useStrings(strings);
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<Rebuilt | null>(null);
  // The core words the notices in the current language: read again when it changes. A failed read keeps the
  // notices shown (the error is not this notice's to show).
  const damaged = useLoad(() => call('cache.damaged', {}), `cache-damaged-${locale}`);
  const notices: Notice[] = damaged.data ?? [];
  const load = damaged.reload;

  // A damage found during a call switches the profile: the notice follows.
  useEffect(() => subscribe('profiles.changed', load), [load]);

  const rebuild = async (profile: string): Promise<void> => {
    setBusy(profile);
    setError(null);
    try {
      setDone(await call('cache.rebuild', { name: profile }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
      load();
    }
  };

  return (
    <>
      {notices.map((n) => (
        <div key={n.profile} className="banner banner--offline" role="alert" data-testid="damaged-cache-banner" data-profile={n.profile}>
          <div>
            <strong>{s.title(n.profile)}</strong>
            <div data-testid="damaged-cache-message">{n.message}</div>
            {error !== null && busy === null && <div data-testid="damaged-cache-error">{errorMessage(error)}</div>}
          </div>
          {n.rebuildable && (
            <button type="button" className="btn" data-testid="damaged-cache-rebuild" disabled={busy !== null} onClick={() => void rebuild(n.profile)}>
              {busy === n.profile ? s.rebuilding : s.rebuild}
            </button>
          )}
        </div>
      ))}
      {done && (
        <div className="banner banner--progress" role="status" data-testid="damaged-cache-rebuilt">
          <span>
            {s.rebuilt(done.profile.name, done.recovered.savedSearches, done.recovered.lists, done.recovered.pendingEdits)}
            {done.jobs.length > 0 && ` ${s.rereading(done.jobs.length)}`}
            {done.notStarted.length > 0 && ` ${s.notStarted(done.notStarted.join(', '))}`}
          </span>
          <button type="button" className="btn--link" onClick={() => setDone(null)}>
            {s.dismiss}
          </button>
        </div>
      )}
    </>
  );
}
