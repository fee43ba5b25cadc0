/**
 * «A way out of every dead end», as the analyst met it: a sandbox restarted (here reset, which forgets
 * accounts, tokens, filters, cursors and billing, with a new cursor signing key) left the CLI with a 401 that
 * only said «проверьте токен», then a bare «404 Объект не найден», then `invalid_cursor` saying «run the sync
 * again», failing the same way on every run. Now the 401 names the exact login command, the saved search's feeds
 * start again from its criteria (said in one line, previewed and capped as a new run) and the sync ends up to
 * date; every 404 names what was not found. One session in order, over a sandbox with its state in a temp file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { cliReloginText } from '../../src-main/i18n/reloginText';
import { CliHarness, ctl, failureReason, feedVersions, login, SANDBOX_SEED, SANDBOX_TENDERS, serverLedger, versionKey, type CliRun } from './helpers';

const QUERY = { keywords: ['вакцин'] };
const PROFILE = 'sb';

let sb: RunningSandbox;
let stateDir: string;
let cli: CliHarness;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'tenderwb-deadends-'));
  sb = await startSandbox({ port: 0, seed: SANDBOX_SEED, tenders: SANDBOX_TENDERS, stateFile: join(stateDir, 'sandbox.db') });
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  cli = new CliHarness({ token: await login(sb, 'demo') });
  await cli.ok(['profile', 'add', PROFILE, '--base-url', sb.baseUrl]);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The server forgets everything (as a restarted `npm run sandbox` did) and the analyst logs in again. */
async function serverForgets(): Promise<void> {
  await ctl(sb, 'reset');
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
}

/** Every version this cache holds, as `tender:id:version`. */
async function held(): Promise<Set<string>> {
  return new Set((await cli.ok(['--json', 'cache', 'versions'])).lines.map((l) => versionKey(l.kind, l.id, l.version)));
}

const restartLines = (r: CliRun): string[] => r.stderr.split('\n').filter((l) => l.includes('лента начата заново по условиям поиска'));

describe('after the server forgot everything, the CLI continues with no dead end', () => {
  it('a saved search synced before the restart', async () => {
    await cli.ok(['search', '--query', JSON.stringify(QUERY), '--label', 'vac', '--events', 'created,updated']);
    const first = await cli.ok(['--json', 'sync', 'vac']);
    expect(first.lines[0]).toMatchObject({ label: 'vac', stopped_by: 'done' });
    expect(first.lines[0].items).toBeGreaterThan(5);
  });

  it('the 401 of a forgotten account says how to log in again: the exact command for this profile (here: the variable that holds the token)', async () => {
    await serverForgets();
    const r = await cli.run(['sync', 'vac']);
    expect(r.code).toBe(1);
    const reason = failureReason(r);
    expect(reason).toContain('Сервис не принимает токен из переменной TENDERWB_TOKEN');
    expect(reason).toContain(`«tenderwb --profile ${PROFILE} login --base-url ${sb.baseUrl}»`);
    expect(reason).toContain('(код unauthorized, HTTP 401');
    expect(reason).not.toContain('проверьте токен в настройках профиля');
    // A token kept in the keychain is told the command alone, which asks for the login and the password.
    const kept = cliReloginText({ name: PROFILE, generation: 'current', baseUrl: sb.baseUrl });
    expect(kept.ru).toContain(`войдите снова командой «tenderwb --profile ${PROFILE} login --base-url ${sb.baseUrl}» — она спросит логин и пароль`);
    expect(kept.en).toContain(`log in again with “tenderwb --profile ${PROFILE} login --base-url ${sb.baseUrl}”`);
    expect(cliReloginText({ name: 'old', generation: 'earlier', baseUrl: sb.earlierBaseUrl, loginUrl: sb.baseUrl }).ru).toContain(
      `tenderwb --profile old login --generation earlier --base-url ${sb.earlierBaseUrl} --login-url ${sb.baseUrl}`,
    );
  });

  it('logged in again, the sync previews the cost (the filter is named again by the criteria, not a bare 404), restarts each refused feed from the criteria, says so once per feed, and ends up to date with the whole feed held', async () => {
    cli.token = await login(sb, 'demo');
    const r = await cli.run(['sync', 'vac']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Объект не найден|invalid_cursor|запустите синхронизацию этого фильтра заново/);
    expect(restartLines(r)).toEqual([
      'Сервис не принял сохранённую позицию ленты «закупки, новые» поиска «vac», поэтому лента начата заново по условиям поиска — с оценкой стоимости и пределом расходов, как новый запуск.',
      'Сервис не принял сохранённую позицию ленты «закупки, изменения» поиска «vac», поэтому лента начата заново по условиям поиска — с оценкой стоимости и пределом расходов, как новый запуск.',
    ]);
    expect(r.stdout).toMatch(/^vac: .* — всё загружено\n$/);
    // Everything the feed holds on the server now is held here.
    const expected = await feedVersions(sb, await login(sb, 'demo-test'), QUERY);
    const mine = await held();
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.filter((k) => !mine.has(k))).toEqual([]);
    // The new cursors are the server's: the next run reads on with no refusal and no restart.
    const again = await cli.ok(['--json', 'sync', 'vac']);
    expect(again.lines[0]).toMatchObject({ stopped_by: 'done', items: 0, charged: 0 });
    expect(again.lines[0].restarted).toBeUndefined();
  });

  it('the restart is capped as a new run: with a default cap of 3 units the restarted run stops there, and the next run with --no-cap restarts the feeds not yet read and finishes', async () => {
    await serverForgets();
    cli.token = await login(sb, 'demo');
    // The money settings of a careful analyst: a default cap of 3 units a run.
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: { confirmAbove: 1_000_000_000, runCap: 3, dailyBudget: null } }));
    const capped = await cli.run(['--json', 'sync', 'vac', '--contracts']);
    expect(capped.code, capped.stderr).toBe(0);
    expect(capped.lines[0]).toMatchObject({ label: 'vac', stopped_by: 'spend_cap' });
    expect(capped.lines[0].charged).toBeLessThanOrEqual(3);
    expect(capped.lines[0].restarted).toEqual([{ feed: 'tender', stream: 'created' }]);
    // The server's own ledger since it forgot everything: never more than the cap.
    expect((await serverLedger(sb, cli.token!)).reduce((n, row) => n + Number(row.amount), 0)).toBeLessThanOrEqual(3);

    const rest = await cli.run(['--json', 'sync', 'vac', '--contracts', '--no-cap']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.lines[0]).toMatchObject({ stopped_by: 'done' });
    // The tender stream restarted by the capped run goes on by its new cursor; the refused one it did not reach
    // restarts now. The contract feed was never read before, so it starts by the filter the criteria named again.
    expect(rest.lines[0].restarted).toEqual([{ feed: 'tender', stream: 'updated' }]);
    const expected = await feedVersions(sb, await login(sb, 'demo-test'), QUERY);
    const mine = await held();
    expect(expected.filter((k) => !mine.has(k))).toEqual([]);
  });

  it('every 404 the CLI shows names what was not found', async () => {
    const [card, list] = await Promise.all([cli.run(['card', 'tender', '987654321']), cli.run(['list', 'show', 'lst_gone'])]);
    expect(card.code).toBe(1);
    expect(failureReason(card)).toMatch(/^Закупка 987654321 не найдена на сервисе: проверьте номер; возможно, закупка удалена\. \(код not_found, HTTP 404/);
    expect(list.code).not.toBe(0);
    expect(failureReason(list)).toContain('lst_gone');
    expect(failureReason(list)).not.toMatch(/Объект не найден/);
  });
});
