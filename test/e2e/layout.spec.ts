/**
 * Screens as evidence: every view, with real data (saved searches synced with contracts, tagged
 * rows with our status and an assignee, a list, the ledger, a card, the earlier generation's views), at the
 * two window sizes analysts use (1366×768 and 1920×1080), in the light and the dark theme. Each screen is kept
 * as a screenshot (TENDERWB_E2E_OUTPUT/screenshots/layout/, and attached to the report) and measured: no
 * sideways scroll, no text spilling out of its box, no cut date, number, price or header, nothing outside the
 * window (layoutChecks.ts). The theme follows the OS setting unless Settings says otherwise.
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type E2eApp } from './fixtures';
import { layoutProblems } from './layoutChecks';
import { invokeOk, searchIds, tendersWithContracts, waitJob } from './viewsHelpers';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;
const shotsDir = path.resolve(process.env.TENDERWB_E2E_OUTPUT ?? 'test-results', 'screenshots', 'layout');

/** Saved searches (one synced with contracts), marks on some rows, a list of them: answers the tender ids. */
async function prepareData(app: E2eApp): Promise<number[]> {
  const newest = Array.from({ length: 100 }, (_, i) => 2901 + i);
  const withContracts = (await tendersWithContracts(app, newest)).slice(-3);
  const ids = [...newest.filter((id) => !withContracts.includes(id)).slice(-9), ...withContracts].sort((a, b) => a - b);
  const all = ['active', 'completed', 'cancelled'];
  const labelled = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', { criteria: { ids, status: all }, label: 'Поставка компьютерной техники для школ', events: ['created', 'updated'] });
  await waitJob(app, labelled.jobId);
  const contracts = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId: labelled.filterId, contracts: true });
  await waitJob(app, contracts.jobId);
  const tenderIds = await searchIds(app, labelled.filterId);
  await invokeOk(app, 'marks.apply', { tender_ids: tenderIds.slice(0, 4), add_tags: ['Приоритет', 'Москва и область', 'Проверить обеспечение'], status: 'reviewing', assignee: 'Анна Смирнова' });
  await invokeOk(app, 'marks.apply', { tender_ids: tenderIds.slice(4, 6), add_tags: ['Нам подходит'], status: 'preparing' });
  const list = await invokeOk<{ listId: string }>(app, 'lists.create', { name: 'Школьная техника, IV квартал' });
  await invokeOk(app, 'lists.addItems', { listId: list.listId, ids: tenderIds.slice(0, 8) });
  return tenderIds;
}

interface Screen {
  name: string;
  /** Gets the view on screen with its data loaded (a marker it shows when loaded, not a pause). */
  open(page: Page): Promise<void>;
}

/** A screen opened by its menu item and known by one element becoming visible. */
const byNav = (name: string, nav: string, shown: string): Screen => ({
  name,
  open: async (page) => {
    await page.getByTestId(nav).click();
    await expect(page.getByTestId(shown).first()).toBeVisible({ timeout: 20_000 });
  },
});

const CURRENT: Screen[] = [
  byNav('search', 'nav-search', 'view-search'),
  byNav('saved', 'nav-saved', 'saved-search'),
  {
    name: 'saved-results-preview',
    open: async (page) => {
      await page.getByTestId('nav-saved').click();
      await page.getByTestId('saved-search').first().getByRole('button', { name: 'Открыть результаты' }).click();
      const row = page.getByRole('row').nth(2);
      await expect(row).toBeVisible();
      await row.getByRole('gridcell').nth(1).click();
      await expect(page.getByTestId('saved-results-table-preview')).toBeVisible();
    },
  },
  {
    // The chooser offers the columns the exports have; with «№ извещения» and «Закон» added nothing is pushed
    // off-screen and a 19-digit notice number is whole (the checks below); then back to the default.
    name: 'saved-results-more-columns',
    open: async (page) => {
      await page.getByTestId('saved-results-table-columns').click();
      const chooser = page.getByTestId('saved-results-table-columns-popup');
      for (const column of ['Наш статус', 'Метки', 'Ответственный', 'ИНН заказчика', 'ID']) await expect(chooser.getByRole('checkbox', { name: column, exact: true })).not.toBeChecked();
      for (const column of ['№ извещения', 'Закон']) await chooser.getByRole('checkbox', { name: column }).check();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('saved-results-table').getByRole('columnheader', { name: 'Закон' })).toBeVisible();
    },
  },
  {
    name: 'card',
    open: async (page) => {
      await page.getByRole('row').nth(2).dblclick();
      await expect(page.getByTestId('card-title')).toBeVisible();
    },
  },
  byNav('contracts', 'nav-contracts', 'view-contracts'),
  {
    name: 'lists',
    open: async (page) => {
      await page.getByTestId('nav-lists').click();
      await page.getByRole('button', { name: /Школьная техника/ }).first().click();
      await expect(page.getByTestId('lists-members').locator('[role="row"][data-row-index="0"]')).toBeVisible();
    },
  },
  byNav('marks', 'nav-marks', 'view-marks'),
  byNav('calendar', 'nav-calendar', 'view-calendar'),
  byNav('insights', 'nav-insights', 'view-insights'),
  {
    name: 'ledger',
    open: async (page) => {
      await page.getByTestId('nav-ledger').click();
      await expect.poll(async () => Number(await page.getByTestId('ledger-count').getAttribute('data-count'))).toBeGreaterThan(0);
    },
  },
  byNav('exports', 'nav-exports', 'view-exports'),
  byNav('settings', 'nav-settings', 'settings-language'),
];

