/**
 * Settings: profiles (the built-in sandbox and live API accounts; a token goes into the OS keychain and is
 * never shown again), with the add form and a profile's token replacement. Its data: useProfiles.
 */
import { useRef, useState } from 'react';
import type { ProfileInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLocale } from '../../i18n/i18n';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { profileFormProblems, type ProfileDraft } from './settingsLogic';
import { AccountLinkControl } from './AccountLink';
import type { S } from './settingsStrings';
import { useProfiles } from './useSettingsData';

function ReplaceToken({ profile, s, onDone }: { profile: ProfileInfo; s: S; onDone(p: ProfileInfo): void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [ok, setOk] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  if (!open) {
    return (
      <>
        <button type="button" onClick={() => setOpen(true)} data-testid={`replace-token-${profile.name}`}>
          {s.replaceToken}
        </button>
        {ok && <span role="status">{s.tokenSaved}</span>}
      </>
    );
  }
  return (
    <form
      className="settings__inline"
      onSubmit={(e) => {
        e.preventDefault();
        const input = ref.current;
        if (!input) return;
        const token = input.value;
        setBusy(true);
        setError(null);
        call('profiles.setToken', { name: profile.name, token }).then(
          (p) => {
            // Kept after a failure, like the add form's token: only a stored token leaves the field.
            if (ref.current) ref.current.value = '';
            setBusy(false);
            setOpen(false);
            setOk(true);
            onDone(p);
          },
          (err: unknown) => {
            setBusy(false);
            setError(err);
          },
        );
      }}
    >
      <input ref={ref} type="password" autoComplete="off" aria-label={`${s.newToken}: ${profile.name}`} placeholder={s.newToken} minLength={8} required />
      <button type="submit" className="btn--primary" disabled={busy}>
        {s.saveToken}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        {s.cancel}
      </button>
      <ErrorNotice error={error} testId="replace-token-error" />
    </form>
  );
}

export function ProfilesSection({ s }: { s: S }) {
  const patch = useAppStore((st) => st.patch);
  const bumpEpoch = useAppStore((st) => st.bumpEpoch);
  const locale = useLocale();
  const { profiles, links, setLinks, error, fail: setError, reload: load } = useProfiles();
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProfileInfo | null>(null);
  const [draft, setDraft] = useState<ProfileDraft>({ name: '', baseUrl: '', generation: 'current' });
  const [addError, setAddError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<'name' | 'baseUrl' | 'token', string>>>({});
  const tokenRef = useRef<HTMLInputElement>(null);

  const activate = (name: string) => {
    setBusy(name);
    setError(null);
    call('profiles.activate', { name }).then(
      (p) => {
        setBusy(null);
        patch({ activeProfile: p });
        bumpEpoch();
        load();
      },
      (e: unknown) => {
        setBusy(null);
        setError(e);
      },
    );
  };

  return (
    <section className="settings__section" aria-labelledby="settings-profiles" data-testid="settings-profiles">
      <h2 id="settings-profiles">{s.profiles}</h2>
      <p className="muted">{s.profilesHint}</p>
      <ErrorNotice error={error} testId="profiles-error" />
      {profiles === null ? (
        <p className="muted">{s.loading}</p>
      ) : (
        <table className="settings__table">
          <thead>
            <tr>
              <th>{s.name}</th>
              <th>{s.baseUrl}</th>
              <th>{s.status}</th>
              <th>{s.actions}</th>
            </tr>
          </thead>
          <tbody>
            {profiles.map((p) => (
              <tr key={p.name} data-testid="profile-row" data-name={p.name} data-active={p.active}>
                <td>
                  <strong>{p.name}</strong>
                  {p.builtIn && <span className="muted"> · {s.builtIn}</span>}
                </td>
                <td className="settings__mono">
                  {p.baseUrl} <span className="muted">({p.generation === 'current' ? s.current : s.earlier})</span>
                </td>
                <td>
                  {p.active && <span className="badge badge--live">{s.active}</span>} {!p.builtIn && <span className="muted">{p.hasToken ? s.hasToken : s.noToken}</span>}
                  {!p.builtIn && p.generation === 'earlier' && <AccountLinkControl profile={p} profiles={profiles} links={links} onChanged={setLinks} />}
                </td>
                <td className="settings__actions">
                  {!p.active && (
                    <button type="button" className="btn--primary" disabled={busy !== null} onClick={() => activate(p.name)} data-testid={`activate-${p.name}`}>
                      {s.activate}
                    </button>
                  )}
                  {!p.builtIn && <ReplaceToken profile={p} s={s} onDone={() => load()} />}
                  {!p.builtIn && !p.active && (
                    <button type="button" className="btn--danger-link" onClick={() => setRemoving(p)} data-testid={`remove-${p.name}`}>
                      {s.remove}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <form
        className="settings__add"
        data-testid="add-profile"
        aria-label={s.addProfile}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = tokenRef.current;
          const token = input?.value ?? '';
          const found = profileFormProblems({ ...draft, token }, locale);
          setProblems(found);
          setAdded(null);
          if (Object.keys(found).length) return;
          setBusy('add');
          setAddError(null);
          call('profiles.add', { name: draft.name.trim(), baseUrl: draft.baseUrl.trim(), generation: draft.generation, token: token.trim() }).then(
            (p) => {
              // Cleared once it is in the keychain. A failed add keeps it, so fixing the name or the address
              // does not mean pasting the token again (it stays a password field: never shown).
              if (tokenRef.current) tokenRef.current.value = '';
              setBusy(null);
              setAdded(s.added(p.name));
              setDraft({ name: '', baseUrl: '', generation: 'current' });
              load();
            },
            (err: unknown) => {
              setBusy(null);
              setAddError(err);
            },
          );
        }}
      >
        <h3>{s.addProfile}</h3>
        <div className="settings__grid">
          <label className="field">
            <span className="field__label">{s.name}</span>
            <input value={draft.name} maxLength={64} onChange={(e) => setDraft({ ...draft, name: e.target.value })} aria-invalid={problems.name ? true : undefined} data-testid="profile-name" />
            {problems.name && <span className="field__error">{problems.name}</span>}
          </label>
          <label className="field field--wide">
            <span className="field__label">{s.baseUrl}</span>
            <input
              value={draft.baseUrl}
              type="url"
              placeholder="https://…/api/v2"
              onChange={(e) => setDraft({ ...draft, baseUrl: e.target.value })}
              aria-invalid={problems.baseUrl ? true : undefined}
              data-testid="profile-base-url"
            />
            {problems.baseUrl && <span className="field__error">{problems.baseUrl}</span>}
          </label>
          <label className="field">
            <span className="field__label">{s.generation}</span>
            <select value={draft.generation} onChange={(e) => setDraft({ ...draft, generation: e.target.value === 'earlier' ? 'earlier' : 'current' })} data-testid="profile-generation">
              <option value="current">{s.current}</option>
              <option value="earlier">{s.earlier}</option>
            </select>
          </label>
          <label className="field field--wide">
            <span className="field__label">{s.token}</span>
            <input ref={tokenRef} type="password" autoComplete="off" spellCheck={false} aria-invalid={problems.token ? true : undefined} data-testid="profile-token" />
            {problems.token ? <span className="field__error">{problems.token}</span> : <span className="field__hint">{s.tokenHint}</span>}
          </label>
        </div>
        <button type="submit" className="btn--primary" disabled={busy !== null} data-testid="profile-add">
          {s.add}
        </button>
        {added && (
          <span role="status" data-testid="profile-added">
            {' '}
            {added}
          </span>
        )}
        <ErrorNotice error={addError} testId="add-profile-error" />
      </form>

      {removing && (
        <ConfirmDialog
          title={s.removeTitle(removing.name)}
          confirmText={s.remove}
          cancelText={s.cancel}
          danger
          testId="remove-profile-dialog"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const name = removing.name;
            setRemoving(null);
            call('profiles.remove', { name }).then(load, (e: unknown) => setError(e));
          }}
        >
          <p>{s.removeBody}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
