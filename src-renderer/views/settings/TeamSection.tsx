/**
 * The team database section of the settings: the shared PostgreSQL's address (without the password),
 * the schema, the analyst's name on their marks, and the password, which goes to the OS keychain and never comes
 * back (the core says only whether one is stored). «Проверить подключение» tests what the form holds now (unsaved
 * address and schema, a typed password used for the test only); «Синхронизировать сейчас»; the core also syncs
 * every 15 minutes and after a feed sync. The running sync's progress and the last run's result (or error) come
 * from the core's `team.status` events.
 *
 * A connection belongs to one profile: the section names it, and with another profile active it says so and
 * offers no sync (nor that profile's last result). The built-in sandbox's demo data never syncs, nor does an
 * earlier-generation profile: both are told so up front, with no form. The form's problems show next to their
 * fields (teamForm.ts).
 * «Отключить» asks first, and whether the keychain keeps the password.
 */
import { useEffect, useRef, useState } from 'react';
import { call, CallError, subscribe } from '../../bridge/client';
import type { TeamStatus } from '../../../src-main/contract/ipc';
import { TEAM_SYNC_TEXT, teamLastRunLine, teamOtherProfileText, teamSkippedLines, teamSyncDetail } from '../../../src-main/i18n/teamSyncText';
import { Dialog } from '../../components/Dialog';
import { useAppStore } from '../../state/store';
import { SettingsSection } from './SettingsSection';
import { teamCallProblems, teamFormProblems, type TeamProblems } from './teamForm';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';

const strings: Strings<{
  title: string;
  intro: string;
  url: string;
  urlHint: string;
  schema: string;
  author: string;
  authorHint: string;
  refuseUnproven: string;
  refuseUnprovenHint: string;
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
  profile: (name: string) => string;
  ownedBy: (name: string) => string;
  sandboxHint: string;
  disconnectTitle: string;
  disconnectBody: string;
  disconnectKeep: string;
  disconnectForget: string;
  cancel: string;
}> = {
  ru: {
    title: 'База команды',
    intro: 'Общая база PostgreSQL команды: версии, карточки, журнал списаний, сохранённые поиски, отметки и списки, однажды оплаченные кем-то из команды, есть у всех — без повторной оплаты и без сети. Синхронизация идёт каждые 15 минут, пока приложение открыто, и после каждой загрузки поиска.',
    url: 'Адрес базы',
    urlHint: 'postgres://пользователь@сервер:порт/база — без пароля',
    schema: 'Схема',
    author: 'Ваше имя',
    authorHint: 'Так коллеги увидят автора ваших отметок и заметок.',
    refuseUnproven: 'Не принимать версии коллег без подтверждения доставки',
    refuseUnprovenHint: 'Версия без номера запроса и страницы API будет отложена, а не принята. Ответ API всегда важнее строки из базы команды.',
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
    profile: (name) => `Профиль: ${name}`,
    ownedBy: (name) => `Подключение команды настроено в профиле «${name}».`,
    sandboxHint: 'Чтобы работать с командой, откройте профиль с рабочим доступом к API и настройте подключение в нём.',
    disconnectTitle: 'Отключить базу команды?',
    disconnectBody: 'Синхронизация с общей базой прекратится; данные в кэше останутся. Пароль базы может остаться в системном хранилище паролей (пригодится при повторном подключении) или быть удалён.',
    disconnectKeep: 'Отключить, пароль оставить',
    disconnectForget: 'Отключить и удалить пароль',
    cancel: 'Отмена',
  },
  en: {
    title: 'Team database',
    intro: 'The team’s shared PostgreSQL database: versions, cards, ledger rows, saved searches, marks and lists paid for once by anyone on the team are everyone’s — no repeat charge, no network needed. It syncs every 15 minutes while the app is open and after every search sync.',
    url: 'Database address',
    urlHint: 'postgres://user@host:port/database — without the password',
    schema: 'Schema',
    author: 'Your name',
    authorHint: 'Teammates see it as the author of your marks and notes.',
    refuseUnproven: 'Refuse teammates’ versions without delivery evidence',
    refuseUnprovenHint: 'A version without the API’s request id and page is held, not taken. The API’s answer always wins over a row of the team database.',
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
    profile: (name) => `Profile: ${name}`,
    ownedBy: (name) => `The team connection is set up in the profile “${name}”.`,
    sandboxHint: 'To work with the team, open a profile with real API access and set the connection up there.',
    disconnectTitle: 'Disconnect the team database?',
    disconnectBody: 'Syncing with the shared database stops; the data in the cache stays. The database password can stay in the system keychain (for connecting again) or be deleted.',
    disconnectKeep: 'Disconnect, keep the password',
    disconnectForget: 'Disconnect and delete the password',
    cancel: 'Cancel',
  },
};

