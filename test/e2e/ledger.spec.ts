/**
 * Balance and ledger end to end: after a search is synced twice (and a card opened twice), the ledger holds one
 * row per version delivered, every row matched, and the audit says "0 repeat charges, 0 unexplained"; balances,
 * today's usage and the spend chart agree with what was charged.
 */
import { expect, test } from './fixtures';
import { invokeOk, runSearch, searchIds, waitJob } from './viewsHelpers';

test('ledger: synced twice → zero repeat charges, every row matched, spend drawn', async ({ page, app }) => {
  const filterId = await runSearch(app, { ids: Array.from({ length: 20 }, (_, i) => 2981 + i) }, 'e2e ledger', ['created']);
  const again = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId });
  const second = await waitJob(app, again.jobId);
  expect(second.state).toBe('done');
  expect(second.charged).toBe(0);
  const [id] = await searchIds(app, filterId);
  await invokeOk(app, 'card.tender', { id });
  await invokeOk(app, 'card.tender', { id });

  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('view-ledger')).toBeVisible();
  const audit = page.getByTestId('ledger-audit');
  await expect(audit).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('ledger-audit-verdict')).toHaveText('0 повторных списаний, 0 необъяснённых');
  await expect(audit).toHaveAttribute('data-repeat', '0');
  await expect(audit).toHaveAttribute('data-unexplained', '0');

  await expect.poll(async () => Number(await page.getByTestId('ledger-count').getAttribute('data-count'))).toBeGreaterThan(0);
  const count = Number(await page.getByTestId('ledger-count').getAttribute('data-count'));
  const badges = page.getByTestId('ledger-table').getByTestId('ledger-audit-badge');
  await expect(badges.first()).toHaveAttribute('data-audit', 'matched');
  expect(await page.getByTestId('ledger-table').locator('[data-audit="repeat"], [data-audit="unexplained"]').count()).toBe(0);

  await expect(page.getByTestId('ledger-balance-tenders')).not.toBeEmpty();
  await expect(page.getByTestId('ledger-usage-today')).toContainText('Списано сегодня');
  await expect(page.getByTestId('ledger-balance-fresh')).toBeVisible();
  await expect(page.getByTestId('ledger-chart-days')).toHaveAttribute('data-total-tenders', String(count));
  await expect(page.getByTestId('ledger-bar').first()).toBeVisible();
  await expect(page.getByTestId('ledger-search-bar')).toContainText('e2e ledger');
  await app.screenshot(page, 'ledger');
});

test('ledger: the request id is not a column but in «Для поддержки», with the entry it belongs to', async ({ page, app }) => {
  await runSearch(app, { ids: [2991, 2992] }, 'e2e поддержка', ['created']);
  const held = await invokeOk<{ rows: { id: number; requestId: string | null }[] }>(app, 'ledger.list', { offset: 0, limit: 10 });
  const first = held.rows[0]!;
  expect(first.requestId).toMatch(/^req_/);

  await page.getByTestId('nav-ledger').click();
  const table = page.getByTestId('ledger-table');
  await expect(table.locator('[role="row"][data-row-index="0"]')).toBeVisible();
  await expect(table.locator('[role="columnheader"][data-column="requestId"]')).toHaveCount(0);
  await expect(table.locator('[role="columnheader"][data-column="id"]')).toHaveCount(0);
  await expect(table).not.toContainText('req_');
  await table.locator('[role="row"][data-row-index="0"]').getByTestId('ledger-support').click();
  const dialog = page.getByTestId('ledger-support-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText('Для поддержки');
  await expect(dialog.getByTestId('ledger-support-request')).toHaveText(/^req_/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
