/**
 * The first open of a cache written before migration 0012 fills the insight tables from what it
 * holds (about 11 s per 100,000 tenders), so the app says how far it is: `cache.upgrade` events from the core
 * while the profile's cache opens, whole percents, increasing, ending at 100. An up-to-date cache says nothing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { SANDBOX_PROFILE } from '../../src-main/workspace/sandboxProfile';
import { ProfileRegistry } from '../../src-main/profiles/profiles';
import { CliContext } from '../../src-main/cli/context';
import { createOutput } from '../../src-main/cli/output';
import { contract, contractItem, tender, tenderItem, tenderPage } from '../cache/helpers';
import { eventsOf, makeCore, tempDir } from './helpers';

/** Nothing listens there: the profile's cache is what is tested, not the network. */
const NOWHERE = 'http://127.0.0.1:9/api/v2';

/** A data folder whose `profile`'s cache is at schema 11 (before 0012) with 2,000 tenders and 1,000 contracts. */
function preInsightCache(root: string, profile: string): string {
  const dir = new ProfileRegistry(root).dataDir(profile);
  mkdirSync(dir, { recursive: true });
  const old = openCache(join(dir, 'cache.db'), { migrations: MIGRATIONS.slice(0, 11) });
  const feeds = feedStore(old);
  for (let page = 0; page < 20; page++) {
    const tenders: FeedItem[] = [];
    const contracts: FeedItem[] = [];
    for (let i = 0; i < 100; i++) tenders.push(tenderItem(tender(page * 100 + i + 1, 1)));
    for (let i = 0; i < 50; i++) contracts.push(contractItem(contract(10_000 + page * 50 + i, 1, page * 100 + i + 1)));
    feeds.saveFeedPage(tenderPage(tenders));
    feeds.saveFeedPage(tenderPage(contracts, { feed: 'contract', filterId: 'flt_contracts' }));
  }
  old.close();
  return root;
}

describe('opening a cache that needs a filling migration', () => {
  it('reports increasing whole percents ending at 100, and nothing once the cache is up to date', async () => {
    const dataDir = preInsightCache(tempDir(), SANDBOX_PROFILE);
    const first = await makeCore(NOWHERE, { dataDir });
    const upgrade = eventsOf(first, 'cache.upgrade');
    await first.core.close();

    expect(upgrade.every((e) => e.profile === SANDBOX_PROFILE)).toBe(true);
    const percents = upgrade.map((e) => e.percent);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    // 3,000 rows in batches of 1,000 tenders and contracts: the steps in between are shown too.
    expect(percents.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThan(percents[i - 1]!);
    expect(percents.every((p) => Number.isInteger(p))).toBe(true);

    const again = await makeCore(NOWHERE, { dataDir });
    expect(eventsOf(again, 'cache.upgrade')).toEqual([]);
    await again.close();
  });
});

describe('the CLI opening such a cache', () => {
  it('draws «Обновляем кэш: N %» on a terminal, ending at 100 % with a new line, and nothing in --json mode', async () => {
    const root = tempDir();
    const registry = new ProfileRegistry(root);
    for (const name of ['work', 'script']) {
      await registry.add({ name, baseUrl: NOWHERE, generation: 'current' });
      preInsightCache(root, name);
    }
    const written: string[] = [];
    const terminal = { isTTY: true, columns: 80, write: (t: string) => written.push(t) } as unknown as NodeJS.WriteStream;
    const json = new CliContext(createOutput(true, terminal, terminal), { dataDir: root, profile: 'script', json: true }, {});
    await json.cache();
    json.close();
    expect(written).toEqual([]);
    const ctx = new CliContext(createOutput(false, terminal, terminal), { dataDir: root, profile: 'work', json: false }, {});
    await ctx.cache();
    const lines = written.join('').split('\r').filter(Boolean).map((l) => l.trimEnd());
    expect(lines[0]).toMatch(/^\[\.{24}\] Обновляем кэш: 0 %$/);
    expect(lines.at(-1)).toBe(`[${'#'.repeat(24)}] Обновляем кэш: 100 %`);
    expect(written.at(-1)).toBe('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    ctx.close();
  });
});
