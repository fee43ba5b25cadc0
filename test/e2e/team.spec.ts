/**
 * The team database in Settings end to end (issue 17), against a throwaway PostgreSQL cluster this file starts
 * (one for the file): the address, schema, «Ваше имя» and the password (to the keychain; the page never sees it
 * again), «Проверить подключение», «Синхронизировать сейчас» with its result in Russian; a saved search read
 * afterwards is pushed by the core on its own (a feed sync that ends starts a team sync) and the result line
 * counts its versions; the team database holds them, under the analyst's name.
 */
import { startPostgres, type PgCluster } from '../team/postgresCluster';
import { expect, test } from './fixtures';
import { waitJob } from './viewsHelpers';

type Ok<T> = { ok: true; value: T };

let pg: PgCluster;
let url: string;

test.beforeAll(async () => {
  pg = await startPostgres();
  url = await pg.createDatabase('team');
});

test.afterAll(async () => {
  await pg?.stop();
});

test('team database: connect in Settings, sync now, a feed sync pushes by itself; result in Russian', async ({ page, app }) => {
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('settings-team');
  await expect(section.getByRole('heading', { name: 'База команды' })).toBeVisible();

  await section.getByTestId('team-url').fill(url);
  await section.getByTestId('team-author').fill('Иванова');
  await section.getByTestId('team-password').fill(pg.password);
  await section.getByTestId('team-save').click();
  await expect(section.getByTestId('team-note')).toHaveText('Сохранено.');
  await expect(section.getByTestId('team-password')).toHaveValue('');
  await expect(section.getByTestId('team-password-state')).toContainText('Пароль сохранён в системном хранилище паролей');

  await section.getByTestId('team-test').click();
  await expect(section.getByTestId('team-note')).toContainText(/^Подключение работает: схема «tenderwb», версия \d+\.$/);

  await section.getByTestId('team-sync-now').click();
  await expect(section.getByTestId('team-last-run')).toContainText(/^(Отправлено|Получено|Нечего отправлять и получать)[^·]* · \d+ [а-я]+, \d\d:\d\d/);

  // A saved search read now: when its job ends, the core pushes what it brought without being asked.
  const started = (await app.invoke('search.run', { criteria: { keywords: ['поставка'] }, label: 'Команда e2e', events: ['created'] })) as Ok<{ jobId: string }>;
  expect(started.ok).toBe(true);
  await waitJob(app, started.value.jobId);
  await expect(section.getByTestId('team-last-run')).toContainText(/^Отправлено [1-9][\d\s\u00a0]* объект(а|ов)?[,;]/, { timeout: 30_000 });
  // The headline counts every kind that moved; the detail names them (versions, the saved search...).
  await expect(section.getByTestId('team-last-run')).toContainText(/Отправлено: \d[\d\s\u00a0]* верс(ия|ии|ий) тендер/);
  await expect(section.getByTestId('team-last-run')).not.toContainText(/tender_version|saved_search/);

  const held = Number(await pg.psql('team', 'SELECT count(*) FROM tenderwb.tender_version'));
  expect(held).toBeGreaterThan(0);
  expect(await pg.psql('team', 'SELECT author FROM tenderwb.machine')).toBe('Иванова');
  expect(await page.content()).not.toContain(pg.password);

  await section.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'team-settings');
});
