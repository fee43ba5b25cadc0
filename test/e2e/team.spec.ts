/**
 * The team database in Settings end to end, against a throwaway PostgreSQL cluster this file starts
 * (one for the file). The built-in sandbox's demo data is never synced (no form); in a live profile the form's
 * problems show next to their fields without the contract's paths, «Проверить подключение» tests the unsaved
 * form (typed password included), the address, schema, «Ваше имя» and the password (to the keychain; the page
 * never sees it again) are saved for that profile («Профиль: work»), «Синхронизировать сейчас» gives a headline
 * counting everything that moved; saving the same address again keeps it; a saved search read afterwards is
 * pushed by the core on its own. A teammate's note pulled into a card shows its author and its deletion warns
 * the team hears of it. Another profile (the earlier generation, the sandbox) gets no sync and no last result;
 * «Отключить» asks first. Uses the keychain (a profile with a token, the password).
 */
import { startPostgres, type PgCluster } from '../team/postgresCluster';
import { expect, test, type E2eApp } from './fixtures';
import { addProfile, invokeOk, waitJob } from './viewsHelpers';

let pg: PgCluster;
let url: string;

test.beforeAll(async () => {
  pg = await startPostgres();
  url = await pg.createDatabase('team');
});

test.afterAll(async () => {
  await pg?.stop();
});

/** Reads ten tenders from `first` on as a saved search (paid for with consent), and gives its id. */
async function search(app: E2eApp, first: number, label: string): Promise<string> {
  const run = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', {
    criteria: { ids: Array.from({ length: 10 }, (_, i) => first + i) },
    label,
    events: ['created'],
    maxSpend: 30,
  });
  expect((await waitJob(app, run.jobId)).state).toBe('done');
  return run.filterId;
}

