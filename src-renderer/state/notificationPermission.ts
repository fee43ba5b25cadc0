/**
 * The browser's permission to show notifications, asked at a moment the analyst understands — when
 * they follow a search or turn notifications on in the settings — never at startup. Where the page has no
 * Notification API, or the permission is refused, the app shows its own toast instead (app/notifications/).
 * In Electron the same API shows the system's notification without asking.
 */
export type PermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

export function notificationPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks once: a choice already made (granted or denied) is not asked again. */
export async function askNotificationPermission(): Promise<PermissionState> {
  if (notificationPermission() !== 'default') return notificationPermission();
  try {
    return await Notification.requestPermission();
  } catch {
    return notificationPermission();
  }
}
