/**
 * A teammate's list edits reach an open lists view: the analyst has a list open; a team sync pulls a
 * teammate's new name for it, and the view shows it without being left and opened again (`lists.changed`). The
 * password comes from the environment (headless use); the live profile's token goes to the keychain.
 */
import { startPostgres, type PgCluster } from '../team/postgresCluster';
import { expect, test } from './fixtures';
import { addIds, addProfile, createList, invokeOk, memberRow, runSearch } from './viewsHelpers';

let pg: PgCluster;
let url: string;
const savedPassword = process.env.TENDERWB_TEAM_PASSWORD;

test.beforeAll(async () => {
  pg = await startPostgres();
  url = await pg.createDatabase('team_lists');
  process.env.TENDERWB_TEAM_PASSWORD = pg.password;
});

test.afterAll(async () => {
  if (savedPassword === undefined) delete process.env.TENDERWB_TEAM_PASSWORD;
  else process.env.TENDERWB_TEAM_PASSWORD = savedPassword;
  await pg?.stop();
});

type Status = { running: boolean; lastRun: { at: string; ok: boolean; error: string | null } | null };

test('a teammate’s new name for a list, pulled by a team sync, shows in the open lists view', async ({ page, app }) => {
  // The built-in sandbox's demo data never syncs with a team: a live profile on the same sandbox server does.
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo&password=demo&token_name=e2e-team-lists`, { method: 'POST' });
  const token = ((await login.json()) as { token: string }).token;
  await page.getByTestId('nav-settings').click();
  await addProfile(page, 'work', app.sandboxBaseUrl, token);
  const filterId = await runSearch(app, { ids: Array.from({ length: 10 }, (_, i) => 2991 + i) }, 'e2e team lists', ['created']);
  const mine = (await invokeOk<{ rows: { id: number; name: string }[] }>(app, 'search.results', { filterId, limit: 1 })).rows[0]!;
  await createList(page, 'Отбор');
  await addIds(page, [mine.id]);
  await expect(memberRow(page, 0)).toContainText(mine.name);
  const list = (await invokeOk<{ listId: string; name: string }[]>(app, 'lists.list')).find((l) => l.name === 'Отбор')!;

  // A first sync makes the team schema (and shares this list).
  await invokeOk(app, 'team.setConnection', { connection: { url, schema: 'tenderwb', author: 'Иванова' } });
  const ran = async (after: string | null): Promise<Status['lastRun']> => {
    await invokeOk(app, 'team.syncNow');
    let last: Status['lastRun'] = null;
    await expect
      .poll(async () => {
        const status = await invokeOk<Status>(app, 'team.status');
        last = status.lastRun;
        return !status.running && last !== null && last.at !== after;
      })
      .toBe(true);
    return last;
  };
  const first = await ran(null);
  expect(first).toMatchObject({ ok: true });

  // A teammate renames the list, a minute later than anything here.
  const teammate = '00000000-0000-4000-8000-0000000000aa';
  await pg.psql(
    'team_lists',
    `INSERT INTO tenderwb.shared_change (machine_id, local_seq, entity, key, field, value, at, author) VALUES
      ('${teammate}', 1, 'list', '${list.listId}', 'name', '"Отбор команды"', now() + interval '1 minute', 'Петров')`,
  );
  expect(await ran(first!.at)).toMatchObject({ ok: true });

  await expect(page.getByTestId('lists-detail-name')).toHaveText('Отбор команды');
  await expect(page.getByTestId('lists-item').filter({ hasText: 'Отбор команды' })).toHaveCount(1);
  await expect(memberRow(page, 0)).toContainText(mine.name);
  await app.screenshot(page, 'team-lists-pulled');
});
