/**
 * `tenderwb mark` and `tenderwb marks` on a cache filled from the sandbox (default and strict): a
 * status given by its Russian name, several tags, an assignee and a note in one command; a tender not held is
 * refused unless --allow-missing, then marked by its id with a word that it is not held and listed apart by
 * `marks` and counted apart by `marks tags`; `marks --json` is one object per marked tender exactly as
 * the issue gives it; filters; bad input exits 2 naming what is accepted; the tags manager merges;
 * `mark history` shows a tender's changes, a teammate's pulled one «с другого компьютера».
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { applyPulledChanges } from '../../src-main/team/sharedChanges';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let held: number;
const ABSENT = 987_654_321;

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
  held = (await cli.ok(['--json', 'cache', 'versions'])).lines.find((l) => l.kind === 'tender')!.id as number;
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

describe('tenderwb mark / marks', () => {
  it('marks a held tender and one not held; marks --json gives one object per marked tender, exactly as the issue says', async () => {
    const marked = await cli.ok(['mark', 'tender', String(held), '--tag', 'Срочно', '--tag', 'ИТ', '--status', 'на рассмотрении', '--assignee', 'Иванова', '--note', 'Позвонить заказчику']);
    expect(marked.stdout).toContain('Статус: На рассмотрении');
    expect(marked.stdout).toContain('Метки: ИТ, Срочно');
    expect(marked.stderr).not.toContain('нет в кэше');

    const refused = await cli.run(['mark', 'tender', String(ABSENT), '--status', 'new', '--tag', 'Срочно']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`закупки ${ABSENT} нет в кэше — ничего не отмечено: проверьте номер или загрузите её (tenderwb card tender ${ABSENT}); отметить по номеру всё равно — добавьте --allow-missing`);
    expect((await cli.ok(['--json', 'marks'])).lines.map((l) => l.id)).toEqual([held]);
    expect((await cli.ok(['marks', 'tags'])).stdout).not.toContain('нет в кэше');

    const absent = await cli.ok(['mark', 'tender', String(ABSENT), '--status', 'new', '--tag', 'Срочно', '--allow-missing']);
    expect(absent.stderr).toContain(`Закупки ${ABSENT} нет в кэше`);
    // Listed apart, after the held ones, under a heading that says what they lack and how to load them.
    const text = await cli.ok(['marks']);
    expect(text.stdout.indexOf(String(held))).toBeLessThan(text.stdout.indexOf(String(ABSENT)));
    expect(text.stderr).toContain('Нет в кэше — 1 закупка, отмечена только по номеру, без названия и сроков (загрузить: tenderwb card tender ID):');
    expect((await cli.ok(['marks', 'tags'])).stdout).toMatch(/^Срочно {2}#[0-9a-f]{6} {2}закупок: 2, из них нет в кэше: 1$/m);

    const all = await cli.ok(['--json', 'marks']);
    expect(all.lines).toEqual([
      { id: held, tags: ['ИТ', 'Срочно'], status: 'reviewing', assignee: 'Иванова', notes: [{ text: 'Позвонить заказчику', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }] },
      { id: ABSENT, tags: ['Срочно'], status: 'new', assignee: null, notes: [] },
    ]);
    expect(all.lines.map((l) => Object.keys(l))).toEqual([
      ['id', 'tags', 'status', 'assignee', 'notes'],
      ['id', 'tags', 'status', 'assignee', 'notes'],
    ]);
    expect((await cli.ok(['--json', 'marks', '--tag', 'срочно', '--assignee', 'ИВАНОВА'])).lines.map((l) => l.id)).toEqual([held]);
  });

  it('refuses bad input with exit 2, naming what is accepted; the tags manager merges two tags into one', async () => {
    const status = await cli.run(['mark', 'tender', String(held), '--status', 'почти']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('допустимые: new (Новая), reviewing (На рассмотрении)');
    const note = await cli.run(['mark', 'tender', String(held), '--note', 'x'.repeat(4001)]);
    expect(note.code).toBe(2);
    expect(note.stderr).toContain('не длиннее 4000 символов');

    const merged = await cli.ok(['--json', 'marks', 'tag-merge', 'ит', '--into', 'Срочно']);
    expect(merged.lines).toEqual([{ id: expect.any(Number), name: 'Срочно', color: expect.stringMatching(/^#[0-9a-f]{6}$/), count: 2, held: 1 }]);
  });

  it('mark history: every change of the marks of a tender, oldest first, one pulled from a teammate «с другого компьютера»', async () => {
    const id = 555_000_111;
    await cli.ok(['mark', 'tender', String(id), '--status', 'new', '--allow-missing']);
    // A teammate's change as a team pull brings it (later than ours, so it wins the field).
    const cache = openCache(join(cli.dataDir, 'profiles', 'sb', 'cache.db'));
    try {
      const at = new Date(Date.now() + 60_000).toISOString();
      applyPulledChanges(cache, [{ machineId: '00000000-0000-4000-8000-000000000001', localSeq: 1, entity: 'mark', key: String(id), field: 'status', value: 'won', at, author: 'Петров' }]);
    } finally {
      cache.close();
    }
    const text = await cli.ok(['mark', 'history', 'tender', String(id)]);
    const lines = text.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ {2}Вы — Статус: Новая$/);
    expect(lines[1]).toMatch(/ {2}Петров \(с другого компьютера\) — Статус: Выиграна$/);
    const json = await cli.ok(['--json', 'mark', 'history', 'tender', String(id)]);
    expect(json.lines.map((l) => [l.field, l.value, l.author, l.pulled])).toEqual([
      ['status', 'new', '', false],
      ['status', 'won', 'Петров', true],
    ]);
    expect((await cli.ok(['--json', 'marks'])).lines.find((l) => l.id === id)).toMatchObject({ status: 'won' });
    expect((await cli.run(['mark', 'history', 'tender', 'abc'])).code).toBe(2);
  });
});