const capitalized = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
const errorText = (e: unknown): string => (e instanceof CallError || e instanceof Error ? e.message : String(e));
type TeamForm = { url: string; schema: string; author: string; refuseUnproven?: boolean };
const EMPTY_FORM: TeamForm = { url: '', schema: 'tenderwb', author: '', refuseUnproven: false };

export function TeamSection() {
  const s = useStrings(strings);
  const locale = useLocale();
  const earlier = useAppStore((st) => st.activeProfile?.generation === 'earlier');
  const epoch = useAppStore((st) => st.epoch);
  const [status, setStatus] = useState<TeamStatus | null>(null);
  const [form, setForm] = useState<TeamForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<TeamProblems>({});
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** Typed into since this profile's status was asked for: its answer then keeps what the analyst typed. */
  const typed = useRef(false);

  useEffect(() => {
    // Read again when another profile becomes active (the store's epoch): the connection may be another's.
    typed.current = false;
    const take = (next: TeamStatus): void => {
      setStatus(next);
      // An answer that comes late (a slow machine, a profile just added) must not wipe a half-typed form.
      if (typed.current) return;
      setForm(next.connection ?? EMPTY_FORM);
      setProblems({});
    };
    call('team.status', {}).then(take, (e: unknown) => setNote({ ok: false, text: errorText(e) }));
    // Progress and results of runs the core starts by itself (every 15 minutes, after a feed sync) come here too.
    return subscribe('team.status', setStatus);
  }, [epoch]);

  const edit = (patch: Partial<typeof form>): void => {
    typed.current = true;
    setForm((current) => ({ ...current, ...patch }));
    setProblems({});
  };

  /** Runs an action on the checked form; its field problems (the form's or the core's) go next to the fields. */
  const act = (run: () => Promise<string | null>, check = true): void => {
    setNote(null);
    if (check) {
      const found = teamFormProblems(form, locale);
      setProblems(found);
      if (Object.keys(found).length > 0) return;
    }
    setBusy(true);
    run()
      .then(
        (text) => setNote(text === null ? null : { ok: true, text }),
        (e: unknown) => {
          if (e instanceof CallError && e.code === 'invalid_input' && e.fields.length > 0) {
            const split = teamCallProblems(e.message, e.fields);
            setProblems(split.problems);
            setNote(split.rest === null ? null : { ok: false, text: split.rest });
          } else setNote({ ok: false, text: errorText(e) });
        },
      )
      .finally(() => setBusy(false));
  };

  const typedPassword = (): string => passwordRef.current?.value ?? '';
  const save = (): Promise<string> => {
    const password = typedPassword();
    return call('team.setConnection', { connection: form, ...(password !== '' ? { password } : {}) }).then((next) => {
      if (passwordRef.current) passwordRef.current.value = '';
      setStatus(next);
      return s.saved;
    });
  };
  const test = (): Promise<string> => {
    const password = typedPassword();
    return call('team.test', { connection: { url: form.url, schema: form.schema }, ...(password !== '' ? { password } : {}) }).then((r) => r.message);
  };
  const disconnect = (forgetPassword: boolean): void => {
    setDisconnecting(false);
    act(
      () =>
        call('team.setConnection', { connection: null, forgetPassword }).then((next) => {
          setStatus(next);
          setForm(EMPTY_FORM);
          return null;
        }),
      false,
    );
  };

  const connection = status?.connection ?? null;
  // The connection and its last result are another profile's: nothing here runs on them.
  const elsewhere = status !== null && connection !== null && status.forActiveProfile === false;
  const last = elsewhere ? null : (status?.lastRun ?? null);
  const detail = last?.ok && last.pushed && last.pulled ? teamSyncDetail(last.pushed, last.pulled, locale) : null;
  // Teammates' rows the last pull could not take: said, with why and who pushed each.
  const skipped = last?.ok ? teamSkippedLines(last.skipped ?? [], last.skippedTotal ?? 0, locale) : [];
  const lastAt = last ? new Date(last.at).toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) : '';

  // The built-in sandbox and an earlier-generation profile never sync: said up front, with no form to fill (nor
  // another profile's connection to change from here).
  if (status?.sandboxActive || earlier) {
    return (
      <SettingsSection id="team" title={s.title} intro={s.intro}>
        {earlier ? (
          <p className="banner banner--offline" role="note" data-testid="team-blocked">
            {TEAM_SYNC_TEXT.earlierRefused[locale]}
          </p>
        ) : (
          <p className="banner banner--offline" role="note" data-testid="team-sandbox">
            {TEAM_SYNC_TEXT.sandboxRefused[locale]} {s.sandboxHint}
          </p>
        )}
        {connection && status?.connectionProfile && (
          <p className="muted" data-testid="team-profile">
            {s.ownedBy(status.connectionProfile)}
          </p>
        )}
      </SettingsSection>
    );
  }

  const fieldError = (field: keyof TeamProblems) =>
    problems[field] && (
      <span className="field__error" data-testid={`team-${field}-error`}>
        {problems[field]}
      </span>
    );

  return (
    <SettingsSection id="team" title={s.title} intro={s.intro}>
      {connection && (
        <div data-testid="team-profile">
          {elsewhere && status?.connectionProfile != null ? (
            <p className="banner banner--offline" role="note">
              {teamOtherProfileText(status.connectionProfile)[locale]}
            </p>
          ) : elsewhere ? (
            <p className="banner banner--offline" role="note">
              {TEAM_SYNC_TEXT.unbound[locale]}
            </p>
          ) : (
            status?.connectionProfile != null && <p className="muted">{s.profile(status.connectionProfile)}</p>
          )}
        </div>
      )}
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
            <input value={form.url} spellCheck={false} placeholder="postgres://…" aria-invalid={problems.url ? true : undefined} onChange={(e) => edit({ url: e.target.value })} data-testid="team-url" />
            {fieldError('url') || <span className="field__hint">{s.urlHint}</span>}
          </label>
          <label className="field">
            <span className="field__label">{s.schema}</span>
            <input value={form.schema} spellCheck={false} maxLength={63} aria-invalid={problems.schema ? true : undefined} onChange={(e) => edit({ schema: e.target.value.trim() })} data-testid="team-schema" />
            {fieldError('schema')}
          </label>
          <label className="field">
            <span className="field__label">{s.author}</span>
            <input value={form.author} maxLength={200} placeholder={status?.defaultAuthor} onChange={(e) => edit({ author: e.target.value })} data-testid="team-author" />
            {fieldError('author') || <span className="field__hint">{s.authorHint}</span>}
          </label>
          <label className="field field--wide">
            <span>
              <input
                type="checkbox"
                checked={form.refuseUnproven === true}
                onChange={(e) => edit({ refuseUnproven: e.target.checked })}
                data-testid="team-refuse-unproven"
              />{' '}
              {s.refuseUnproven}
            </span>
            <span className="field__hint">{s.refuseUnprovenHint}</span>
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
        <button type="button" disabled={busy || form.url.trim() === ''} onClick={() => act(test)} data-testid="team-test">
          {s.test}
        </button>{' '}
        <button
          type="button"
          disabled={busy || elsewhere || !connection || status?.running === true}
          onClick={() => act(() => call('team.syncNow', {}).then(() => null), false)}
          data-testid="team-sync-now"
        >
          {s.syncNow}
        </button>{' '}
        {connection && (
          <button type="button" className="btn--danger-link" disabled={busy} onClick={() => setDisconnecting(true)} data-testid="team-disconnect">
            {s.disconnect}
          </button>
        )}
      </form>
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'muted' : 'field__error'} data-testid={note.ok ? 'team-note' : 'team-error'}>
          {note.text}
        </p>
      )}
      {status?.running && !elsewhere ? (
        <p role="status" data-testid="team-progress">
          {status.progress ?? s.running}
        </p>
      ) : (
        connection &&
        !elsewhere && (
          <div data-testid="team-last-run">
            {last === null ? (
              <p className="muted">{s.never}</p>
            ) : last.ok && last.pushed && last.pulled ? (
              <>
                <p>{teamLastRunLine({ at: last.at, pushed: last.pushed, pulled: last.pulled, skippedTotal: last.skippedTotal ?? 0 }, locale)}</p>
                {detail !== null && <p className="muted">{capitalized(detail)}</p>}
                {skipped.length > 0 && (
                  <div className="banner banner--offline" role="note" data-testid="team-skipped">
                    <p>{skipped[0]}</p>
                    <ul>
                      {skipped.slice(1).map((line, i) => (
                        <li key={i}>{line.replace(/^— /, '')}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </>
            ) : (
              <p className="field__error">
                {s.failed(lastAt)} {last.error}
              </p>
            )}
          </div>
        )
      )}
      {disconnecting && (
        <Dialog title={s.disconnectTitle} onClose={() => setDisconnecting(false)} testId="team-disconnect-dialog">
          <div className="dialog__body">
            <p>{s.disconnectBody}</p>
          </div>
          <div className="dialog__actions">
            <button type="button" onClick={() => setDisconnecting(false)}>
              {s.cancel}
            </button>
            <button type="button" onClick={() => disconnect(false)} data-testid="team-disconnect-keep">
              {s.disconnectKeep}
            </button>
            <button type="button" className="btn--danger" onClick={() => disconnect(true)} data-testid="team-disconnect-forget">
              {s.disconnectForget}
            </button>
          </div>
        </Dialog>
      )}
    </SettingsSection>
  );
}
