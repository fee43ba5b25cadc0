/**
 * Settings: the account's API tokens (a new secret is shown once). Its data: useTokens.
 */
import { useState } from 'react';
import type { MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useLocale } from '../../i18n/i18n';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../format/format';
import type { S } from './settingsStrings';
import { useTokens } from './useSettingsData';

export function TokensSection({ s }: { s: S }) {
  const locale = useLocale();
  const { tokens, error, fail: setError, reload: load } = useTokens();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<MethodResult<'tokens.create'> | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<MethodResult<'tokens.list'>[number] | null>(null);

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
