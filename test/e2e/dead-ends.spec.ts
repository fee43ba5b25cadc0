/**
 * What never stays on screen for good: a toast closes by itself (a notification stayed ten minutes over
 * the table's cells), later for what matters, never while read (hovered or focused), and Escape closes it; the
 * frame's notice of a finished job and the sidebar's note of what an opening cost go the same way or are dismissed
 * with a button or the keyboard; and every view opens at its top, not where the previous view was scrolled to.
 * The page's clock is stopped while a notice is on screen and moved by the test (page.clock), so nothing waits on
 * the wall clock and a loaded machine cannot make a notice look older than it is.
 */
import type { Page } from '@playwright/test';
import { expect, test, type E2eApp } from './fixtures';
import { invokeOk, runSearch, searchIds } from './viewsHelpers';

declare global {
  interface Window {
    __shown: number;
  }
}

/** The browser's notifications refused: the app's own toasts tell the news. */
function refuseNotifications(): void {
  window.__shown = 0;
  class RefusedNotification {
    static readonly permission: NotificationPermission = 'denied';
    static requestPermission(): Promise<NotificationPermission> {
      return Promise.resolve('denied');
    }
    constructor() {
      window.__shown += 1;
    }
    close(): void {}
  }
  Object.defineProperty(window, 'Notification', { value: RefusedNotification, configurable: true, writable: true });
}

/** Opens the app again with the page's clock under the test's control (it runs on until paused). */
async function openWithClock(page: Page, app: E2eApp, init?: () => void): Promise<void> {
  if (init) await page.addInitScript(init);
  await page.clock.install();
  await page.goto('about:blank');
  await page.goto(app.url);
  await expect(page.getByRole('navigation')).toBeVisible();
}

/** From now on the page's time moves only when the test moves it. */
const stopTime = (page: Page): Promise<void> => page.clock.pauseAt(Date.now() + 1000);

/**
 * Lets the page finish what the moved clock set off: a macrotask queued after React's own render task (the
 * scheduler posts to a MessageChannel, which the fake clock does not hold), so the DOM is settled when it runs.
 */
const settled = (page: Page): Promise<unknown> =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(null);
        channel.port2.postMessage(null);
      }),
  );

async function moveClock(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
  await settled(page);
}

test('a toast closes by itself (a marked tender’s change after 15 s), never while hovered or focused, and Escape closes it', async ({ page, app }) => {
  test.setTimeout(120_000);
  await openWithClock(page, app, refuseNotifications);
  const filterId = await runSearch(app, { ids: [2991, 2992, 2993, 2994], status: ['active', 'completed', 'cancelled'] }, 'e2e тосты', ['created']);
  const [a, b, c, d] = await searchIds(app, filterId);
  expect(d).toBeDefined();
  await invokeOk(app, 'marks.apply', { tender_ids: [a, b, c, d], status: 'reviewing' });
  await app.control('tick', { updated: 3000 }); // every tender gets a new version
  await stopTime(page);
  const toast = page.getByTestId('notification-toast');

  // Left alone: still there just before its 15 s, gone after them.
  await invokeOk(app, 'card.tender', { id: a });
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-kind', 'marked_tender_changed');
  await app.screenshot(page, 'toast-before-it-goes');
  await moveClock(page, 14_000);
  await expect(toast).toHaveCount(1);
  await moveClock(page, 1_500);
  await expect(toast).toHaveCount(0);

  // Hovered: it waits for the reader, however long; left, its 15 s start again from where they stood.
  await invokeOk(app, 'card.tender', { id: b });
  await expect(toast).toHaveCount(1);
  await toast.hover();
  await moveClock(page, 10 * 60_000);
  await expect(toast).toHaveCount(1);
  await page.mouse.move(5, 5);
  await moveClock(page, 14_000);
  await expect(toast).toHaveCount(1);
  await moveClock(page, 1_500);
  await expect(toast).toHaveCount(0);

  // Two at once: Escape closes the newest. The other, focused (the keyboard on its ×), stays; Escape closes it.
  await invokeOk(app, 'card.tender', { id: c });
  await expect(toast).toHaveCount(1);
  const older = await toast.textContent();
  await invokeOk(app, 'card.tender', { id: d });
  await expect(toast).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveText(older!);
  await toast.getByTestId('notification-toast-close').focus();
  await moveClock(page, 10 * 60_000);
  await expect(toast).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  // Never a system notification: the permission was refused.
  expect(await page.evaluate(() => window.__shown)).toBe(0);
});

