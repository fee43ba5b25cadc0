/**
 * The team database section of the settings (issue 17): the shared PostgreSQL's address (without the password),
 * the schema, the analyst's name on their marks, and the password, which goes to the OS keychain and never comes
 * back (the core says only whether one is stored). «Проверить подключение» and «Синхронизировать сейчас»; the
 * core also syncs every 15 minutes and after a feed sync. The running sync's progress and the last run's result
 * (or error) come from the core's `team.status` events.
 */
import { useEffect, useRef, useState } from 'react';
import { call, CallError, subscribe } from '../../bridge/client';
import type { TeamStatus } from '../../../src-main/contract/ipc';
import { teamLastRunLine, teamSyncDetail } from '../../../src-main/i18n/teamSyncText';
import { SettingsSection } from './SettingsSection';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';

const strings: Strings<{
  title: string;
  intro: string;
  url: string;
  urlHint: string;
  schema: string;
  author: string;
  authorHint: string;
  password: string;
  passwordStored: string;
  passwordNone: string;
  save: string;
  saved: string;
  disconnect: string;
  test: string;
  syncNow: string;
  running: string;
  failed: (at: string) => string;
  never: string;
}> = {
  ru: {
    title: 'База команды',
    intro: 'Общая база PostgreSQL команды: версии, карточки, журнал списаний, сохранённые поиски, отметки и списки, однажды оплаченные кем-то из команды, есть у всех — без повторной оплаты и без сети. Синхронизация идёт каждые 15 минут, пока приложение открыто, и после каждой загрузки поиска.',
    url: 'Адрес базы',
    urlHint: 'postgres://пользователь@сервер:порт/база — без пароля',
    schema: 'Схема',
    author: 'Ваше имя',
    authorHint: 'Так коллеги увидят автора ваших отметок и заметок.',
    password: 'Пароль базы',
    passwordStored: 'Пароль сохранён в системном хранилище паролей. Введите новый, чтобы заменить его.',
    passwordNone: 'Пароль хранится только в системном хранилище паролей.',
    save: 'Сохранить',
    saved: 'Сохранено.',
    disconnect: 'Отключить',
    test: 'Проверить подключение',
    syncNow: 'Синхронизировать сейчас',
    running: 'Синхронизация…',
    failed: (at) => `Не удалось синхронизировать (${at}):`,
    never: 'Синхронизации ещё не было.',
  },
  en: {
    title: 'Team database',
    intro: 'The team’s shared PostgreSQL database: versions, cards, ledger rows, saved searches, marks and lists paid for once by anyone on the team are everyone’s — no repeat charge, no network needed. It syncs every 15 minutes while the app is open and after every search sync.',
    url: 'Database address',
    urlHint: 'postgres://user@host:port/database — without the password',
    schema: 'Schema',
    author: 'Your name',
    authorHint: 'Teammates see it as the author of your marks and notes.',
    password: 'Database password',
    passwordStored: 'A password is stored in the system keychain. Type a new one to replace it.',
    passwordNone: 'The password is kept only in the system keychain.',
    save: 'Save',
    saved: 'Saved.',
    disconnect: 'Disconnect',
    test: 'Test the connection',
    syncNow: 'Sync now',
    running: 'Syncing…',
    failed: (at) => `The sync failed (${at}):`,
    never: 'No sync yet.',
  },
};

const capitalized = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
const errorText = (e: unknown): string => (e instanceof CallError || e instanceof Error ? e.message : String(e));

