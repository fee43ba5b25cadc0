/**
 * «Тот же аккаунт»: a user's earlier-generation profile is linked to the current-generation profile of the
 * same account (D-ACC-1: neither API names an account, so the user says it). With the link, an earlier
 * filter's load warns how many of its tenders may be charged again, and the balance views show what the
 * other generation spent. The core checks the pair (profiles.linkAccount) and refuses a wrong one in words.
 */
import { useState } from 'react';
import type { AccountLink, ProfileInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings, type Strings } from '../../i18n/i18n';

const strings: Strings<{ label: string; none: string; hint: string; saved: string }> = {
  ru: {
    label: 'Тот же аккаунт, что и',
    none: '— не связан —',
    hint: 'Выберите профиль текущего поколения того же аккаунта: тогда перед загрузкой фильтра приложение предупредит о повторной оплате, а баланс покажет расходы обоих поколений.',
    saved: 'Связь сохранена.',
  },
  en: {
    label: 'Same account as',
    none: '— not linked —',
    hint: "Choose the current-generation profile of the same account: a filter's load then warns about paying again, and the balance shows both generations' spending.",
    saved: 'The link is saved.',
  },
};

export function AccountLinkControl({ profile, profiles, links, onChanged }: { profile: ProfileInfo; profiles: ProfileInfo[]; links: AccountLink[]; onChanged(links: AccountLink[]): void }) {
  const s = useStrings(strings);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const linked = links.find((l) => l.earlier === profile.name)?.current ?? '';
  const candidates = profiles.filter((p) => p.generation === 'current' && !p.builtIn);
  const id = `account-link-${profile.name}`;
  const change = (value: string): void => {
    setBusy(true);
    setError(null);
    setSaved(false);
    call('profiles.linkAccount', { name: profile.name, sameAccountAs: value === '' ? null : value }).then(
      (next) => {
        setBusy(false);
        setSaved(true);
        onChanged(next);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e);
      },
    );
  };
  return (
    <div className="settings__inline" data-testid="account-link" data-profile={profile.name} data-linked={linked}>
      <label htmlFor={id} className="field__label" title={s.hint}>
        {s.label}
      </label>{' '}
      <select id={id} value={linked} disabled={busy} onChange={(e) => change(e.target.value)} data-testid={`account-link-${profile.name}`}>
        <option value="">{s.none}</option>
        {candidates.map((p) => (
          <option key={p.name} value={p.name}>
            {p.name}
          </option>
        ))}
      </select>
      {saved && <span role="status"> {s.saved}</span>}
      <ErrorNotice error={error} testId="account-link-error" />
    </div>
  );
}
