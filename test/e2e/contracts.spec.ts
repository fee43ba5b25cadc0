/**
 * Contracts end to end: an INN with a wrong check digit is refused before sending; contracts of a customer by
 * INN are read as a job with progress and shown from the cache; a double click opens the contract card with its
 * suppliers and execution.
 */
import { expect, test } from './fixtures';
import { invokeOk, runSearch } from './viewsHelpers';

test('contracts: customer INN validated → query job → rows → contract card', async ({ page, app }) => {
  // A customer with a signed contract: a completed tender whose card lists contracts.
  const filterId = await runSearch(app, { ids: Array.from({ length: 40 }, (_, i) => i + 1), status: ['completed'] }, 'e2e contracts', ['created']);
  const rows = (await invokeOk<{ rows: { id: number; customerInn: string | null }[] }>(app, 'search.results', { filterId, limit: 100 })).rows;
  let inn: string | null = null;
  for (const row of rows) {
    const card = await invokeOk<{ card: { contract_ids?: number[]; organization?: { inn?: string } } }>(app, 'card.tender', { id: row.id });
    if ((card.card.contract_ids ?? []).length > 0 && card.card.organization?.inn) {
      inn = card.card.organization.inn;
      break;
    }
  }
  expect(inn).not.toBeNull();

  await page.getByTestId('nav-contracts').click();
  await expect(page.getByTestId('view-contracts')).toBeVisible();
  await expect(page.getByTestId('contracts-difference')).toContainText('подписка');

  // A wrong check digit never reaches the server.
  const wrong = inn!.slice(0, -1) + String((Number(inn!.at(-1)) + 1) % 10);
  await page.getByTestId('contracts-customer-inn').fill(wrong);
  await page.getByTestId('contracts-find').click();
  await expect(page.getByTestId('contracts-customer-inn-error')).toContainText('контрольной суммы');
  await expect(page.getByTestId('contracts-job')).toHaveCount(0);

  await page.getByTestId('contracts-customer-inn').fill(inn!);
  await page.getByTestId('contracts-find').click();
  await expect(page.getByTestId('contracts-job')).toBeVisible();
  await expect(page.getByTestId('contracts-job')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect.poll(async () => Number(await page.getByTestId('contracts-count').getAttribute('data-count'))).toBeGreaterThan(0);
  const first = page.getByTestId('contracts-table').locator('[role="row"][data-row-index="0"]');
  await expect(first).toBeVisible();
  await expect(first).toContainText('₽');
  await app.screenshot(page, 'contracts');

  await first.dblclick();
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-kind', 'contract');
  await expect(page.getByTestId('card-suppliers')).toContainText('ИНН');
  await expect(page.getByTestId('card-execution')).toContainText('Оплачено');
  await expect(page.getByTestId('card-organization')).toContainText(inn!);
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-contracts')).toBeVisible();
});
