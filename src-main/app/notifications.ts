/**
 * notifications.*: the settings (on/off, quiet hours in Moscow time), muted saved searches and a followed
 * search's relevance threshold. The telling
 * itself (the `notify` event, the timer) is the context's AppNotifications (notificationTeller.ts).
 */
import { notificationStore } from '../cache/notificationStore';
import type { Handlers } from '../contract/ipc';
import type { AppContext } from './context';

type NotificationHandlers = Pick<
  Handlers,
  'notifications.settings' | 'notifications.setSettings' | 'notifications.mute' | 'notifications.muted' | 'notifications.setMinRelevance' | 'notifications.minRelevances'
>;

export function notificationHandlers(ctx: AppContext): NotificationHandlers {
  return {
    'notifications.settings': async () => ctx.settings.value.notifications,
    'notifications.setSettings': async (notifications) => {
      await ctx.settings.update({ notifications });
      // Quiet hours shortened or removed: what they held is told now, not at the next minute.
      ctx.notifications.check();
      return notifications;
    },
    'notifications.mute': async ({ filterId, muted }) => {
      notificationStore(ctx.session().cache).setMuted(filterId, muted);
      return { muted };
    },
    'notifications.muted': async () => notificationStore(ctx.session().cache).muted(),
    'notifications.setMinRelevance': async ({ filterId, minRelevance }) => {
      notificationStore(ctx.session().cache).setMinRelevance(filterId, minRelevance);
      return { minRelevance };
    },
    'notifications.minRelevances': async () => notificationStore(ctx.session().cache).minRelevances(),
  };
}
