/**
 * Settings: profiles (the built-in sandbox and live API accounts; a token goes into the OS keychain and is
 * never shown again), the account's API tokens (a new secret is shown once), the cache, and the language.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountLink, Locale, MethodResult, ProfileInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime, formatInt } from '../../format/format';
import { useStrings, type Strings } from '../../i18n/i18n';
import { formatBytes, profileFormProblems, type ProfileDraft } from './settingsLogic';
import { MoneySection } from './MoneySection';
import { AccountLinkControl } from './AccountLink';

const strings: Strings<{
  title: string;
  profiles: string;
  profilesHint: string;
  name: string;
  baseUrl: string;
  generation: string;
  current: string;
  earlier: string;
  token: string;
  tokenHint: string;
  status: string;
  active: string;
  activate: string;
  builtIn: string;
  hasToken: string;
  noToken: string;
  replaceToken: string;
  newToken: string;
  saveToken: string;
  tokenSaved: string;
  remove: string;
  removeTitle: (name: string) => string;
  removeBody: string;
  cancel: string;
  addProfile: string;
  add: string;
  added: (name: string) => string;
  tokens: string;
  tokensHint: string;
  tokenName: string;
  create: string;
  preview: string;
  created: string;
  lastUsed: string;
  revoke: string;
  revoked: string;
  revokeTitle: (name: string) => string;
  revokeBody: string;
  secretTitle: string;
  secretWarning: string;
  copy: string;
  copied: string;
  secretDone: string;
  noTokens: string;
  cache: string;
  cachePath: string;
  cacheSize: string;
  cacheTenders: string;
  cacheContracts: string;
  cacheCards: string;
  versions: (n: string) => string;
  language: string;
  languageLabel: string;
  loading: string;
  actions: string;
  refresh: string;
}> = {
  ru: {
    title: 'Настройки',
    profiles: 'Профили',
    profilesHint: 'Профиль — это адрес API и токен. Песочница встроена и работает без токена и без денег.',
    name: 'Название',
    baseUrl: 'Адрес API',
    generation: 'Поколение API',
    current: 'Текущее (/api/v2)',
    earlier: 'Предыдущее',
    token: 'Токен API',
    tokenHint: 'Токен сохраняется в связке ключей системы и больше нигде не показывается.',
    status: 'Состояние',
    active: 'Активный',
    activate: 'Сделать активным',
    builtIn: 'встроенная песочница',
    hasToken: 'токен в связке ключей',
    noToken: 'нет токена',
    replaceToken: 'Заменить токен',
    newToken: 'Новый токен',
    saveToken: 'Сохранить токен',
    tokenSaved: 'Токен заменён.',
    remove: 'Удалить',
    removeTitle: (name) => `Удалить профиль «${name}»?`,
    removeBody: 'Токен будет удалён из связки ключей. Данные профиля на диске (кэш) не удаляются.',
    cancel: 'Отмена',
    addProfile: 'Добавить профиль',
    add: 'Добавить',
    added: (name) => `Профиль «${name}» добавлен. Токен сохранён в связке ключей.`,
    tokens: 'Токены API аккаунта',
    tokensHint: 'Токены аккаунта активного профиля на сервере. Секрет нового токена показывается один раз.',
    tokenName: 'Название токена',
    create: 'Создать токен',
    preview: 'Токен',
    created: 'Создан',
    lastUsed: 'Использован',
    revoke: 'Отозвать',
    revoked: 'отозван',
    revokeTitle: (name) => `Отозвать токен «${name}»?`,
    revokeBody: 'Программы, которые пользуются этим токеном, потеряют доступ. Отменить нельзя.',
    secretTitle: 'Новый токен — скопируйте его сейчас',
    secretWarning: 'Секрет показывается только один раз. Мы его не храним; после закрытия этого окна посмотреть его снова будет нельзя.',
    copy: 'Копировать',
    copied: 'Скопировано',
    secretDone: 'Я сохранил токен',
    noTokens: 'Токенов нет.',
    cache: 'Кэш',
    cachePath: 'Расположение',
    cacheSize: 'Размер на диске',
    cacheTenders: 'Закупки',
    cacheContracts: 'Контракты',
    cacheCards: 'Карточки',
    versions: (n) => `версий: ${n}`,
    language: 'Язык',
    languageLabel: 'Язык интерфейса',
    loading: 'Загружаем…',
    actions: 'Действия',
    refresh: 'Обновить',
  },
  en: {
    title: 'Settings',
    profiles: 'Profiles',
    profilesHint: 'A profile is an API address and a token. The sandbox is built in and needs no token and no money.',
    name: 'Name',
    baseUrl: 'API address',
    generation: 'API generation',
    current: 'Current (/api/v2)',
    earlier: 'Earlier',
    token: 'API token',
    tokenHint: 'The token is kept in the system keychain and is never shown anywhere again.',
    status: 'Status',
    active: 'Active',
    activate: 'Activate',
    builtIn: 'built-in sandbox',
    hasToken: 'token in the keychain',
    noToken: 'no token',
    replaceToken: 'Replace token',
    newToken: 'New token',
    saveToken: 'Save token',
    tokenSaved: 'The token was replaced.',
    remove: 'Remove',
    removeTitle: (name) => `Remove profile "${name}"?`,
    removeBody: "The token is deleted from the keychain. The profile's data on disk (the cache) is not deleted.",
    cancel: 'Cancel',
    addProfile: 'Add a profile',
    add: 'Add',
    added: (name) => `Profile "${name}" added. The token is in the keychain.`,
    tokens: 'API tokens of the account',
    tokensHint: "Tokens of the active profile's account on the server. A new token's secret is shown once.",
    tokenName: 'Token name',
    create: 'Create token',
    preview: 'Token',
    created: 'Created',
    lastUsed: 'Last used',
    revoke: 'Revoke',
    revoked: 'revoked',
    revokeTitle: (name) => `Revoke token "${name}"?`,
    revokeBody: 'Programs using this token lose access. This cannot be undone.',
    secretTitle: 'New token — copy it now',
    secretWarning: 'The secret is shown only once. We do not keep it; once this box is closed it cannot be seen again.',
    copy: 'Copy',
    copied: 'Copied',
    secretDone: 'I have saved the token',
    noTokens: 'No tokens.',
    cache: 'Cache',
    cachePath: 'Location',
    cacheSize: 'Size on disk',
    cacheTenders: 'Tenders',
    cacheContracts: 'Contracts',
    cacheCards: 'Cards',
    versions: (n) => `versions: ${n}`,
    language: 'Language',
    languageLabel: 'Interface language',
    loading: 'Loading…',
    actions: 'Actions',
    refresh: 'Refresh',
  },
};

type S = (typeof strings)['ru'];

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

function ProfilesSection({ s }: { s: S }) {
  const patch = useAppStore((st) => st.patch);
  const bumpEpoch = useAppStore((st) => st.bumpEpoch);
  const epoch = useAppStore((st) => st.epoch);
  const locale = useAppStore((st) => st.locale);
  const [profiles, setProfiles] = useState<ProfileInfo[] | null>(null);
  const [links, setLinks] = useState<AccountLink[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProfileInfo | null>(null);
  const [draft, setDraft] = useState<ProfileDraft>({ name: '', baseUrl: '', generation: 'current' });
  const [addError, setAddError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<'name' | 'baseUrl' | 'token', string>>>({});
  const tokenRef = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    call('profiles.list', {}).then(
      (p) => {
        setProfiles(p);
        setError(null);
        // The earlier profiles' «same account» setting (issue 12, D-ACC-1).
        call('profiles.accountLinks', {}).then(setLinks, setError);
      },
      (e: unknown) => {
        setProfiles((cur) => cur ?? []);
        setError(e);
      },
    );
  }, []);
  useEffect(load, [load, epoch]);

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

type TokenList = MethodResult<'tokens.list'>;

function TokensSection({ s }: { s: S }) {
  const locale = useAppStore((st) => st.locale);
  const epoch = useAppStore((st) => st.epoch);
  const [tokens, setTokens] = useState<TokenList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<MethodResult<'tokens.create'> | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<TokenList[number] | null>(null);

  const load = useCallback(() => {
    call('tokens.list', {}).then(
      (t) => {
        setTokens(t);
        setError(null);
      },
      (e: unknown) => {
        setTokens((cur) => cur ?? []);
        setError(e);
      },
    );
  }, []);
  useEffect(load, [load, epoch]);

  return (
    <section className="settings__section" aria-labelledby="settings-tokens" data-testid="settings-tokens">
      <h2 id="settings-tokens">{s.tokens}</h2>
      <p className="muted">{s.tokensHint}</p>
      <ErrorNotice error={error} testId="tokens-error" />
      {secret && (
        <div className="settings__secret" role="alert" data-testid="token-secret">
          <strong>{s.secretTitle}</strong>
          <p>{s.secretWarning}</p>
          <div className="settings__secretRow">
            <input readOnly value={secret.secret} aria-label={s.token} className="settings__mono" data-testid="token-secret-value" onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(secret.secret).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? s.copied : s.copy}
            </button>
          </div>
          <button
            type="button"
            className="btn--primary"
            onClick={() => {
              setSecret(null);
              setCopied(false);
            }}
            data-testid="token-secret-done"
          >
            {s.secretDone}
          </button>
        </div>
      )}
      <form
        className="settings__inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          setBusy(true);
          setError(null);
          call('tokens.create', { name: name.trim() }).then(
            (t) => {
              setBusy(false);
              setSecret(t);
              setCopied(false);
              setName('');
              load();
            },
            (err: unknown) => {
              setBusy(false);
              setError(err);
            },
          );
        }}
      >
        <input aria-label={s.tokenName} placeholder={s.tokenName} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid="token-name" />
        <button type="submit" disabled={busy || !name.trim()} data-testid="token-create">
          {s.create}
        </button>
      </form>
      {tokens === null ? (
        <p className="muted">{s.loading}</p>
      ) : tokens.length === 0 ? (
        <p className="muted">{s.noTokens}</p>
      ) : (
        <table className="settings__table" data-testid="tokens-table">
          <thead>
            <tr>
              <th>{s.name}</th>
              <th>{s.preview}</th>
              <th>{s.created}</th>
              <th>{s.lastUsed}</th>
              <th>{s.actions}</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} data-testid="token-row" data-active={t.active} className={t.active ? '' : 'muted'}>
                <td>{t.name}</td>
                <td className="settings__mono">{t.preview ?? '—'}</td>
                <td>{formatDateTime(t.createdAt, locale)}</td>
                <td>{formatDateTime(t.lastUsedAt, locale)}</td>
                <td>
                  {t.active ? (
                    <button type="button" className="btn--danger-link" onClick={() => setRevoking(t)}>
                      {s.revoke}
                    </button>
                  ) : (
                    s.revoked
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog
          title={s.revokeTitle(revoking.name)}
          confirmText={s.revoke}
          cancelText={s.cancel}
          danger
          testId="revoke-token-dialog"
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const id = revoking.id;
            setRevoking(null);
            call('tokens.revoke', { id }).then(load, (e: unknown) => setError(e));
          }}
        >
          <p>{s.revokeBody}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function CacheSection({ s }: { s: S }) {
  const locale = useAppStore((st) => st.locale);
  const epoch = useAppStore((st) => st.epoch);
  const [info, setInfo] = useState<MethodResult<'cache.info'> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    call('cache.info', {}).then(
      (i) => {
        setInfo(i);
        setError(null);
      },
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(load, [load, epoch]);
  return (
    <section className="settings__section" aria-labelledby="settings-cache" data-testid="settings-cache">
      <h2 id="settings-cache">
        {s.cache}{' '}
        <button type="button" className="btn--link" onClick={load}>
          {s.refresh}
        </button>
      </h2>
      <ErrorNotice error={error} testId="cache-error" />
      {info && (
        <dl className="settings__dl">
          <dt>{s.cachePath}</dt>
          <dd className="settings__mono" data-testid="cache-path">
            {info.path}
          </dd>
          <dt>{s.cacheSize}</dt>
          <dd data-testid="cache-size">{formatBytes(info.sizeBytes, locale)}</dd>
          <dt>{s.cacheTenders}</dt>
          <dd>
            {formatInt(info.tenders, locale)} <span className="muted">({s.versions(formatInt(info.tenderVersions, locale))})</span>
          </dd>
          <dt>{s.cacheContracts}</dt>
          <dd>
            {formatInt(info.contracts, locale)} <span className="muted">({s.versions(formatInt(info.contractVersions, locale))})</span>
          </dd>
          <dt>{s.cacheCards}</dt>
          <dd>{formatInt(info.cards, locale)}</dd>
        </dl>
      )}
    </section>
  );
}

function LanguageSection({ s }: { s: S }) {
  const locale = useAppStore((st) => st.locale);
  const setLocale = useAppStore((st) => st.setLocale);
  const [error, setError] = useState<unknown>(null);
  return (
    <section className="settings__section" aria-labelledby="settings-language" data-testid="settings-language">
      <h2 id="settings-language">{s.language}</h2>
      <label className="field field--narrow">
        <span className="field__label">{s.languageLabel}</span>
        <select
          value={locale}
          data-testid="language"
          onChange={(e) => {
            const next: Locale = e.target.value === 'en' ? 'en' : 'ru';
            setError(null);
            call('app.setLocale', { locale: next }).then(
              (r) => setLocale(r.locale),
              (err: unknown) => setError(err),
            );
          }}
        >
          <option value="ru">Русский</option>
          <option value="en">English</option>
        </select>
      </label>
      <ErrorNotice error={error} testId="language-error" />
    </section>
  );
}

export function SettingsView() {
  const s = useStrings(strings);
  return (
    <section className="view settings" data-testid="view-settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{s.title}</h1>
      <LanguageSection s={s} />
      <ProfilesSection s={s} />
      <TokensSection s={s} />
      <MoneySection />
      <CacheSection s={s} />
    </section>
  );
}
