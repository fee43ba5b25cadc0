/**
 * Shows the core's `notify` events: a system notification through the Notification API when the
 * permission is granted (browser mode; Electron shows the same API natively), else an in-app toast; a click on
 * either opens where the notification leads (the saved search's results, the tender's card, the calendar).
 * A toast closes by itself (one stayed ten minutes over the table), news sooner than what needs
 * acting on, never while hovered or focused; Escape closes the newest, the × any of them.
 */
import { useEffect, useState } from 'react';
import { useEscapeDismiss, useLifetime } from '../../components/useLifetime';
import { toastLifetimeMs } from './toastLifetime';
import { subscribe } from '../../bridge/client';
import type { EventPayload } from '../../../src-main/contract/ipc';
import { useStrings, type Strings } from '../../i18n/i18n';
import { notificationPermission } from '../../state/notificationPermission';
import { useAppStore, type Route } from '../../state/store';
import './notifications.css';

type Notice = EventPayload<'notify'>;

const strings: Strings<{ close: string; region: string }> = {
  ru: { close: 'Закрыть', region: 'Уведомления' },
  en: { close: 'Close', region: 'Notifications' },
};

/** Toasts kept on screen at most: older ones give way (each was told once, and its view holds the news). */
const TOASTS_MAX = 3;

export function routeOf(target: Notice['target']): Route | null {
  if (!target) return null;
  switch (target.view) {
    case 'search':
      return { view: 'saved', filterId: target.filterId };
    case 'card':
      return { view: 'card', kind: 'tender', id: target.tenderId };
    case 'calendar':
      return { view: 'calendar' };
  }
}

export function NotificationCenter() {
  const s = useStrings(strings);
  const navigate = useAppStore((st) => st.navigate);
  const [toasts, setToasts] = useState<Notice[]>([]);

  useEffect(() => {
    const open = (n: Notice): void => {
      const route = routeOf(n.target);
      if (route) navigate(route);
    };
    return subscribe('notify', (n) => {
      if (notificationPermission() === 'granted') {
        const shown = new Notification(n.title, { body: n.body, tag: `tenderwb-${n.id}` });
        shown.onclick = () => {
          window.focus();
          open(n);
          shown.close();
        };
        return;
      }
      setToasts((cur) => [...cur, n].slice(-TOASTS_MAX));
    });
  }, [navigate]);

  const dismiss = (id: number): void => setToasts((cur) => cur.filter((t) => t.id !== id));
  if (!toasts.length) return null;
  return (
    <div className="toasts" role="status" aria-label={s.region} data-testid="notification-toasts">
      {toasts.map((t) => (
        <Toast
          key={t.id}
          notice={t}
          closeLabel={s.close}
          onDismiss={() => dismiss(t.id)}
          onOpen={() => {
            dismiss(t.id);
            const route = routeOf(t.target);
            if (route) navigate(route);
          }}
        />
      ))}
    </div>
  );
}

function Toast({ notice: t, closeLabel, onDismiss, onOpen }: { notice: Notice; closeLabel: string; onDismiss(): void; onOpen(): void }) {
  const lifetime = useLifetime(toastLifetimeMs(t.kind), onDismiss);
  // Escape closes the newest notice on screen: this toast while it is the newest.
  useEscapeDismiss(true, onDismiss);
  return (
    <div className="toast" data-testid="notification-toast" data-kind={t.kind} {...lifetime}>
      <button type="button" className="toast__open btn--link" data-testid="notification-toast-open" onClick={onOpen}>
        <strong>{t.title}</strong>
        <span>{t.body}</span>
      </button>
      <button type="button" className="toast__close" aria-label={closeLabel} data-testid="notification-toast-close" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
