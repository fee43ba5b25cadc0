/**
 * "Nothing is spent by surprise", in the app with a fresh install's money settings: a search with
 * no condition but its status asks first and names the status and the count; cancelling spends nothing more; a run whose balance runs out
 * says so once, and the ledger view and its audit show the charges when the run ends; the settings edit the
 * threshold, the cap and the daily budget; a saved search's sync and an earlier-generation filter's
 * «Загрузить новые…» show their estimate before they pay. Screenshots of each dialog.
 */
import { expect, test } from './fixtures';
import { invokeOk, switchToEarlierProfile, waitJob } from './viewsHelpers';

test.use({ moneyDefaults: true });

type Preview = { total: number; charged: number; spend: { bound: number; needsConfirm: boolean } };

test('a search narrowed by its status alone asks first, naming the status (never «no conditions») and the count; cancel spends nothing; a run out of balance says so once', async ({ page, app }) => {
  test.setTimeout(120_000);
  await expect(page.getByTestId('view-search')).toBeVisible();
  // The form opens with «Подача заявок и работа комиссии» (the API's `active`) checked: that is a condition, said as one (the form and the
  // dialog read «Условия не заданы… все закупки» with it checked).
  await expect(page.getByRole('checkbox', { name: 'Подача заявок и работа комиссии' })).toBeChecked();
  await expect(page.getByTestId('search-only-status')).toHaveText('Задан только статус «подача заявок и работа комиссии»: будут найдены все такие закупки. Сначала оцените стоимость.');
  await page.getByTestId('run').click();
  const dialog = page.getByTestId('spend-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('spend-confirm-only-status')).toHaveText('Задан только статус «подача заявок и работа комиссии»: будут загружены все такие закупки, какие есть на сервере.');
  await expect(page.getByText('Условия не заданы')).toHaveCount(0);
  const everything = dialog.getByTestId('spend-confirm-everything');
  // «2 345 закупок ≈ 1 000 ед.»: the set's count with its plural form, and the most the run may charge
  // (a fresh install caps a run at 1 000 units).
  await expect(everything).toHaveText(/^\d[\d\s]* закуп(ка|ки|ок) ≈ 1\s000 ед\.$/);
  await expect(dialog.getByTestId('spend-confirm-cost')).toContainText('больше порога подтверждения (100 ед.');
  await expect(dialog.getByTestId('spend-confirm-ok')).toHaveText(/Загрузить за 1\s000 ед\./);
  // The set is larger than the cap: the dialog says the run stops there, how many stay out and where to raise it.
  await expect(dialog.getByTestId('spend-confirm-shortfall')).toContainText(/^Загрузка остановится на пределе 1\s000 ед\.; незагруженными останутся примерно: \d[\d\s]* закуп(ка|ки|ок)\./);
  await expect(dialog.getByTestId('spend-confirm-shortfall')).toContainText('в настройках, раздел «Расходы»');
  await app.screenshot(page, 'spend-confirm-search');

  await dialog.getByTestId('spend-confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
  expect(await invokeOk<unknown[]>(app, 'sync.jobs')).toEqual([]);

  // The balance runs out in the middle of the run: one message, at once, with what was charged.
  await app.control('balance', { login: 'demo', tenders: 150 });
  await page.getByTestId('run').click();
  await page.getByTestId('spend-confirm').getByTestId('spend-confirm-ok').click();
  const progress = page.getByTestId('run-progress');
  await expect(progress).toHaveAttribute('data-state', 'balance_exhausted', { timeout: 45_000 });
  await expect(page.getByTestId('run-progress-error')).toHaveCount(1);
  await expect(page.getByTestId('run-progress-error')).toContainText(/Баланс исчерпан: списано 1\d\d ед\./);
  await expect(page.getByTestId('job-outcome')).toHaveCount(0);
  await expect(page.getByText('Баланс исчерпан', { exact: false })).toHaveCount(2); // the state word and the one message
  await app.screenshot(page, 'spend-balance-exhausted');
});

test('the ledger view and its audit show a run\'s charges when it ends; the settings edit the money limits', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.getByTestId('nav-ledger').click();
  await expect(page.getByTestId('ledger-count')).toHaveAttribute('data-count', '0');

  // A run started while the ledger is on screen (as from another window or the CLI's core).
  const criteria = { regions: [77, 78] };
  const preview = await invokeOk<Preview>(app, 'search.preview', { criteria });
  const run = await invokeOk<{ jobId: string }>(app, 'search.run', { criteria, ...(preview.spend.needsConfirm ? { confirmCost: preview.spend.bound } : {}) });
  const job = await waitJob(app, run.jobId);
  expect(job.charged).toBeGreaterThan(0);
  const paid = preview.charged + job.charged; // the preview's one item, then the run
  await expect.poll(async () => Number(await page.getByTestId('ledger-count').getAttribute('data-count')), { timeout: 20_000 }).toBe(paid);
  await expect(page.getByTestId('ledger-audit')).toHaveAttribute('data-ok', 'true');

  await page.getByTestId('nav-settings').click();
  const money = page.getByTestId('settings-money');
  await expect(money.getByTestId('spending-confirmAbove')).toHaveValue('100');
  // Amounts read as in the tables: grouped by threes with the Russian no-break space, the page's own.
  const RU_GROUP = await page.evaluate(() => new Intl.NumberFormat('ru-RU').formatToParts(1000).find((p) => p.type === 'group')?.value ?? '');
  expect(RU_GROUP).toMatch(/^[\u00a0\u202f]$/);
  await expect(money.getByTestId('spending-runCap')).toHaveValue(`1${RU_GROUP}000`);
  await expect(money.getByTestId('spending-dailyBudget')).toHaveValue('');
  await expect(money.getByTestId('spending-today')).toHaveAttribute('data-units', String(paid));
  await money.getByTestId('spending-dailyBudget').fill('абв');
  await expect(money.getByTestId('spending-save')).toBeDisabled();
  // Grouped as it is typed, the caret kept after the digit just typed: «1 500 000», then «2» and «3» typed after
  // the «1» land there (a caret thrown to the end would append them).
  const budget = money.getByTestId('spending-dailyBudget');
  await budget.fill('');
  await budget.pressSequentially('1500000');
  await expect(budget).toHaveValue(`1${RU_GROUP}500${RU_GROUP}000`);
  await budget.press('Home');
  await budget.press('ArrowRight');
  await budget.press('2');
  await expect(budget).toHaveValue(`12${RU_GROUP}500${RU_GROUP}000`);
  await expect.poll(() => budget.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(2);
  await budget.press('3');
  await expect(budget).toHaveValue(`123${RU_GROUP}500${RU_GROUP}000`);
  await expect.poll(() => budget.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(3);
  await budget.fill(String(paid + 500));
  await money.getByTestId('spending-confirmAbove').fill('10');
  await money.getByTestId('spending-save').click();
  await expect(money.getByTestId('spending-saved')).toBeVisible();
  await money.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'spend-settings');
  expect(await invokeOk(app, 'spending.get')).toMatchObject({ confirmAbove: 10, runCap: 1000, dailyBudget: paid + 500 });

  // A saved search read only in part: its sync asks above the (new) threshold, saying what is held.
  const part = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', { criteria: { regions: [50] }, label: 'Подмосковье', maxSpend: 5 });
  await waitJob(app, part.jobId);
  await page.getByTestId('nav-saved').click();
  const item = page.locator(`[data-testid="saved-search"][data-filter-id="${part.filterId}"]`);
  await item.getByTestId('saved-sync').click();
  await item.getByTestId('sync-start').click();
  const dialog = page.getByTestId('spend-confirm');
  await expect(dialog.getByTestId('spend-confirm-held')).toContainText('Уже получено: 5 закупок');
  await expect(dialog.getByTestId('spend-confirm-cost')).toContainText('больше порога подтверждения (10 ед.');
  await app.screenshot(page, 'spend-confirm-sync');
  await dialog.getByTestId('spend-confirm-ok').click();
  await expect(item.getByTestId('saved-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
});

test('earlier generation: «Загрузить новые…» shows its estimate before it pays, and asks above the threshold', async ({ page, app }) => {
  test.setTimeout(120_000);
  // The same demo account first receives some tenders through the current generation.
  const current = await invokeOk<{ jobId: string }>(app, 'search.run', { criteria: { regions: [77] }, maxSpend: 50 });
  expect((await waitJob(app, current.jobId)).charged).toBeGreaterThan(0);
  const heldCurrent = (await invokeOk<{ tenders: number }>(app, 'cache.info')).tenders;
  await switchToEarlierProfile(page);
  await page.getByTestId('nav-filters').click();
  const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
  await filter.getByTestId('earlier-filter-sync').click();
  // Never loaded: the server has not stated a total yet, so the run is bounded by its cap and asks.
  await expect(filter.getByTestId('spend-estimate')).toContainText('Оценка появится после первой загрузки (уже получено 0 закупок)');
  // One account, two generations: the earlier generation bills its own deliveries again.
  await expect(filter.getByTestId('spend-estimate-held-in-current')).toHaveAttribute('data-count', String(heldCurrent));
  // At most all of them: which tenders the filter delivers is not known before paying.
  await expect(filter.getByTestId('spend-estimate-held-in-current')).toContainText(`не больше ${heldCurrent}`); // under 1 000: no digit groups
  await filter.getByTestId('earlier-sync-start').click();
  const dialog = page.getByTestId('spend-confirm');
  await expect(dialog).toContainText('Загрузить новые закупки фильтра');
  await expect(dialog.getByTestId('spend-confirm-held-in-current')).toContainText('будут оплачены ещё раз');
  await expect(dialog.getByTestId('spend-confirm-cost')).toContainText(/Загрузка спишет не больше 1\s000 ед\./);
  await app.screenshot(page, 'spend-confirm-earlier');
  await dialog.getByTestId('spend-confirm-ok').click();
  await expect(filter.getByTestId('earlier-sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });

  // Loaded: the estimate is the total minus what was received, before anything is paid. The filter list
  // shows the new count once it has reloaded after the job: waited for, not read once (it lagged under load).
  await expect(filter.getByTestId('earlier-filter-cached')).not.toHaveAttribute('data-cached', '0');
  const cached = Number(await filter.getByTestId('earlier-filter-cached').getAttribute('data-cached'));
  expect(cached).toBeGreaterThan(0);
  await filter.getByTestId('earlier-filter-sync').click();
  await expect(filter.getByTestId('spend-estimate')).toHaveAttribute('data-estimate', '0');
  // Nothing new to load: nothing can be paid again, whatever the current generation holds.
  await expect(filter.getByTestId('spend-estimate-held-in-current')).toHaveCount(0);
  await expect(filter.getByTestId('spend-estimate')).toContainText(/Оценка: до 0 ед\. \(всего \d[\d\s]* закуп(ка|ки|ок), уже получено \d[\d\s]* закуп(ка|ки|ок)\)\./);
  await app.screenshot(page, 'spend-estimate-earlier');

  // The balance views of the account explain the movements of both generations.
  const earlierCharged = Number(await filter.getByTestId('earlier-sync-progress-figures').getAttribute('data-charged'));
  await page.getByTestId('nav-limits').click();
  const twinOnEarlier = page.getByTestId('balance-twin');
  await expect(twinOnEarlier).toHaveAttribute('data-profile', 'sandbox');
  await expect(twinOnEarlier).toContainText('Тот же аккаунт тратит и через текущее поколение API (профиль «sandbox»)');
  await expect(page.getByTestId('limits-history-row').first()).toBeVisible(); // the history, mirrored
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('activate-sandbox').click();
  await expect(page.getByTestId('active-profile')).toContainText('sandbox');
  await page.getByTestId('nav-ledger').click();
  const twinOnCurrent = page.getByTestId('balance-twin');
  await expect(twinOnCurrent).toHaveAttribute('data-profile', 'sandbox-earlier');
  await expect(twinOnCurrent).toHaveAttribute('data-units', String(earlierCharged));
  await expect(twinOnCurrent).toContainText(/прежнее поколение API \(профиль «sandbox-earlier»\) — эти списания уменьшают тот же баланс: .*\d+ списани(е|я|й)/);
  await app.screenshot(page, 'spend-balance-twin');
});

test('the Contracts view\'s query and a list\'s update ask consent above the threshold, naming the count; cancel starts nothing', async ({ page, app }) => {
  test.setTimeout(120_000);
  // A list of 1 000 tenders: its contracts and its members both cost more than the threshold of 100 units.
  const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
  const list = await invokeOk<{ listId: string }>(app, 'lists.create', { name: 'Крупный список' });
  await invokeOk(app, 'lists.addItems', { listId: list.listId, ids });

  await page.getByTestId('nav-contracts').click();
  await page.getByTestId('contracts-mode-list').check();
  await page.getByTestId('contracts-list').selectOption(list.listId);
  await page.getByTestId('contracts-find').click();
  const dialog = page.getByTestId('spend-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('spend-confirm-found')).toHaveText(/^Найдено: \d[\d\s]* контракт(|а|ов)\.$/);
  await expect(dialog.getByTestId('spend-confirm-cost')).toContainText('больше порога подтверждения (100 ед.');
  await app.screenshot(page, 'spend-confirm-contracts');
  await dialog.getByTestId('spend-confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('contracts-job')).toHaveCount(0);
  expect(await invokeOk<unknown[]>(app, 'sync.jobs')).toEqual([]);

  await page.getByTestId('contracts-find').click();
  await expect(dialog.locator('[data-bound]')).toHaveAttribute('data-bound', /^\d+$/);
  const bound = Number(await dialog.locator('[data-bound]').getAttribute('data-bound'));
  expect(bound).toBeGreaterThan(100);
  await dialog.getByTestId('spend-confirm-ok').click();
  await expect(page.getByTestId('contracts-job')).toHaveAttribute('data-state', /^(done|spend_cap)$/, { timeout: 45_000 });
  const contractJob = (await invokeOk<{ label: string | null; charged: number; feeds?: string[] }[]>(app, 'sync.jobs'))[0]!;
  expect(contractJob.charged).toBeLessThanOrEqual(bound);

  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-item').filter({ hasText: 'Крупный список' }).click();
  await expect(page.getByTestId('lists-detail-name')).toHaveText('Крупный список');
  await page.getByTestId('lists-update').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('spend-confirm-found')).toHaveText(/^Найдено: 1\s000 закупок\.$/);
  await expect(dialog.getByTestId('spend-confirm-cost')).toContainText('больше порога подтверждения (100 ед.');
  await app.screenshot(page, 'spend-confirm-list');
  await dialog.getByTestId('spend-confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('lists-job')).toHaveCount(0);
  await page.getByTestId('lists-update').click();
  await dialog.getByTestId('spend-confirm-ok').click();
  await expect(page.getByTestId('lists-job')).toHaveAttribute('data-state', /^(done|spend_cap)$/, { timeout: 45_000 });
});