test('team database: sandbox refused, form problems by field, test unsaved, sync words, a teammate’s note, other profiles, disconnect asks', async ({ page, app }) => {
  test.setTimeout(150_000);
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('settings-team');
  await expect(section.getByRole('heading', { name: 'База команды' })).toBeVisible();
  // The built-in sandbox: demo data, explained, no form.
  await expect(section.getByTestId('team-sandbox')).toContainText('демонстрационные данные');
  await expect(section.getByTestId('team-url')).toHaveCount(0);

  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-team`, { method: 'POST' });
  const token = ((await login.json()) as { token: string }).token;
  await addProfile(page, 'work', app.sandboxBaseUrl, token);
  await expect(section.getByTestId('team-url')).toBeVisible();

  // Problems next to their fields, in words, without «connection.url:».
  await section.getByTestId('team-url').fill(url.replace('://', '://someone:secret@'));
  await section.getByTestId('team-schema').fill('Team-Data');
  await section.getByTestId('team-save').click();
  await expect(section.getByTestId('team-url-error')).toHaveText('Пароль в адрес не пишите: для него есть отдельное поле');
  await expect(section.getByTestId('team-schema-error')).toHaveText(/^Строчные латинские буквы, цифры и _/);
  await expect(section).not.toContainText('connection.');

  // A saved search read before the connection: its versions, ledger rows and the search wait for the first sync.
  const filterId = await search(app, 2991, 'Команда e2e');

  // «Проверить подключение» on what the form holds, before it is saved (the typed password only for the test).
  await section.getByTestId('team-url').fill(url);
  await section.getByTestId('team-schema').fill('tenderwb');
  await section.getByTestId('team-author').fill('Иванова');
  await section.getByTestId('team-password').fill(pg.password);
  await section.getByTestId('team-test').click();
  await expect(section.getByTestId('team-note')).toContainText(/^Подключение работает: схема «tenderwb», версия \d+\.$/);

  await section.getByTestId('team-save').click();
  await expect(section.getByTestId('team-note')).toHaveText('Сохранено.');
  await expect(section.getByTestId('team-password')).toHaveValue('');
  await expect(section.getByTestId('team-password-state')).toContainText('Пароль сохранён в системном хранилище паролей');
  await expect(section.getByTestId('team-profile')).toHaveText('Профиль: work');

  // The headline counts every kind that moved; the detail names them, in words.
  const lastRun = section.getByTestId('team-last-run');
  await section.getByTestId('team-sync-now').click();
  await expect(lastRun.locator('p').first()).toHaveText(/^Отправлено [1-9]\d* объект(а|ов)?; получать нечего · \d+ [а-я]+, \d\d:\d\d$/);
  await expect(lastRun.locator('p').nth(1)).toHaveText(/^Отправлено: \d+ верси(я|и|й) тендер(а|ов), .*1 сохранённый поиск$/);
  // The same address saved again keeps the last result.
  const headline = await lastRun.locator('p').first().textContent();
  await section.getByTestId('team-save').click();
  await expect(section.getByTestId('team-note')).toHaveText('Сохранено.');
  await expect(lastRun.locator('p').first()).toHaveText(headline!);
  expect(await pg.psql('team', 'SELECT author FROM tenderwb.machine')).toBe('Иванова');
  expect(await page.content()).not.toContain(pg.password);
  await section.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'team-settings');

  // A teammate's row the pull cannot take is named under the last result, with its pusher; with
  // «Не принимать версии коллег без подтверждения доставки» ticked, a made-up version without evidence is held too.
  const vera = '00000000-0000-4000-8000-0000000000cc';
  await pg.psql(
    'team',
    `INSERT INTO tenderwb.machine (machine_id, author, app_version) VALUES ('${vera}', 'Вера', 'test');
     INSERT INTO tenderwb.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id) VALUES
       (880101, 1, '[]', now(), 'feed', 'created', 'req_x', 'flt_x', true, '${vera}'),
       (880102, 999, '{"id": 880102, "name": "цена 1 рубль"}', now(), 'feed', 'created', NULL, NULL, true, '${vera}')`,
  );
  await section.getByTestId('team-refuse-unproven').check();
  await section.getByTestId('team-save').click();
  await expect.poll(async () => (await invokeOk<{ connection: { refuseUnproven?: boolean } }>(app, 'team.status', {})).connection.refuseUnproven).toBe(true);
  await section.getByTestId('team-sync-now').click();
  const skipped = section.getByTestId('team-skipped');
  await expect(skipped).toContainText('Не принято из базы команды и отложено: 2 строки; всё остальное получено.');
  // The status line above counts them too, never «Нечего отправлять и получать» beside them.
  await expect(lastRun.locator('p').first()).toHaveText(/^(Отправлено .+, не|Не) принято: 2 строки(; отправлять нечего)? · \d+ [а-я]+, \d\d:\d\d$/);
  await expect(skipped).toContainText('версия тендера 880101 v1 (отправитель: Вера): тело — не объект JSON, а массив');
  await expect(skipped).toContainText('версия тендера 880102 v999 (отправитель: Вера): нет подтверждения доставки от API');
  await skipped.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'team-skipped');

  // A teammate's note on a tender marked here arrives with the next sync.
  const tenderId = (await invokeOk<{ rows: { id: number }[] }>(app, 'search.results', { filterId, limit: 1 })).rows[0]!.id;
  await invokeOk(app, 'marks.apply', { tender_ids: [tenderId], status: 'reviewing' });
  const teammate = '00000000-0000-4000-8000-0000000000bb';
  const noteAt = new Date().toISOString();
  await pg.psql(
    'team',
    `INSERT INTO tenderwb.shared_change (machine_id, local_seq, entity, key, field, value, at, author) VALUES
      ('${teammate}', 1, 'mark', '${tenderId}', 'note:${teammate}:1', '{"text": "Позвонить заказчику", "at": "${noteAt}"}', now(), 'Петров')`,
  );
  await section.getByTestId('team-sync-now').click();
  await expect.poll(async () => (await invokeOk<{ notes: unknown[] }>(app, 'marks.get', { tenderId })).notes.length).toBe(1);

  await page.getByTestId('nav-marks').click();
  await page.locator('[data-testid="board-column"][data-status="reviewing"]').getByTestId('board-card-open').click();
  const note = page.getByTestId('card-marks').getByTestId('card-note');
  await expect(note.getByTestId('card-note-author')).toHaveText('Петров:');
  await expect(note).toContainText('Позвонить заказчику');
  await note.getByTestId('card-note-delete').click();
  const confirm = page.getByTestId('card-note-delete-confirm');
  await expect(confirm.getByRole('heading')).toHaveText('Удалить заметку коллеги?');
  await expect(confirm).toContainText('Удаление дойдёт до всей команды');
  await app.screenshot(page, 'team-note-delete');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByTestId('card-marks').getByTestId('card-note')).toHaveCount(0);

  // A saved search read now: when its job ends, the core pushes what it brought without being asked.
  const held = Number(await pg.psql('team', 'SELECT count(*) FROM tenderwb.tender_version'));
  await search(app, 2981, 'Команда e2e 2');
  await expect.poll(async () => Number(await pg.psql('team', 'SELECT count(*) FROM tenderwb.tender_version')), { timeout: 45_000 }).toBeGreaterThan(held);

  // Another profile: the earlier generation is told up front, the sandbox gets no form; neither shows work's result.
  await page.getByTestId('nav-settings').click();
  await addProfile(page, 'work-old', `${app.sandboxOrigin}/legacy/api/v2`, token, 'earlier');
  await expect(section.getByTestId('team-blocked')).toContainText('только текущее поколение API');
  await expect(section.getByTestId('team-profile')).toHaveText('Подключение команды настроено в профиле «work».');
  await expect(section.getByTestId('team-sync-now')).toHaveCount(0);
  await expect(section.getByTestId('team-last-run')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'team-earlier-profile');
  await page.getByTestId('activate-sandbox').click();
  await expect(section.getByTestId('team-sandbox')).toBeVisible();
  await expect(section.getByTestId('team-profile')).toHaveText('Подключение команды настроено в профиле «work».');
  await expect(section.getByTestId('team-last-run')).toHaveCount(0);

  // Another current-generation profile: the connection is named as work's, no sync from here, no result of work's.
  await addProfile(page, 'work-2', app.sandboxBaseUrl, token);
  await expect(section.getByTestId('team-profile')).toContainText('Подключение команды относится к профилю «work»');
  await expect(section.getByTestId('team-sync-now')).toBeDisabled();
  await expect(section.getByTestId('team-last-run')).toHaveCount(0);

  // «Отключить» asks, and whether the password stays.
  await page.getByTestId('activate-work').click();
  await expect(section.getByTestId('team-profile')).toHaveText('Профиль: work');
  await section.getByTestId('team-disconnect').click();
  const dialog = page.getByTestId('team-disconnect-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Отключить базу команды?');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(section.getByTestId('team-last-run')).toBeVisible();
  await section.getByTestId('team-disconnect').click();
  await dialog.getByTestId('team-disconnect-keep').click();
  await expect(section.getByTestId('team-disconnect')).toHaveCount(0);
  await expect(section.getByTestId('team-url')).toHaveValue('');
});
