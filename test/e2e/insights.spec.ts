/**
 * Insights end to end: a saved search synced with its contracts in the sandbox; a tender card →
 * a supplier's dossier from the INN of a related contract → the competitors of the saved search → another
 * supplier (a competitor) → the price benchmark for an OKPD2 code of the card's positions (after the
 * enrichment job, started only behind its preview) → the CSV export read back. A screenshot at each step,
 * in Russian: no raw codes (44-FZ, completed, flt_…) on the pages.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectClean } from './screenText';
import { addIds, createList, invokeOk, memberRow, runSearch, waitJob } from './viewsHelpers';

/**
 * The frame's rule (no raw code, no English in Russian), and the codes only insights answers carry: statuses,
 * stages and `unknown` of the breakdowns, list ids of a scope.
 */
async function expectNoRawCodes(page: Page, where: string): Promise<void> {
  await expectClean(page, where);
  const text = await page.getByTestId('view-insights').innerText();
  expect(text).not.toMatch(/\b(completed|cancelled|active|executing|terminated|unknown)\b|lst_/);
  // «ед.» closing a sentence takes no second full stop.
  expect(text).not.toContain('ед..');
}

test('insights: card → supplier dossier → competitor → price benchmark → export', async ({ page, app }) => {
  test.setTimeout(300_000);
  // Completed tenders and their contracts, as a saved search synced with contracts.
  // 30 tenders: enough suppliers to rank, few enough cards for the enrichment at 100 requests a minute.
  const filterId = await runSearch(app, { ids: Array.from({ length: 30 }, (_, i) => i + 1), status: ['completed'] }, 'Итоги закупок', ['created']);
  const sync = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId, contracts: true });
  expect((await waitJob(app, sync.jobId, 90_000)).state).toBe('done');

  // A tender of the search with a cached contract that names its supplier.
  const rows = (await invokeOk<{ rows: { id: number }[] }>(app, 'search.results', { filterId, limit: 100 })).rows;
  let tenderId: number | null = null;
  for (const row of rows) {
    const related = await invokeOk<{ rows: { suppliers: { inn: string | null }[] }[] }>(app, 'card.relatedContracts', { tenderId: row.id, refresh: false });
    if (related.rows.some((c) => c.suppliers.some((s) => s.inn))) {
      tenderId = row.id;
      break;
    }
  }
  expect(tenderId).not.toBeNull();

  // The card, opened from a list; the related contract's supplier is a link to its dossier.
  await createList(page, 'Аналитика e2e');
  await addIds(page, [tenderId!]);
  await memberRow(page, 0).dblclick();
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(tenderId));
  await expect(page.getByTestId('card-inn-customer')).toBeVisible();
  const supplierLink = page.getByTestId('card-related-supplier').first();
  await expect(supplierLink).toBeVisible();
  const supplierInn = await supplierLink.getAttribute('data-inn');
  // The related contracts' price is the contract's, and the supplier's INN is written out beside its name.
  await expect(page.getByTestId('card-related').locator('th').filter({ hasText: 'Цена контракта' })).toHaveCount(1);
  await expect(page.getByTestId('card-related-supplier-inn').first()).toContainText(supplierInn!);
  await app.screenshot(page, 'insights-1-card');
  await supplierLink.click();

  // The supplier's dossier: figures, a timeline chart, customers by name, completeness said plainly.
  const dossier = page.getByTestId('insights-dossier');
  await expect(dossier).toHaveAttribute('data-kind', 'supplier');
  await expect(dossier).toHaveAttribute('data-inn', supplierInn!);
  await expect(page.getByTestId('fig-contracts')).not.toContainText('—');
  await expect(page.getByTestId('fig-total-price')).toContainText('₽');
  await expect(page.getByTestId('insights-timeline-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('insights-top-customers-row').first()).toBeVisible();
  await expect(page.getByTestId('insights-completeness')).toBeVisible();
  await expect(page.getByTestId('insights-stages')).toContainText(/Исполн|Расторгнут|Стадия не указана/);
  await expectNoRawCodes(page, 'supplier dossier');
  await app.screenshot(page, 'insights-2-supplier-dossier');

  // Its customer's dossier: tenders by status, law and placement type named, HHI read as a level.
  const customerLink = page.getByTestId('insights-top-customers-link').first();
  const customerInn = await page.getByTestId('insights-top-customers-row').first().getAttribute('data-inn');
  await customerLink.click();
  await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-kind', 'customer');
  await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-inn', customerInn!);
  await expect(page.getByTestId('insights-by-status-row').first()).toBeVisible();
  await expect(page.getByTestId('insights-by-law')).toContainText('44-ФЗ');
  await expect(page.getByTestId('fig-hhi')).toContainText('концентрация');
  await expect(page.getByTestId('insights-top-suppliers-row').filter({ has: page.locator(`[data-inn="${supplierInn}"]`) })).toHaveCount(1);
  await expectNoRawCodes(page, 'customer dossier');
  await app.screenshot(page, 'insights-2b-customer-dossier');

  // The backfill by the customer's INN: the cost first (asking it reads one contract, said in the dialog),
  // then only «Загрузить» starts the job; when it ends, the dossier is computed again.
  const contractsBefore = Number((await page.getByTestId('fig-contracts').innerText()).replace(/\D+/g, ''));
  await page.getByTestId('insights-backfill').click();
  const backfill = page.getByTestId('insights-backfill-dialog');
  await expect(backfill).toContainText('не больше 1 ед.');
  await page.getByTestId('insights-backfill-ask').click();
  const estimate = page.getByTestId('insights-backfill-estimate');
  await expect(estimate).toContainText('На сервере');
  const onServer = Number(await estimate.getAttribute('data-total'));
  // «списала 1 ед.» ends the sentence: no «ед..» (the trial's screenshot 13).
  expect(await backfill.innerText()).not.toContain('ед..');
  await app.screenshot(page, 'insights-2c-backfill-preview');
  await page.getByTestId('insights-backfill-start').click();
  await expect(page.getByTestId('insights-backfill-job')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  // Every contract the server has for this customer is now in the dossier.
  expect(onServer).toBeGreaterThanOrEqual(contractsBefore);
  await expect.poll(async () => Number((await page.getByTestId('fig-contracts').innerText()).replace(/\D+/g, ''))).toBe(onServer);
  await page.getByTestId('insights-back').click();
  await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-inn', supplierInn!);

  // The dossier as an Excel workbook, downloaded in browser mode.
  const dossierDownload = page.waitForEvent('download');
  await page.getByTestId('dossier-export').click();
  expect((await dossierDownload).suggestedFilename()).toBe(`поставщик ${supplierInn!}.xlsx`);
  await expect(page.getByTestId('dossier-exported')).toContainText('скачивается');

  // The backfill is offered and asks before anything is fetched: cancelling fetches nothing.
  const before = app.events().filter((e) => e.event === 'sync.progress').length;
  await page.getByTestId('insights-backfill').click();
  await expect(page.getByTestId('insights-backfill-dialog')).toContainText('платный');
  await page.getByTestId('insights-backfill-dialog').getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByTestId('insights-backfill-dialog')).toHaveCount(0);
  expect(app.events().filter((e) => e.event === 'sync.progress').length).toBe(before);

  // «Назад» returns to the card.
  await page.getByTestId('insights-back').click();
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(tenderId));

  // The competitors of the saved search, named by its label, never by its flt_ id.
  // Reached from the saved search itself.
  await page.getByTestId('nav-saved').click();
  await page.getByTestId('saved-search').filter({ hasText: 'Итоги закупок' }).getByTestId('saved-competitors').click();
  await expect(page.getByTestId('insights-competitors-title')).toContainText('Итоги закупок');
  const competitors = page.getByTestId('insights-competitors-table-row');
  await expect(competitors.first()).toBeVisible();
  await expectNoRawCodes(page, 'competitors');
  await app.screenshot(page, 'insights-3-competitors');

  // A competitor (another supplier than the first one, when there is one) opens its own dossier.
  const count = await competitors.count();
  let pick = 0;
  for (let i = 0; i < count; i++) {
    if ((await competitors.nth(i).getAttribute('data-inn')) !== supplierInn) {
      pick = i;
      break;
    }
  }
  const competitorInn = await competitors.nth(pick).getAttribute('data-inn');
  await competitors.nth(pick).getByTestId('insights-competitors-table-link').click();
  await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-inn', competitorInn!);
  await expect(page.getByTestId('insights-dossier-name')).not.toBeEmpty();
  await app.screenshot(page, 'insights-4-competitor-dossier');

  // The price benchmark: positions come with cards, so the enrichment runs first, behind its preview.
  await page.getByTestId('insights-back').click();
  await page.getByTestId('insights-tab-prices').click();
  await page.getByTestId('insights-enrich').click();
  const enrich = page.getByTestId('insights-enrich-dialog');
  await expect(enrich).toBeVisible();
  // Cached tenders and contracts without positions: cards to open, the time at the rate, cost 0 (held versions).
  const preview = page.getByTestId('insights-enrich-estimate');
  await expect(preview).toContainText('мин');
  await expect(preview).toHaveAttribute('data-cost', '0');
  // The job is not tied to a code: the dialog says it opens every cached object without positions.
  await expect(page.getByTestId('insights-enrich-all')).toContainText('всех закупок и контрактов');
  expect(Number(await preview.getAttribute('data-cards'))).toBeGreaterThan(0);
  await app.screenshot(page, 'insights-4b-enrich-preview');
  await page.getByTestId('insights-enrich-start').click();
  await expect(page.getByTestId('insights-enrich-job')).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  await expect(page.getByTestId('insights-enrich-job-figures')).toHaveAttribute('data-charged', '0');
  // The job names what it counts: cards opened, free requests (not a bare «бесплатно 100» beside «45 из 171»).
  await expect(page.getByTestId('insights-enrich-job')).toContainText('Карточек открыто');
  await expect(page.getByTestId('insights-enrich-job')).toContainText('бесплатных запросов');

  // A code the opened card's positions name (OKPD2, as the sandbox sends it).
  const card = await invokeOk<{ card: { positions?: { okpd2_code?: string }[] } }>(app, 'card.tender', { id: tenderId! });
  const okpd2 = (card.card.positions ?? []).map((p) => p.okpd2_code).find((c): c is string => typeof c === 'string' && c.length >= 5);
  expect(okpd2).toBeDefined();
  const prefix = okpd2!.slice(0, 5);
  await page.getByTestId('prices-code').fill(prefix);
  await page.getByTestId('prices-find').click();
  const stats = page.getByTestId('prices-stats');
  await expect(stats).toBeVisible();
  await expect.poll(async () => Number(await stats.getAttribute('data-n'))).toBeGreaterThan(0);
  await expect(page.getByTestId('prices-median')).toContainText('₽');
  await expect(page.getByTestId('prices-verdict')).toContainText(/однородн|Однородность/);
  await expect(page.getByTestId('prices-row').first()).toBeVisible();
  // Where the prices come from: distinct objects and customers, counted.
  await expect(page.getByTestId('prices-sources')).toContainText('Источники цен');
  expect(Number(await page.getByTestId('prices-sources').getAttribute('data-objects'))).toBeGreaterThan(0);
  await expectNoRawCodes(page, 'price benchmark');
  await app.screenshot(page, 'insights-5-price-benchmark');

  // Export: the CSV of comparable positions with their sources, Excel-ready (BOM, «;»).
  const downloading = page.waitForEvent('download');
  await page.getByTestId('prices-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain(';');
  expect(lines.length).toBeGreaterThan(1);
  await expect(page.getByTestId('prices-exported')).toBeVisible();
  await app.screenshot(page, 'insights-6-exported');

  // Red flags of the saved search: definition, source, evidence in words; a false positive dismissed with a
  // note stays dismissed when the page is read again, and comes back on «Вернуть».
  await page.getByTestId('insights-tab-flags').click();
  await page.getByTestId('insights-flags-scope').selectOption({ label: 'Итоги закупок' });
  await expect(page.getByTestId('insights-flags-title')).toContainText('Итоги закупок');
  const group = page.getByTestId('flag-group').first();
  await expect(group).toBeVisible();
  await expect(group.getByTestId('flag-definition')).not.toBeEmpty();
  await expect(group.getByTestId('flag-source')).not.toBeEmpty();
  await expectNoRawCodes(page, 'flags');
  const item = page.getByTestId('flag-item').first();
  await expect(item.getByTestId('flag-evidence')).not.toBeEmpty();
  expect(await item.getByTestId('flag-evidence').innerText()).not.toMatch(/[a-z]+_[a-z]+|T\d{2}:\d{2}:\d{2}/);
  await app.screenshot(page, 'insights-7-flags');
  const object = await item.getAttribute('data-object');
  const code = await item.getAttribute('data-code');
  const open = Number(await page.getByTestId('insights-flags-count').getAttribute('data-count'));
  await item.getByTestId('flag-note').fill('Проверено: цена обоснована');
  await item.getByTestId('flag-dismiss').click();
  await expect(page.locator(`[data-testid="flag-item"][data-code="${code}"][data-object="${object}"][data-dismissed="false"]`)).toHaveCount(0);
  // Read again from the core (another tab and back): the dismissal is remembered locally.
  await page.getByTestId('insights-tab-prices').click();
  await page.getByTestId('insights-tab-flags').click();
  await page.getByTestId('insights-flags-scope').selectOption({ label: 'Итоги закупок' });
  await expect(page.getByTestId('insights-flags-count')).toHaveAttribute('data-count', String(open));
  await expect(page.locator(`[data-testid="flag-item"][data-code="${code}"][data-object="${object}"]`)).toHaveCount(0);
  await page.getByTestId('flag-show-dismissed').first().click();
  const dismissed = page.locator(`[data-testid="flag-item"][data-code="${code}"][data-object="${object}"][data-dismissed="true"]`).first();
  await expect(dismissed).toBeVisible();
  await dismissed.getByTestId('flag-restore').click();
  await expect(page.locator(`[data-testid="flag-item"][data-code="${code}"][data-object="${object}"][data-dismissed="false"]`).first()).toBeVisible();

  // Back on the prices tab, the query is still there; a bad code hides the previous code's result.
  await page.getByTestId('insights-tab-prices').click();
  await expect(page.getByTestId('prices-code')).toHaveValue(prefix);
  await expect(page.getByTestId('prices-stats')).toBeVisible();
  await page.getByTestId('prices-code').fill('абв');
  await page.getByTestId('prices-find').click();
  await expect(page.locator('#prices-code-error, [aria-invalid="true"]').first()).toBeVisible();
  await expect(page.getByTestId('prices-stats')).toHaveCount(0);
  await expect(page.getByTestId('prices-row')).toHaveCount(0);
});