test('the frame’s notice of a finished job goes after 8 s or with Escape; the sidebar’s note of what an opening cost goes by itself or by its × or Escape', async ({ page, app }) => {
  test.setTimeout(120_000);
  await openWithClock(page, app);
  const filterId = await runSearch(app, { ids: [2941, 2942, 2943], status: ['active', 'completed', 'cancelled'] }, 'e2e заметка');
  // Numbers the «Открыть» box reads (a 19-digit notice number) of tenders not held yet: each opening is charged.
  const numbers = await noticeNumbers(app, 3);
  await page.getByTestId('nav-contracts').click();
  await stopTime(page);

  const notice = page.getByTestId('job-ended-banner');
  const first = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId });
  await expect(notice).toBeVisible({ timeout: 45_000 });
  expect(first.jobId).toMatch(/^job_/);
  await moveClock(page, 7_000);
  await expect(notice).toBeVisible();
  await moveClock(page, 1_500);
  await expect(notice).toHaveCount(0);
  await invokeOk(app, 'sync.start', { filterId });
  await expect(notice).toBeVisible({ timeout: 45_000 });
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);

  const box = page.getByTestId('open-box-input');
  const note = page.getByTestId('open-box-charged');
  // By itself.
  await box.fill(numbers[0]!);
  await box.press('Enter');
  await expect(note).toHaveText('Карточка получена с сервера: списана 1 ед.');
  await app.screenshot(page, 'open-box-note-closable');
  await moveClock(page, 7_000);
  await expect(note).toBeVisible();
  await moveClock(page, 1_500);
  await expect(note).toHaveCount(0);
  // By its ×, reached with the keyboard.
  await box.fill(numbers[1]!);
  await box.press('Enter');
  await expect(note).toBeVisible();
  await page.getByTestId('open-box-charged-close').focus();
  await page.keyboard.press('Enter');
  await expect(note).toHaveCount(0);
  // By Escape.
  await box.fill(numbers[2]!);
  await box.press('Enter');
  await expect(note).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(note).toHaveCount(0);
});

test('each view opens at its top, not where the previous view was scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  const main = page.locator('main.frame__main');
  const scroll = () => main.evaluate((el) => ({ top: el.scrollTop, room: el.scrollHeight - el.clientHeight }));

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('view-settings')).toBeVisible();
  await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect((await scroll()).top).toBeGreaterThan(0);

  for (const [nav, view] of [
    ['nav-search', 'view-search'],
    ['nav-ledger', 'view-ledger'],
    ['nav-settings', 'view-settings'],
  ] as const) {
    await page.getByTestId(nav).click();
    await expect(page.getByTestId(view)).toBeVisible();
    const after = await scroll();
    // The view is taller than the window, so a kept position would show here.
    expect(after.room).toBeGreaterThan(0);
    expect(after.top).toBe(0);
    await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  }
});

test('after the server forgot everything, a saved search’s sync starts its feeds again from the criteria and says so under its progress', async ({ page, app }) => {
  test.setTimeout(120_000);
  const filterId = await runSearch(app, { keywords: ['вакцин'] }, 'e2e после сброса');
  // The server forgets accounts, filters and cursors, and signs cursors with a new key (the built-in profile logs in again by itself).
  await app.control('reset');
  await app.control('rate-limit', { per_minute: 1_000_000 });
  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${filterId}"]`);
  await item.getByTestId('saved-sync').click();
  await item.getByTestId('sync-max-spend').fill('10000');
  await item.getByTestId('sync-start').click();
  await expect(item.getByTestId('saved-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(item.getByTestId('saved-progress-notice')).toHaveText(
    'Сервис не принял сохранённые позиции лент «закупки, новые» и «закупки, изменения» поиска «e2e после сброса», поэтому ленты начаты заново по условиям поиска — с оценкой стоимости и пределом расходов, как новый запуск.',
  );
  await expect(item.getByTestId('saved-progress-error')).toHaveCount(0);
  await app.screenshot(page, 'saved-sync-restarted');
});

/** Notice numbers (`etp_id`, 19 digits) of tenders this profile does not hold, read with the never-charged test login. */
async function noticeNumbers(app: E2eApp, count: number): Promise<string[]> {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo-test&password=demo&token_name=oracle`, { method: 'POST' });
  const { token } = (await login.json()) as { token: string };
  const held = new Set((await invokeOk<{ rows: { id: number }[] }>(app, 'search.offline', { limit: 500 })).rows.map((r) => r.id));
  const out: string[] = [];
  for (let id = 1; id < 600 && out.length < count; id++) {
    if (held.has(id)) continue;
    const r = await fetch(`${app.sandboxBaseUrl}/tenders/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) continue;
    const t = (await r.json()) as { etp_id?: unknown };
    if (typeof t.etp_id === 'string' && /^0\d{18}$/.test(t.etp_id)) out.push(t.etp_id);
  }
  if (out.length < count) throw new Error(`only ${out.length} tenders with a notice number`);
  return out;
}
