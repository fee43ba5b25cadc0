/**
 * `tenderwb triage` and `tenderwb mark tender ID --interesting | --not-interesting` on a cache filled
 * from the sandbox: the explicit label given and shown; too few labels answer «need more labels» and newest
 * first; with enough labels, a first `{"model": …}` line with the labels used and the held-out quality, then one
 * object per undecided tender, best first, with id, score (0..1), reasons and name; decided tenders are left
 * out; --limit; bad scopes exit 2 or name what is missing; a teammate's statuses train only with --teammates or
 * the app's setting.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { markStore } from '../../src-main/cache/markStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { applyPulledChanges } from '../../src-main/team/sharedChanges';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let ids: number[];

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['поставка'] }), '--label', 'поставки']);
  await cli.ok(['sync', 'поставки']);
  ids = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender').map((l) => l.id as number);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

/** Marks in the profile's cache as the app would: region 77's tenders pursued, the rest declined. */
function markByRegion(count: number): { pursued: number[]; declined: number[] } {
  const cache = openCache(join(cli.dataDir, 'profiles', 'sb', 'cache.db'));
  try {
    const regionOf = (id: number) => ((versionStore(cache).latest('tender', id)!.object as { region?: { id?: number } }).region?.id ?? null);
    // ids[0] carries the explicit «Неинтересно» of the first test: one more negative, marked apart.
    const moscow = ids.slice(1).filter((id) => regionOf(id) === 77);
    const other = ids.slice(1).filter((id) => regionOf(id) !== 77);
    const pursued = moscow.slice(0, count);
    const declined = other.slice(0, count);
    markStore(cache).apply({ tender_ids: pursued, status: 'reviewing' });
    markStore(cache).apply({ tender_ids: declined, status: 'declined' });
    return { pursued, declined };
  } finally {
    cache.close();
  }
}

describe('tenderwb triage / mark --interesting', () => {
  it('mark --interesting and --not-interesting set the explicit label and show it; both at once, or triage without one scope, exit 2', async () => {
    expect(ids.length).toBeGreaterThan(60);
    const yes = await cli.ok(['--json', 'mark', 'tender', String(ids[0]), '--interesting']);
    expect(yes.lines[0]).toMatchObject({ id: ids[0], interest: true, changed: true });
    expect((await cli.ok(['mark', 'tender', String(ids[0]), '--not-interesting'])).stdout).toContain('Неинтересно');
    expect((await cli.run(['mark', 'tender', String(ids[0]), '--interesting', '--not-interesting'])).code).toBe(2);
    expect((await cli.run(['triage'])).code).toBe(2);
    expect((await cli.run(['triage', '--all', '--list', 'lst_1'])).code).toBe(2);
    expect((await cli.run(['triage', '--all', '--limit', '0'])).code).toBe(2);
    const missing = await cli.run(['triage', '--label', 'нет такого']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('нет сохранённого поиска «нет такого»');
  });

  it('with fewer than 10 labels of a kind: «need more labels», every score the same, newest first', async () => {
    const run = await cli.ok(['--json', 'triage', '--label', 'поставки']);
    const [first, ...rows] = run.lines;
    expect(first).toMatchObject({ model: { ready: false, positives: 0, negatives: 1, min_each: 10 } });
    expect(String((first!.model as { message: string }).message)).toContain('Нужно больше отметок');
    expect(rows.map((r) => r.id)).not.toContain(ids[0]); // decided («Неинтересно») tenders are not triaged
    expect(rows.length).toBe(ids.length - 1);
    expect(new Set(rows.map((r) => r.score)).size).toBe(1);
    const published = rows.map((r) => String(r.publish_date));
    expect(published).toEqual([...published].sort().reverse());
  });

  it('with enough labels: a first "model" line with the held-out quality, then the undecided tenders best first, each with id, score, reasons, name', async () => {
    const { pursued, declined } = markByRegion(15);
    expect(pursued.length).toBe(15);
    const run = await cli.ok(['--json', 'triage', '--label', 'поставки', '--limit', '10']);
    const [first, ...rows] = run.lines;
    expect(first).toMatchObject({ model: { ready: true, kind: 'logistic', positives: 15, negatives: 16, quality: { held_out: 7, k: 7 } } });
    expect(Object.keys(first!)).toEqual(['model']);
    expect(rows).toHaveLength(10);
    const decided = new Set([ids[0], ...pursued, ...declined]);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(['id', 'score', 'likely', 'reasons', 'name', 'publish_date']);
      expect(decided.has(r.id as number)).toBe(false);
      expect(r.score as number).toBeGreaterThanOrEqual(0);
      expect(r.score as number).toBeLessThanOrEqual(1);
      expect(Array.isArray(r.reasons)).toBe(true);
      expect(typeof r.name).toBe('string');
    }
    const scores = rows.map((r) => r.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Region 77 was the rule: the top tenders name it among their reasons.
    expect(rows[0]!.reasons as string[]).toContainEqual(expect.stringMatching(/^регион .* — часто берёте$/));
    const text = await cli.ok(['triage', '--all', '--limit', '3']);
    expect(text.stdout.split('\n')[0]).toMatch(/^По релевантности, обучено на 31 отметках/);
  });

  it('a teammate’s statuses train the model with --teammates, or when the app’s setting allows it; not otherwise', async () => {
    // Four statuses pulled from a teammate, on tenders no one here has decided.
    const cache = openCache(join(cli.dataDir, 'profiles', 'sb', 'cache.db'));
    const undecided = new Set((await cli.ok(['--json', 'triage', '--all'])).lines.slice(1).map((r) => r.id as number));
    const theirs = ids.filter((id) => undecided.has(id)).slice(0, 4);
    try {
      const at = new Date(Date.now() + 60_000).toISOString();
      applyPulledChanges(cache, theirs.map((id, i) => ({ machineId: '00000000-0000-4000-8000-000000000002', localSeq: i + 1, entity: 'mark' as const, key: String(id), field: 'status', value: 'preparing', at, author: 'Петров' })));
    } finally {
      cache.close();
    }
    const positives = async (args: string[]) => ((await cli.ok(['--json', 'triage', '--all', '--limit', '1', ...args])).lines[0]!.model as { positives: number }).positives;
    expect(await positives([])).toBe(15);
    expect(await positives(['--teammates'])).toBe(19);
    const file = join(cli.dataDir, 'settings.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), triage: { teammates: true } }));
    expect(await positives([])).toBe(19);
  });
});