test.describe('strict sandbox (only what the API reference guarantees)', () => {
  test.use({ strictSandbox: true });

  test('insights: a supplier dossier says what the server did not send instead of wrong figures', async ({ page, app }) => {
    test.setTimeout(180_000);
    const filterId = await runSearch(app, { ids: Array.from({ length: 60 }, (_, i) => i + 1), status: ['completed'] }, 'Итоги строго', ['created']);
    const sync = await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId, contracts: true });
    expect((await waitJob(app, sync.jobId, 90_000)).state).toBe('done');
    // A strict contract names no tender, so no card links to it: the supplier's INN is typed into the dossier form.
    const contracts = (await invokeOk<{ rows: { suppliers: { inn: string | null }[] }[] }>(app, 'contracts.rows', { limit: 100 })).rows;
    const supplierInn = contracts.flatMap((c) => c.suppliers.map((x) => x.inn)).find((inn): inn is string => typeof inn === 'string' && inn.length > 0);
    expect(supplierInn).toBeDefined();
    // A strict contract has no registry number: the contracts view says «—», not our internal id.
    await page.getByTestId('nav-contracts').click();
    const firstContract = page.getByTestId('contracts-table').locator('[role="row"][data-row-index="0"]');
    await expect(firstContract).toBeVisible();
    expect((await firstContract.innerText()).trim()).toMatch(/^—/);
    // The active nav item keeps its dark background under the pointer (it read as a white pill with faint text).
    await page.getByTestId('nav-contracts').hover();
    await expect(page.getByTestId('nav-contracts')).toHaveCSS('background-color', 'rgb(59, 82, 112)');
    await expect(page.getByTestId('nav-contracts')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await app.screenshot(page, 'insights-strict-contracts');
    await page.getByTestId('nav-insights').click();
    await page.getByTestId('insights-inn').fill('123');
    await page.getByTestId('insights-open').click();
    await expect(page.getByTestId('insights-inn-error')).toBeVisible();
    await page.getByTestId('insights-kind-supplier').check();
    await page.getByTestId('insights-inn').fill(supplierInn!);
    await page.getByTestId('insights-open').click();
    await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-inn', supplierInn!);
    await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-kind', 'supplier');
    await expect(page.getByTestId('fig-contracts')).not.toContainText('—');
    // A strict contract has no price and no tender: the dossier says so and computes no reduction.
    const completeness = page.getByTestId('insights-completeness');
    await expect(completeness).toHaveAttribute('data-complete', 'false');
    await expect(completeness).toContainText('Без цены');
    await expect(page.getByTestId('fig-reduction')).toContainText('—');
    await expect(page.getByTestId('fig-total-price')).toContainText('сервер не прислал цену');
    await expect(page.getByTestId('fig-total-price')).not.toContainText('0,00');
    // Nor does it name the customer: the count of customers is unknown, and a breakdown's sum is «—», not 0 ₽.
    await expect(page.getByTestId('fig-customers')).toContainText('неизвестно');
    await expect(page.getByTestId('insights-regions')).not.toContainText('0,00');
    await expectNoRawCodes(page, 'strict supplier dossier');
    await app.screenshot(page, 'insights-strict-supplier-dossier');

    // An INN the cache knows nothing of: said so, with what to do, and no figures that read as zeros.
    await page.getByTestId('insights-tab-dossier').click();
    await page.getByTestId('insights-kind-supplier').check();
    await page.getByTestId('insights-inn').fill('7707083893');
    await page.getByTestId('insights-open').click();
    await expect(page.getByTestId('insights-nothing-cached')).toContainText('В кэше нет данных по этому ИНН');
    await expect(page.getByTestId('insights-figures')).toHaveCount(0);
    await expect(page.getByTestId('insights-dossier-name')).toHaveText('Название неизвестно');
    await app.screenshot(page, 'insights-strict-unknown-inn');

    // Red flags of the strict search: every flag of the catalogue is listed with its state; a flag that needs a
    // field the strict feed lacks says «не проверено» and what would fill it (cards: the enrichment button).
    const catalogue = await invokeOk<unknown[]>(app, 'insights.flagCatalogue', {});
    await page.getByTestId('insights-tab-flags').click();
    await page.getByTestId('insights-flags-scope').selectOption({ label: 'Итоги строго' });
    await expect(page.getByTestId('insights-flags-title')).toContainText('Итоги строго');
    await expect(page.getByTestId('flag-group')).toHaveCount(catalogue.length);
    const unchecked = page.locator('[data-testid="flag-group"][data-state="unchecked"]');
    await expect(unchecked.first()).toBeVisible();
    await expect(unchecked.first().getByTestId('flag-state')).toContainText('Не проверено');
    await expect(page.getByTestId('insights-flags-count')).not.toHaveAttribute('data-unchecked', '0');
    const cardGap = page.locator('[data-testid="flag-gaps"][data-remedy="cards"]').first();
    await expect(cardGap).toContainText('только в карточке');
    await expect(cardGap.getByTestId('insights-enrich')).toBeVisible();
    await expectNoRawCodes(page, 'strict flags');
    await app.screenshot(page, 'insights-strict-flags');

    // The same dossier in English: every label switches, the missing fields are said in English.
    await page.getByTestId('nav-settings').click();
    await page.getByRole('combobox', { name: 'Язык интерфейса' }).selectOption('en');
    await expect(page.getByTestId('nav-insights')).toHaveText('Insights');
    await page.getByTestId('nav-insights').click();
    await page.getByTestId('insights-kind-supplier').check();
    await page.getByTestId('insights-inn').fill(supplierInn!);
    await page.getByTestId('insights-open').click();
    await expect(page.getByTestId('insights-dossier')).toHaveAttribute('data-inn', supplierInn!);
    await expect(page.getByTestId('insights-completeness')).toContainText('Without a price');
    await expect(page.getByTestId('insights-regions')).toContainText('Not stated');
    await expect(page.getByTestId('insights-tab-prices')).toHaveText('Prices (initial price justification)');
    const english = await page.getByTestId('view-insights').innerText();
    // Only proper names stay Cyrillic (the supplier's name): none of the interface's words.
    expect(english).not.toMatch(/Досье|Полнота|Контракты|Без цены|Не указано|Стадии/);
    await app.screenshot(page, 'insights-strict-supplier-dossier-en');
  });
});
