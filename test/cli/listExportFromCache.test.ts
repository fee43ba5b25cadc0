/**
 * Slow paths: `export list` writes from the cache at once — offline, with the server refusing —
 * and says how old the members are; reading the members again is a separate, visible step (`list sync`, or
 * `export list --refresh`), with progress.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { parseCsv } from '../export/csvParse';
import { api, CLI_ENTRY, cliOnSandbox, failureReason, feedItems, REPO_ROOT, type CliHarness } from './helpers';

let sb: RunningSandbox;
let live: string;
let test: string;
let cli: CliHarness;

const idsIn = (file: string): string[] => parseCsv(readFileSync(file).subarray(3).toString('utf8'), ';').slice(1).map((r) => r[0]!);

beforeAll(async () => {
  ({ sb, live, test, cli } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

describe('export list from the cache', () => {
  it('exports the members held here without the server, says how old they are; list sync and --refresh read them first', async () => {
    const dir = cli.dir('export-cache');
    const listId = (await cli.ok(['--json', 'list', 'create', 'Вакцины']).then((r) => r.lines[0].list_id)) as string;
    const ids = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender').map((l) => String(l.id));
    await cli.ok(['list', 'add', listId, ...ids.slice(0, 3)]);

    // Another client adds a member: the copy here is now behind the server's.
    const added = await api(sb, 'POST', `/lists/${listId}/items`, { token: live, body: { ids: [Number(ids[3])] }, key: randomUUID() });
    expect(added.status).toBe(200);

    // The server refuses this token: before, the export refreshed the members first and failed on that.
    const refused = join(dir, 'refused.csv');
    const r = await cli.run(['export', 'list', listId, '--out', refused, '--columns', 'id'], { token: `${live.slice(0, -4)}zzzz` });
    expect(r.code).toBe(0);
    expect(idsIn(refused)).toEqual(ids.slice(0, 3));
    // Whether this copy counts as once read whole from the server depends on what the server answered before (the
    // strict sandbox's answers make it count as read, the default's not): either way the members are those held here.
    expect(r.stderr).toContain('выгружаются участники, которые есть здесь');
    expect(r.stderr).toContain(`«list sync ${listId}» или «export list ${listId} --refresh» сначала прочитают их с сервера`);

    const synced = await cli.ok(['--json', 'list', 'sync', listId]);
    expect(synced.lines).toEqual([{ list_id: listId, items_count: 4, synced_at: expect.any(String) }]);
    const after = join(dir, 'after-sync.csv');
    const human = await cli.ok(['export', 'list', listId, '--out', after, '--columns', 'id']);
    expect(idsIn(after)).toEqual(ids.slice(0, 4));
    // The moment in Moscow time, as the app writes it (not an ISO string in a sentence).
    const at = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(synced.lines[0].synced_at as string));
    expect(human.stderr).toContain(`как они прочитаны с сервера ${at} МСК (4)`);

    // --refresh reads the members first: the fifth one, added on the server, comes out.
    await api(sb, 'POST', `/lists/${listId}/items`, { token: live, body: { ids: [Number(ids[4])] }, key: randomUUID() });
    const refreshed = join(dir, 'refreshed.csv');
    await cli.ok(['export', 'list', listId, '--out', refreshed, '--columns', 'id', '--refresh']);
    expect(idsIn(refreshed)).toEqual(ids.slice(0, 5));

    // A list never held here is named, with the step that fetches it.
    const unknown = await cli.run(['export', 'list', 'lst_not_here', '--out', join(dir, 'x.csv')]);
    expect(unknown.code).toBe(2);
    expect(failureReason(unknown)).toContain('list sync lst_not_here');

    // A member the cache does not hold is named in the CLI's locale (Russian here), and so is the
    // progress a terminal sees (`script` gives the CLI a pseudo-terminal, as in commands.test.ts).
    const other = (await feedItems(sb, test, { keywords: ['компьютер'] })).map((i) => String(i.tender.id)).find((id) => !ids.includes(id))!;
    await cli.ok(['list', 'add', listId, other]);
    const cmd = [process.execPath, CLI_ENTRY, '--data-dir', cli.dataDir, 'export', 'list', listId, '--out', join(dir, 'missing.csv'), '--columns', 'id'].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    const { stdout: terminal } = await promisify(execFile)('script', ['-qec', cmd, '/dev/null'], { cwd: REPO_ROOT, env: { ...cli.env(), PATH: process.env.PATH }, encoding: 'utf8', timeout: 30_000 });
    expect(terminal).toMatch(/выгрузка: 6 из 6 строк/);
    expect(terminal).toContain('Участников списка нет в кэше: 1 (у них выгружен только номер)');
    // (The member not held may be written anywhere in the list's order: a strict server's list orders its own way.)
    expect(idsIn(join(dir, 'missing.csv')).sort()).toEqual([...ids.slice(0, 5), other].sort());
    const usage = await cli.run(['export', 'lists', listId, '--out', join(dir, 'x.csv')]);
    expect(usage.code).toBe(2);
    expect(failureReason(usage)).toMatch(/^использование: export list LIST_ID/);

    // Offline: the server is gone, and the export still writes every member held here.
    await sb.close();
    const offline = join(dir, 'offline.csv');
    await cli.ok(['export', 'list', listId, '--out', offline, '--columns', 'id']);
    expect(idsIn(offline).sort()).toEqual([...ids.slice(0, 5), other].sort());
  });
});
