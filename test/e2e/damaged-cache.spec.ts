/**
 * A damaged cache of the last active profile must not brick the app. Here the sandbox
 * profile's cache.db is replaced by a folder: the next start opens on another profile, a notice names the
 * file and where it was moved, and a rebuild of the cache is offered and works.
 */
import { mkdirSync, renameSync, statSync } from 'node:fs';
import { expect, test } from './fixtures';

test('a damaged cache of the last profile: the app opens, says which file, and offers a rebuild', async ({ page, app }) => {
  await expect(page.getByTestId('active-profile')).toHaveText('sandbox');
  const info = await app.invoke('cache.info', {});
  if (!info.ok) throw new Error(info.error.message);
  const file = (info.value as { path: string }).path;

  // A folder where cache.db was (the running core keeps the file it has open; the next start finds the folder).
  renameSync(file, `${file}.elsewhere`);
  mkdirSync(file);
  const url = await app.restartWebMode();
  await page.goto(url);

  const banner = page.getByTestId('damaged-cache-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-profile', 'sandbox');
  await expect(page.getByTestId('damaged-cache-message')).toContainText(file);
  await expect(page.getByTestId('damaged-cache-message')).toContainText('перемещён');
  await expect(page.getByTestId('active-profile')).not.toHaveText('sandbox');
  const moved = /в (\S+damaged-\d{8}T\d{6}Z)/.exec((await page.getByTestId('damaged-cache-message').textContent()) ?? '')?.[1];
  expect(moved).toBeDefined();
  expect(statSync(moved!).isDirectory()).toBe(true); // moved aside, not deleted
  await app.screenshot(page, 'damaged-cache-notice');

  await page.getByTestId('damaged-cache-rebuild').click();
  await expect(page.getByTestId('damaged-cache-rebuilt')).toBeVisible();
  await expect(page.getByTestId('damaged-cache-banner')).toHaveCount(0);
  await expect(page.getByTestId('active-profile')).toHaveText('sandbox');
  expect(statSync(file).isFile()).toBe(true);
  await app.screenshot(page, 'damaged-cache-rebuilt');
});
