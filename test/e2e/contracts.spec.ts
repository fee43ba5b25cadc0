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
  await expect(page.getByTestId('contracts-customer-inn-error')).toContainText('неверное контрольное число');
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

  // The row shortcuts of the tenders' tables: J enters the table at its first row, O opens it.
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  // M marks the contract's tender (marks are a tender's): its marks dialog opens.
  await page.keyboard.press('m');
  await expect(page.getByTestId('contracts-marks-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('contracts-marks-dialog')).toHaveCount(0);
  await first.focus();
  await page.keyboard.press('o');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-kind', 'contract');
  await expect(page.getByTestId('card-suppliers')).toContainText('ИНН');
  await expect(page.getByTestId('card-execution')).toContainText('Оплачено');
  await expect(page.getByTestId('card-organization')).toContainText(inn!);
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-contracts')).toBeVisible();
});

/** The API's own answer for a contract QUERY, asked with a fresh demo session (the test's oracle). */
async function apiContractTotal(app: { sandboxBaseUrl: string }, body: unknown): Promise<number> {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=oracle`, { method: 'POST' });
  const { token } = (await login.json()) as { token: string };
  for (;;) {
    const r = await fetch(`${app.sandboxBaseUrl}/contracts/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(body as object), limit: 1 }),
    });
    if (r.status === 202) {
      await new Promise((done) => setTimeout(done, 300));
      continue;
    }
    const answer = (await r.json()) as { total?: number; state?: string };
    if (answer.state !== 'ready' || typeof answer.total !== 'number') {
      await new Promise((done) => setTimeout(done, 300));
      continue;
    }
    return answer.total;
  }
}

test('contracts by supplier name: the view shows as many contracts as the API counts for that name', async ({ page, app }) => {
  await page.getByTestId('nav-contracts').click();
  await page.getByTestId('contracts-mode-supplier').check();
  for (const name of ['Продторг', 'Вектор']) {
    await page.getByTestId('contracts-supplier-name').fill(name);
    await page.getByTestId('contracts-find').click();
    await expect(page.getByTestId('contracts-job')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
    // Asked after the app, so the app meets the feed as a new subscriber does (preparing first).
    const expected = await apiContractTotal(app, { supplier: { name } });
    expect(expected).toBeGreaterThan(0);
    await expect(page.getByTestId('contracts-job-figures')).toHaveAttribute('data-items', String(expected));
    await expect(page.getByTestId('contracts-count')).toHaveAttribute('data-count', String(expected));
    await expect(page.getByTestId('contracts-table').locator('[role="row"][data-row-index="0"]')).toContainText(name);
  }
});

test('contracts: a cost estimate before reading, as for tender searches (the API’s total, an upper bound, what is held)', async ({ page, app }) => {
  await page.getByTestId('nav-contracts').click();
  await page.getByTestId('contracts-mode-supplier').check();
  await page.getByTestId('contracts-supplier-name').fill('Альянс');
  await page.getByTestId('contracts-estimate').click();
  const result = page.getByTestId('contracts-estimate-result');
  await expect(result).toBeVisible();
  const expected = await apiContractTotal(app, { supplier: { name: 'Альянс' } });
  await expect(result).toHaveAttribute('data-total', String(expected));
  await expect(result).toContainText(`Контрактов в наборе: ${expected.toLocaleString('ru-RU')}`);
  await expect(result).toContainText('верхняя граница');
  await expect(page.getByTestId('contracts-job')).toHaveCount(0);
  await app.screenshot(page, 'contracts-estimate');

  // Another set in the form: the estimate of the old one is not shown for it.
  await page.getByTestId('contracts-supplier-name').fill('Альянс-2');
  await expect(result).toHaveCount(0);
  await page.getByTestId('contracts-supplier-name').fill('Альянс');
  await page.getByTestId('contracts-find').click();
  await expect(page.getByTestId('contracts-job')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(page.getByTestId('contracts-job-figures')).toHaveAttribute('data-items', String(expected));
  await page.getByTestId('contracts-estimate').click();
  await expect(result).toHaveAttribute('data-held', String(expected));
});
