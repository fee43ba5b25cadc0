/**
 * Shows the core's `notify` events (issue 16): a system notification through the Notification API when the
 * permission is granted (browser mode; Electron shows the same API natively), else an in-app toast; a click on
 * either opens where the notification leads (the saved search's results, the tender's card, the calendar).
 */
import { useEffect, useState } from 'react';
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

  if (!toasts.length) return null;
  const dismiss = (id: number): void => setToasts((cur) => cur.filter((t) => t.id !== id));
  return (
    <div className="toasts" role="status" aria-label={s.region} data-testid="notification-toasts">
      {toasts.map((t) => (
        <div key={t.id} className="toast" data-testid="notification-toast" data-kind={t.kind}>
          <button
            type="button"
            className="toast__open btn--link"
            data-testid="notification-toast-open"
            onClick={() => {
              dismiss(t.id);
              const route = routeOf(t.target);
              if (route) navigate(route);
            }}
          >
            <strong>{t.title}</strong>
            <span>{t.body}</span>
          </button>
          <button type="button" className="toast__close" aria-label={s.close} onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