const EARLIER: Screen[] = [
  byNav('earlier-filters', 'nav-filters', 'earlier-filter'),
  {
    name: 'earlier-filter-tenders',
    open: async (page) => {
      await page.getByTestId('nav-filters').click();
      await page.locator('[data-testid="earlier-filter"][data-filter-id="2"]').getByTestId('earlier-filter-open').click();
      await expect(page.getByTestId('earlier-tenders-table-row').first()).toBeVisible({ timeout: 20_000 });
    },
  },
  byNav('earlier-favorites', 'nav-favorites', 'favorites-total'),
  byNav('earlier-limits', 'nav-limits', 'limits-balance'),
  byNav('earlier-search', 'nav-search', 'view-search'),
];

async function walk(page: Page, testInfo: TestInfo, screens: Screen[], size: { width: number; height: number }): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const screen of screens) {
      await screen.open(page);
      // Fonts and the last layout pass settle before measuring (a condition, not a pause).
      await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => r(null)))));
      const name = `${size.width}x${size.height}-${theme}-${screen.name}`;
      const file = path.join(shotsDir, `${name}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
      for (const problem of await layoutProblems(page)) problems.push(`${name}: ${problem}`);
      // The whole length of the view too (its main area scrolls inside the window), laid out at full height for
      // the picture only, then put back: for a reviewer (TENDERWB_E2E_FULL_SHOTS=1), not in CI, where the
      // measurements above are the test and 80 full-page pictures cost minutes of a 30-minute budget.
      if (process.env.TENDERWB_E2E_FULL_SHOTS === '1') {
        await page.evaluate(() => document.querySelector('.frame')?.classList.add('frame--print'));
        await page.screenshot({ path: path.join(shotsDir, `${name}-full.png`), fullPage: true });
        await page.evaluate(() => document.querySelector('.frame')?.classList.remove('frame--print'));
      }
    }
  }
  return problems;
}

for (const size of SIZES) {
  test(`layout at ${size.width}×${size.height}: every view in light and dark has no sideways scroll, no spilled or cut text, nothing outside the window`, async ({ page, app }, testInfo) => {
    test.setTimeout(360_000);
    await mkdir(shotsDir, { recursive: true });
    await page.setViewportSize(size);
    await prepareData(app);
    await page.goto(app.url);
    await expect(page.getByTestId('nav-search')).toBeVisible();
    const problems = await walk(page, testInfo, CURRENT, size);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('activate-sandbox-earlier').click();
    await expect(page.getByTestId('active-generation')).toBeVisible();
    // One filter synced, so its tenders (all new) and the spend of the run are on screen.
    await page.getByTestId('nav-filters').click();
    const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
    await filter.getByTestId('earlier-filter-sync').click();
    await filter.getByTestId('earlier-sync-start').click();
    await expect(filter.getByTestId('earlier-sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
    problems.push(...(await walk(page, testInfo, EARLIER, size)));
    expect(problems).toEqual([]);
  });
}

test('the theme follows the OS setting, and a choice in Settings overrides it, kept across a restart of browser mode', async ({ page, app }) => {
  const luminance = async (): Promise<number> => {
    const [r, g, b] = ((await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).match(/\d+/g) ?? []).map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  };
  await expect(page.getByTestId('nav-search')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await luminance()).toBeLessThan(0.2);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await luminance()).toBeGreaterThan(0.8);
  // A surface is dark too, not only the page behind it (the derived rules apply).
  await page.emulateMedia({ colorScheme: 'dark' });
  const form = page.locator('.search__form').first();
  await expect.poll(async () => form.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\((\d|[1-5]\d), /);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Kept across a reload, whatever the OS says.
  await page.goto('about:blank');
  await page.goto(app.url);
  await expect(page.getByTestId('nav-search')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // And across a restart of browser mode: a new port is a new origin with empty page storage, so the choice is
  // the core's (ui.setTheme), read back at start.
  await expect.poll(async () => {
    const answer = await app.invoke('ui.theme', {});
    return answer.ok ? (answer.value as { theme: string }).theme : null;
  }).toBe('light');
  const url = await app.restartWebMode();
  expect(new URL(url).origin).not.toBe(new URL(app.url).origin);
  await page.goto(url);
  await expect(page.getByTestId('nav-search')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The new origin's storage had nothing: the page took the core's copy (and keeps it for its next first paint).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('tenderwb.theme'))).toBe('light');
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('theme')).toHaveValue('light');
  await page.getByTestId('theme').selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a sync stopped at its spend limit is said plainly, not in red as a failure (earlier generation)', async ({ page }) => {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('activate-sandbox-earlier').click();
  await expect(page.getByTestId('active-generation')).toBeVisible();
  await page.getByTestId('nav-filters').click();
  const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
  await filter.getByTestId('earlier-filter-sync').click();
  await filter.getByTestId('earlier-sync-max-spend').fill('10');
  await filter.getByTestId('earlier-sync-start').click();
  const progress = filter.getByTestId('earlier-sync-progress');
  await expect(progress).toHaveAttribute('data-state', 'spend_cap', { timeout: 45_000 });
  const said = progress.getByTestId('earlier-sync-progress-error');
  await expect(said).toHaveAttribute('data-look', 'limit');
  await expect(said).toHaveAttribute('role', 'status');
  await expect(progress.locator('.notice--error, [role="alert"]')).toHaveCount(0);
});
