/**
 * The notifications section of the settings: on or off, and quiet hours in Moscow time (what comes
 * during them is held and told as one summary when they end). Turning them on is the moment the browser's
 * permission is asked; where it is refused, the app shows its own toasts, and says so here.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge/client';
import type { NotificationSettings } from '../../../src-main/contract/ipc';
import { HHMM, HHMM_WORDS } from '../../../src-main/domain/notifications';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SettingsSection } from './SettingsSection';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { askNotificationPermission, notificationPermission, type PermissionState } from '../../state/notificationPermission';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

const strings: Strings<{
  title: string;
  intro: string;
  enabled: string;
  quiet: string;
  from: string;
  to: string;
  quietHint: string;
  save: string;
  saved: string;
  denied: string;
  hhmm: string;
}> = {
  ru: {
    title: 'Уведомления',
    intro: 'О новых и изменившихся закупках поисков, за которыми вы следите, об изменениях отмеченных закупок и о сроке подачи заявок отмеченных или внесённых в списки закупок — за сутки.',
    enabled: 'Показывать уведомления',
    quiet: 'Тихие часы',
    from: 'с',
    to: 'до',
    quietHint: 'По московскому времени. Что придёт в это время, покажем одним уведомлением, когда они закончатся.',
    save: 'Сохранить',
    saved: 'Сохранено.',
    denied: 'Браузер не разрешил уведомления: они показываются внутри приложения, в правом нижнем углу.',
    hhmm: 'ЧЧ:ММ',
  },
  en: {
    title: 'Notifications',
    intro: 'About new and changed tenders of the searches you follow, changes of marked tenders, and the application deadline of marked or listed tenders — a day ahead.',
    enabled: 'Show notifications',
    quiet: 'Quiet hours',
    from: 'from',
    to: 'to',
    quietHint: 'Moscow time. What comes during them is told as one notification when they end.',
    save: 'Save',
    saved: 'Saved.',
    denied: 'The browser did not allow notifications: they are shown inside the app, bottom right.',
    hhmm: 'HH:MM',
  },
};

export function NotificationsSection() {
  const s = useStrings(strings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const loaded = useLoad(() => call('notifications.settings', {}), `notification-settings-${epoch}`);
  const [form, setForm] = useState<NotificationSettings | null>(null);
  const [quietOn, setQuietOn] = useState(false);
  const [saved, setSaved] = useState(false);
  const [permission, setPermission] = useState<PermissionState>(notificationPermission());

  useEffect(() => {
    if (!loaded.data) return;
    setForm(loaded.data);
    setQuietOn(loaded.data.quietHours !== null);
    // The form follows the core's answers, not local edits.
  }, [loaded.answers]);

  if (!form) return <ErrorNotice error={loaded.error} />;
  const quiet = form.quietHours ?? { from: '22:00', to: '08:00' };
  const quietValid = HHMM.test(quiet.from) && HHMM.test(quiet.to);
  const change = (next: NotificationSettings): void => {
    setSaved(false);
    setForm(next);
  };
  return (
    <SettingsSection id="notifications" title={s.title} intro={s.intro}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (quietOn && !quietValid) return;
          const next = { ...form, quietHours: quietOn ? quiet : null };
          call('notifications.setSettings', next).then(
            (r) => {
              loaded.set(r);
              setSaved(true);
            },
            (err: unknown) => loaded.fail(err),
          );
        }}
      >
        <label className="field">
          <span>
            <input
              type="checkbox"
              checked={form.enabled}
              data-testid="notifications-enabled"
              onChange={(e) => {
                change({ ...form, enabled: e.target.checked });
                // Turning them on is when the browser's permission makes sense to the analyst.
                if (e.target.checked) void askNotificationPermission().then(setPermission);
              }}
            />{' '}
            {s.enabled}
          </span>
        </label>
        {/* Unstyled: a group that is disabled as a whole while notifications are off. */}
        <fieldset className="field" disabled={!form.enabled} style={{ border: 'none', padding: 0, margin: 0 }}>
          <label>
            <input type="checkbox" checked={quietOn} data-testid="notifications-quiet" onChange={(e) => (setSaved(false), setQuietOn(e.target.checked))} /> {s.quiet}
          </label>{' '}
          {/* Text, not type="time": that one follows the browser's locale (10:00 PM), the app's times are 24-hour. */}
          {(['from', 'to'] as const).map((end) => (
            <label key={end}>
              {' '}
              {s[end]}{' '}
              <input
                value={quiet[end]}
                size={5}
                maxLength={5}
                inputMode="numeric"
                placeholder={s.hhmm}
                disabled={!quietOn}
                aria-invalid={quietOn && !HHMM.test(quiet[end]) ? true : undefined}
                data-testid={`notifications-quiet-${end}`}
                onChange={(e) => change({ ...form, quietHours: { ...quiet, [end]: e.target.value.trim() } })}
              />
            </label>
          ))}
          {quietOn && !quietValid ? <span className="field__error">{HHMM_WORDS[locale]}</span> : <span className="field__hint">{s.quietHint}</span>}
        </fieldset>
        <button type="submit" className="btn--primary" disabled={quietOn && !quietValid} data-testid="notifications-save">
          {s.save}
        </button>{' '}
        {saved && (
          <span role="status" data-testid="notifications-saved">
            {s.saved}
          </span>
        )}
      </form>
      {form.enabled && (permission === 'denied' || permission === 'unsupported') && (
        <p className="muted" data-testid="notifications-denied">
          {s.denied}
        </p>
      )}
      <ErrorNotice error={loaded.error} />
    </SettingsSection>
  );
}
