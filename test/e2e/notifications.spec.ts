/**
 * Notifications in browser mode: following a saved search asks for the browser's permission (not
 * the start); the server's new tenders (`/__sandbox/tick`) arrive through the follow job and are told as ONE
 * notification of that search, with its name and counts; clicking it, from another view, opens the search's
 * results. The page's Notification API is replaced by a recording stub (permission granted) to observe it.
 * Where the permission is denied, the same news is an in-app toast: a marked tender's new version brought by
 * opening its card is told so, and a click on the toast opens that card.
 */
import { expect, test } from './fixtures';
import { invokeOk, runSearch, searchIds, waitJob } from './viewsHelpers';

type Ok<T> = { ok: true; value: T };
type Recorded = { title: string; body: string; tag: string };

declare global {
  interface Window {
    __notes: { title: string; body: string; tag: string; onclick: (() => void) | null }[];
    __asked: number;
  }
}

test('a followed search\'s new tenders: one notification with its name and counts; a click opens its results', async ({ page, app, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: app.origin });
  await page.addInitScript(() => {
    window.__notes = [];
    window.__asked = 0;
    let permission: NotificationPermission = 'default';
    class RecordingNotification {
      static get permission(): NotificationPermission {
        return permission;
      }
      static requestPermission(): Promise<NotificationPermission> {
        window.__asked += 1;
        permission = 'granted';
        return Promise.resolve(permission);
      }
      onclick: (() => void) | null = null;
      readonly body: string;
      readonly tag: string;
      constructor(
        readonly title: string,
        options?: NotificationOptions,
      ) {
        this.body = options?.body ?? '';
        this.tag = options?.tag ?? '';
        window.__notes.push(this);
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true, writable: true });
  });
  // The link again (the key in its hash is dropped from the address once read), now with the stub in place.
  await page.goto('about:blank');
  await page.goto(app.url);
  expect(await page.evaluate(() => window.__asked)).toBe(0);

  const started = (await app.invoke('search.run', { criteria: { keywords: ['поставка'] }, label: 'Поставки e2e', events: ['created', 'updated'] })) as Ok<{ filterId: string; jobId: string }>;
  expect(started.ok).toBe(true);
  const { filterId, jobId } = started.value;
  await waitJob(app, jobId);

  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`);
  await item.getByTestId('saved-follow').click();
  await expect(item.getByTestId('following-badge')).toBeVisible();
  // Following is the moment the permission is asked, once.
  expect(await page.evaluate(() => window.__asked)).toBe(1);
  // The follow job waits on its long poll before the world moves, so what the tick makes reaches it as news.
  await expect
    .poll(async () => {
      const jobs = (await app.invoke('sync.jobs')) as Ok<{ filterId: string; state: string }[]>;
      return jobs.value.some((j) => j.filterId === filterId && j.state === 'following');
    }, { timeout: 45_000 })
    .toBe(true);

  await page.getByTestId('nav-settings').click();
  await app.control('tick', { created: 200, updated: 200 });
  await expect.poll(() => page.evaluate(() => window.__notes.length), { timeout: 45_000 }).toBeGreaterThan(0);
  const [first] = await page.evaluate((): Recorded[] => window.__notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
  expect(first!.title).toBe('Поставки e2e');
  expect(first!.body).toMatch(/^(\d+ (новая|новые|новых) (закупка|закупки|закупок))?(, )?(\d+ (закупка|закупки|закупок) (изменилась|изменились))?$/);
  expect(first!.body).not.toBe('');
  await page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('notifications-enabled')).toBeChecked();
  await app.screenshot(page, 'notifications-settings');

  await page.evaluate(() => window.__notes[0]!.onclick?.());
  await expect(page.getByTestId('view-saved')).toBeVisible();
  await expect(page.getByTestId('saved-results')).toBeVisible();
  await expect(page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`)).toHaveClass(/saved__item--open/);
  await app.screenshot(page, 'notifications-opened-results');
  // Clicked again while the saved searches are shown, the results closed meanwhile: they open again.
  await page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`).getByTestId('saved-open').click();
  await expect(page.getByTestId('saved-results')).toHaveCount(0);
  await page.evaluate(() => window.__notes[0]!.onclick?.());
  await expect(page.getByTestId('saved-results')).toBeVisible();

  // Muted: still followed, no longer told about (the core keeps the mute).
  const mute = page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`).getByTestId('saved-mute');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(mute).toHaveText('Уведомлять');
  expect(((await app.invoke('notifications.muted')) as Ok<string[]>).value).toEqual([filterId]);

  // Quiet hours in the settings: 24-hour Moscow time; a time that is not HH:MM is named and not saved.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('notifications-quiet').check();
  await page.getByTestId('notifications-quiet-from').fill('25:00');
  await expect(page.getByTestId('settings-notifications')).toContainText('Время в формате ЧЧ:ММ, например 22:00');
  await expect(page.getByTestId('notifications-save')).toBeDisabled();
  await page.getByTestId('notifications-quiet-from').fill('23:00');
  await page.getByTestId('notifications-save').click();
  await expect(page.getByTestId('notifications-saved')).toBeVisible();
  await app.screenshot(page, 'notifications-quiet-hours');
  expect(((await app.invoke('notifications.settings')) as Ok<unknown>).value).toEqual({ enabled: true, quietHours: { from: '23:00', to: '08:00' } });
});

test('permission denied: a marked tender that changed is told as an in-app toast; a click opens its card', async ({ page, app }) => {
  await page.addInitScript(() => {
    window.__notes = [];
    window.__asked = 0;
    // The analyst said no: the API stays, refusing (a system notification made anyway would be recorded).
    class RefusedNotification {
      static readonly permission: NotificationPermission = 'denied';
      static requestPermission(): Promise<NotificationPermission> {
        window.__asked += 1;
        return Promise.resolve('denied');
      }
      onclick: (() => void) | null = null;
      constructor(
        readonly title: string,
        readonly options?: NotificationOptions,
      ) {
        window.__notes.push({ title, body: options?.body ?? '', tag: options?.tag ?? '', onclick: null });
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { value: RefusedNotification, configurable: true, writable: true });
  });
  await page.goto('about:blank');
  await page.goto(app.url);
  await expect(page.getByTestId('view-search')).toBeVisible();

  // A tender held from a search's page only (its card never opened), marked, then changed on the server.
  const filterId = await runSearch(app, { ids: [2991, 2992] }, 'e2e тост', ['created']);
  const [id] = await searchIds(app, filterId);
  await invokeOk(app, 'marks.apply', { tender_ids: [id], status: 'reviewing' });
  await app.control('tick', { updated: 3000 }); // every tender of the catalogue gets a new version
  // Its card opened (here through the core, as another window would): the newer version arrives with it.
  await invokeOk(app, 'card.tender', { id });

  const toast = page.getByTestId('notification-toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-kind', 'marked_tender_changed');
  await expect(toast).toContainText('Отмеченная закупка изменилась');
  await app.screenshot(page, 'notifications-toast');
  expect(await page.evaluate(() => window.__notes.length)).toBe(0);

  await toast.getByTestId('notification-toast-open').click();
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(id));
  await expect(toast).toHaveCount(0);
});
