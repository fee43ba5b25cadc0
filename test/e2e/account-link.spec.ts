/**
 * D-ACC-1: the user links their own earlier-generation profile to a current-generation
 * profile as the same account (Settings, «Тот же аккаунт, что и»); the earlier filter's load then warns how
 * many of its tenders may be paid for again (an upper bound), as the built-in sandbox pair does. A wrong pair
 * is refused by the core in words. Uses the keychain (profiles with tokens).
 */
import { expect, test } from './fixtures';
import { invokeOk, waitJob } from './viewsHelpers';

test('a user-made earlier profile linked to a current one as the same account warns before its load', async ({ page, app }) => {
  test.setTimeout(120_000);
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-link`, { method: 'POST' });
  const token = ((await login.json()) as { token: string }).token;
  const earlierBaseUrl = `${app.sandboxOrigin}/legacy/api/v2`;
  await invokeOk(app, 'profiles.add', { name: 'work', baseUrl: app.sandboxBaseUrl, token });
  await invokeOk(app, 'profiles.add', { name: 'work-old', baseUrl: earlierBaseUrl, generation: 'earlier', token });
  await invokeOk(app, 'profiles.add', { name: 'other-old', baseUrl: earlierBaseUrl, generation: 'earlier', token });
  // The account receives some tenders through the current generation first.
  await invokeOk(app, 'profiles.activate', { name: 'work' });
  const run = await invokeOk<{ jobId: string }>(app, 'search.run', { criteria: { regions: [77] }, maxSpend: 30 });
  expect((await waitJob(app, run.jobId)).charged).toBeGreaterThan(0);
  const heldCurrent = (await invokeOk<{ tenders: number }>(app, 'cache.info')).tenders;
  expect(heldCurrent).toBeLessThan(1000); // shown with no digit groups below

  await page.goto(app.url);
  await page.getByTestId('nav-settings').click();
  const link = page.getByTestId('account-link-work-old');
  await expect(link.locator('option')).toHaveText(['— не связан —', 'work']); // current-generation user profiles only
  await link.selectOption('work');
  await expect(page.locator('[data-testid="account-link"][data-profile="work-old"]')).toHaveAttribute('data-linked', 'work');
  await app.screenshot(page, 'account-link-settings');
  // The other earlier profile cannot take the same current profile: the core says why.
  await page.getByTestId('account-link-other-old').selectOption('work');
  const other = page.locator('[data-testid="account-link"][data-profile="other-old"]');
  await expect(other.getByTestId('account-link-error')).toContainText('уже связан с профилем прежнего поколения «work-old»');
  await expect(other).toHaveAttribute('data-linked', '');

  await page.getByTestId('activate-work-old').click();
  await expect(page.getByTestId('active-profile')).toContainText('work-old');
  await page.getByTestId('nav-filters').click();
  const filter = page.locator('[data-testid="earlier-filter"][data-filter-id="2"]');
  await filter.getByTestId('earlier-filter-sync').click();
  const warning = filter.getByTestId('spend-estimate-held-in-current');
  await expect(warning).toHaveAttribute('data-count', String(heldCurrent));
  await expect(warning).toContainText(`не больше ${heldCurrent}`);
  await expect(warning).toContainText('будут оплачены ещё раз');
  await app.screenshot(page, 'account-link-warning');
});
