/**
 * Settings end to end: the language switch (ru ⇄ en), the cache, the account's API tokens (a new secret shown
 * once, revoke), and profiles: a live profile pointing at the sandbox with a token from /auth/login — the
 * token field is cleared once the token is stored and the token never appears in the page — activated,
 * switched back, removed; a failed add keeps the token typed; a profile name in Cyrillic.
 */
import { expect, test } from './fixtures';

test('settings: language switch to English and back', async ({ page, app }) => {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByRole('heading', { name: 'Настройки', level: 1 })).toBeVisible();
  await page.getByTestId('language').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('nav-search')).toHaveText('Search');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The choice is the core's: opening the app again keeps English.
  const info = (await app.invoke('app.info', {})) as { ok: true; value: { locale: string } };
  expect(info.value.locale).toBe('en');
  await page.goto(app.url);
  await expect(page.getByTestId('nav-search')).toHaveText('Search');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('language').selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Настройки', level: 1 })).toBeVisible();
  await expect(page.getByTestId('nav-search')).toHaveText('Поиск');
});

test('settings: cache, API tokens (secret shown once, revoke)', async ({ page }) => {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('cache-path')).not.toBeEmpty();
  await expect(page.getByTestId('cache-size')).toContainText(/Б|КБ|МБ/);

  await page.getByTestId('token-name').fill('e2e-токен');
  await page.getByTestId('token-create').click();
  const secretBox = page.getByTestId('token-secret');
  await expect(secretBox).toBeVisible();
  await expect(secretBox).toContainText('показывается только один раз');
  const secret = await page.getByTestId('token-secret-value').inputValue();
  expect(secret).toMatch(/^tenderwb_(live|test)_/);
  const row = page.getByTestId('token-row').filter({ hasText: 'e2e-токен' });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(secret);
  await page.getByTestId('token-secret-done').click();
  await expect(secretBox).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  await row.getByRole('button', { name: 'Отозвать' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('потеряют доступ');
  await dialog.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toHaveAttribute('data-active', 'false');
  await expect(row).toContainText('отозван');
});

test('settings: add a live profile with a token from /auth/login, activate, switch back, remove', async ({ page, app }) => {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-profile`, { method: 'POST' });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { token: string }).token;

  await page.getByTestId('nav-settings').click();
  await expect(page.locator('[data-testid="profile-row"][data-active="true"]')).toHaveAttribute('data-name', 'sandbox');

  // Checked before sending.
  await page.getByTestId('profile-name').fill('live e2e');
  await page.getByTestId('profile-base-url').fill('ftp://nowhere');
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('add-profile');
  await expect(form).toContainText('буквы, цифры');
  await expect(form).toContainText('https://host/api/v2');
  await expect(form).toContainText('Вставьте токен');

  await page.getByTestId('profile-name').fill('live-e2e');
  await page.getByTestId('profile-base-url').fill(app.sandboxBaseUrl);
  await page.getByTestId('profile-token').fill(token);
  await expect(page.getByTestId('profile-token')).toHaveAttribute('type', 'password');
  await page.getByTestId('profile-add').click();
  // The token field is cleared once the token is stored.
  await expect(page.getByTestId('profile-token')).toHaveValue('');
  await expect(page.getByTestId('profile-added')).toContainText('live-e2e');
  const row = page.locator('[data-testid="profile-row"][data-name="live-e2e"]');
  await expect(row).toContainText('токен в связке ключей');
  expect(await page.content()).not.toContain(token);

  await app.screenshot(page, 'settings');

  // Activate it: the frame shows it, the views reload against it.
  await page.getByTestId('activate-live-e2e').click();
  await expect(row).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('active-profile')).toHaveText('live-e2e');
  // The other sections reload for it: its own cache.
  await expect(page.getByTestId('cache-path')).toContainText('live-e2e');

  // Replace its token (again a password field), then go back to the sandbox and remove it.
  const again = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-profile-2`, { method: 'POST' });
  const token2 = ((await again.json()) as { token: string }).token;
  await page.getByTestId('replace-token-live-e2e').click();
  const replace = row.getByLabel('Новый токен: live-e2e');
  await expect(replace).toHaveAttribute('type', 'password');
  await replace.fill(token2);
  await row.getByRole('button', { name: 'Сохранить токен' }).click();
  await expect(row.getByRole('status')).toContainText('Токен заменён');
  expect(await page.content()).not.toContain(token2);

  await page.getByTestId('activate-sandbox').click();
  await expect(page.getByTestId('active-profile')).toHaveText('sandbox');
  await page.getByTestId('remove-live-e2e').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('связки ключей');
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
});

// Its own test again: each test starts a core thread in this Playwright worker process, and the keychain is
// served to every one of them by the host thread (keytar is loaded once per process).
test('settings: a failed add keeps the token typed; a Cyrillic profile name is added, gets its own data folder, and is removed', async ({ page, app }) => {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-cyrillic`, { method: 'POST' });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { token: string }).token;
  const name = 'Рабочий-e2e';

  await page.getByTestId('nav-settings').click();
  // The built-in profile's name is taken: the core refuses the add, and the token stays in its field.
  await page.getByTestId('profile-name').fill('sandbox');
  await page.getByTestId('profile-base-url').fill(app.sandboxBaseUrl);
  await page.getByTestId('profile-token').fill(token);
  await page.getByTestId('profile-add').click();
  await expect(page.getByTestId('add-profile-error')).toContainText('занято встроенным профилем');
  await expect(page.getByTestId('profile-token')).toHaveValue(token);
  await expect(page.getByTestId('profile-token')).toHaveAttribute('type', 'password');

  // Only the name is fixed: the same token goes with it.
  await page.getByTestId('profile-name').fill(name);
  await page.getByTestId('profile-add').click();
  await expect(page.getByTestId('profile-added')).toContainText(name);
  await expect(page.getByTestId('profile-token')).toHaveValue('');
  await expect(page.getByTestId('add-profile-error')).toHaveCount(0);
  const row = page.locator(`[data-testid="profile-row"][data-name="${name}"]`);
  await expect(row).toContainText('токен в связке ключей');
  expect(await page.content()).not.toContain(token);

  // Its cache lives in a derived folder: transliterated, with a hash suffix, inside <data>/profiles.
  await page.getByTestId(`activate-${name}`).click();
  await expect(page.getByTestId('active-profile')).toHaveText(name);
  await expect(page.getByTestId('cache-path')).toContainText(/profiles[\\/]rabochij-e2e~[0-9a-f]{10}/);
  await app.screenshot(page, 'settings-cyrillic-profile');

  await page.getByTestId('activate-sandbox').click();
  await expect(page.getByTestId('active-profile')).toHaveText('sandbox');
  await page.getByTestId(`remove-${name}`).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
});