export function TeamSection() {
  const s = useStrings(strings);
  const locale = useLocale();
  const [status, setStatus] = useState<TeamStatus | null>(null);
  const [form, setForm] = useState({ url: '', schema: 'tenderwb', author: '' });
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const take = (next: TeamStatus): void => {
      setStatus(next);
      if (next.connection) setForm(next.connection);
    };
    call('team.status', {}).then(take, (e: unknown) => setNote({ ok: false, text: errorText(e) }));
    // Progress and results of runs the core starts by itself (every 15 minutes, after a feed sync) come here too.
    return subscribe('team.status', setStatus);
  }, []);

  const act = (run: () => Promise<string | null>): void => {
    setBusy(true);
    setNote(null);
    run().then(
      (text) => setNote(text === null ? null : { ok: true, text }),
      (e: unknown) => setNote({ ok: false, text: errorText(e) }),
    ).finally(() => setBusy(false));
  };

  const save = (): Promise<string> => {
    const password = passwordRef.current?.value ?? '';
    return call('team.setConnection', { connection: form, ...(password !== '' ? { password } : {}) }).then((next) => {
      if (passwordRef.current) passwordRef.current.value = '';
      setStatus(next);
      return s.saved;
    });
  };

  const last = status?.lastRun ?? null;
  const detail = last?.ok && last.pushed && last.pulled ? teamSyncDetail(last.pushed, last.pulled, locale) : null;
  const lastAt = last ? new Date(last.at).toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <SettingsSection id="team" title={s.title} intro={s.intro}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          act(save);
        }}
      >
        <div className="settings__grid">
          <label className="field field--wide">
            <span className="field__label">{s.url}</span>
            <input value={form.url} spellCheck={false} placeholder="postgres://…" onChange={(e) => setForm({ ...form, url: e.target.value })} data-testid="team-url" />
            <span className="field__hint">{s.urlHint}</span>
          </label>
          <label className="field">
            <span className="field__label">{s.schema}</span>
            <input value={form.schema} spellCheck={false} maxLength={63} onChange={(e) => setForm({ ...form, schema: e.target.value.trim() })} data-testid="team-schema" />
          </label>
          <label className="field">
            <span className="field__label">{s.author}</span>
            <input value={form.author} maxLength={200} onChange={(e) => setForm({ ...form, author: e.target.value })} data-testid="team-author" />
            <span className="field__hint">{s.authorHint}</span>
          </label>
          <label className="field field--wide">
            <span className="field__label">{s.password}</span>
            <input ref={passwordRef} type="password" autoComplete="off" spellCheck={false} data-testid="team-password" />
            <span className="field__hint" data-testid="team-password-state">
              {status?.passwordStored ? s.passwordStored : s.passwordNone}
            </span>
          </label>
        </div>
        <button type="submit" className="btn--primary" disabled={busy} data-testid="team-save">
          {s.save}
        </button>{' '}
        <button type="button" disabled={busy || !status?.connection} onClick={() => act(() => call('team.test', {}).then((r) => r.message))} data-testid="team-test">
          {s.test}
        </button>{' '}
        <button
          type="button"
          disabled={busy || !status?.connection || status.running}
          onClick={() => act(() => call('team.syncNow', {}).then(() => null))}
          data-testid="team-sync-now"
        >
          {s.syncNow}
        </button>{' '}
        {status?.connection && (
          <button
            type="button"
            className="btn--danger-link"
            disabled={busy}
            onClick={() => act(() => call('team.setConnection', { connection: null, forgetPassword: true }).then((next) => (setStatus(next), setForm({ url: '', schema: 'tenderwb', author: '' }), null)))}
            data-testid="team-disconnect"
          >
            {s.disconnect}
          </button>
        )}
      </form>
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'muted' : 'field__error'} data-testid={note.ok ? 'team-note' : 'team-error'}>
          {note.text}
        </p>
      )}
      {status?.running ? (
        <p role="status" data-testid="team-progress">
          {status.progress ?? s.running}
        </p>
      ) : (
        status?.connection && (
          <div data-testid="team-last-run">
            {last === null ? (
              <p className="muted">{s.never}</p>
            ) : last.ok && last.pushed && last.pulled ? (
              <>
                <p>{teamLastRunLine({ at: last.at, pushed: last.pushed, pulled: last.pulled }, locale)}</p>
                {detail !== null && <p className="muted">{capitalized(detail)}</p>}
              </>
            ) : (
              <p className="field__error">
                {s.failed(lastAt)} {last.error}
              </p>
            )}
          </div>
        )
      )}
    </SettingsSection>
  );
}
