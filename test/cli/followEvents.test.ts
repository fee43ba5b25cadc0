/**
 * `tenderwb sync --follow` prints one line per notification event: tenders added to a followed
 * list's search while it waits are ONE `saved_search_updated` object with their count (not one per tender),
 * worded in the app's language, before the run's summary when Ctrl-C ends it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { api, cliOnSandbox, waitFor, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;
let live: string;

beforeAll(async () => {
  ({ sb, cli, live } = await cliOnSandbox());
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

it('tenders added to a followed search while it waits: one event line with their count, then the summary', async () => {
  const made = await api(sb, 'POST', '/lists', { token: live, key: 'follow-events-list', body: { name: 'watch' } });
  expect(made.status).toBe(200);
  const watched = made.json.list_id as string;
  const saved = await cli.ok(['--json', 'search', '--query', JSON.stringify({ list_id: watched }), '--label', 'watch']);
  const filterId = saved.lines[0]!.filter_id;
  // --max-spend skips the cost preview, whose one-item read would otherwise take the first tender before the feed.
  const { child, done } = cli.spawn(['--json', 'sync', 'watch', '--follow', '--max-spend', '10']);
  let stdout = '';
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  await waitFor(() => (existsSync(join(cli.dataDir, 'profiles', 'sb', 'cache.db-wal')) ? true : undefined), 30_000, 'the follower to open the cache');
  // Added in one call: whether it lands before the follower's first read or during its long poll, one page brings both.
  const add = await api(sb, 'POST', `/lists/${watched}/items`, { token: live, key: 'follow-events-add', body: { ids: [3, 4] } });
  expect(add.status).toBe(200);
  await waitFor(() => (stdout.includes('saved_search_updated') ? true : undefined), 30_000, 'the event line');
  child.kill('SIGINT');
  const r = await done;
  expect(r.code).toBe(0);
  expect(r.lines).toEqual([
    { event: 'saved_search_updated', filter_id: filterId, label: 'watch', created: 2, updated: 0, title: 'watch', body: '2 новые закупки' },
    expect.objectContaining({ filter_id: filterId, stopped_by: 'cancelled', items: 2 }),
  ]);
});
