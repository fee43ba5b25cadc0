/**
 * The earlier generation's balance history names things, not ids — a debit's filter by the filter's
 * name (as the current generation names a saved search by its label), its object as «закупка», «контракт» or
 * «протокол», never the API's entity_type code. The sandbox's history holds tender debits only, so the history
 * answer is replaced in the page's bridge call (the core's own answer otherwise, filters included).
 */
import { expect, test } from './fixtures';
import { invokeOk, switchToEarlierProfile } from './viewsHelpers';

test('earlier balance history: a filter by its name, the object by its kind', async ({ page, app }) => {
  await switchToEarlierProfile(page);
  const filters = await invokeOk<{ filters: { id: number; name: string }[] }>(app, 'earlier.filters', { refresh: true });
  const named = filters.filters[1]!;
  const row = (id: number, balanceType: string, entityType: string | null, entityId: number | null, filterId: number | null) => ({
    id,
    amount: -1,
    type: 'debit',
    description: `Списание ${id}`,
    balanceType,
    entityId,
    entityType,
    filterId,
    createdAt: '2026-11-20T10:00:00+03:00',
  });
  const rows = [row(1, 'tenders', 'tender', 2991, named.id), row(2, 'contracts', 'contract', 8420, null), row(3, 'protocols', 'protocol', 77, 999_999)];
  await page.route('**/bridge/invoke/earlier.history', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: { rows, total: 3, page: 1, pageSize: 50, pages: 1, fromCache: false } }) }),
  );

  await page.getByTestId('nav-limits').click();
  const shown = page.getByTestId('limits-history-row');
  await expect(shown).toHaveCount(3);
  const filterCell = page.getByTestId('limits-history-filter');
  await expect(filterCell.nth(0)).toHaveText(named.name);
  await expect(filterCell.nth(1)).toHaveText('—');
  // A filter the list does not hold (deleted in the web interface) is said so, not shown as its number.
  await expect(filterCell.nth(2)).toHaveText('нет в списке фильтров');
  await expect(shown.nth(0)).toContainText('закупка 2991');
  await expect(shown.nth(1)).toContainText('контракт 8420');
  await expect(shown.nth(2)).toContainText('протокол 77');
  for (let i = 0; i < 3; i++) await expect(shown.nth(i)).not.toContainText(/\b(tender|contract|protocol)\b|999999|999 999/);
  await app.screenshot(page, 'earlier-history-names');
});
