/**
 * Offline: the server goes away, the app says so, answers from the cache and queues list edits; the same
 * server comes back on the same port, the probe notices, and the queue is sent exactly once.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { apiGet, demoToken, eventsOf, finished, makeCore, sandbox, tempDir, until, type TestCore } from './helpers';

let sb: RunningSandbox | null = null;
let t: TestCore | null = null;

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('offline and back', () => {
  it('cached data answers with the server away; queued edits are sent once when it returns on the same port', async () => {
    // The sandbox keeps its state in a file, so the restarted one is the same server (accounts, lists, billing).
    const stateFile = join(tempDir('twb-sandbox-state-'), 'state.db');
    sb = await sandbox({ stateFile });
    const port = sb.port;
    t = await makeCore(sb.baseUrl);
    const core = t;

    const run = await core.call('search.run', { criteria: { keywords: ['ремонт'] } });
    expect((await finished(core, run.jobId)).state).toBe('done');
    const rows = (await core.call('search.results', { filterId: run.filterId, sort: { column: 'id', direction: 'asc' }, offset: 0, limit: 6 })).rows;
    expect(rows).toHaveLength(6);
    const card = await core.call('card.tender', { id: rows[0]!.id });
    expect(card.source).toBe('server');
    const list = await core.call('lists.create', { name: 'Онлайн' });
    await core.call('lists.addItems', { listId: list.listId, ids: [rows[0]!.id] });
    const balanceOnline = await core.call('balance.get', {});
    await core.call('ledger.list', { offset: 0, limit: 1 });

    // The server goes away.
    await sb.close();
    sb = null;
    const started = Date.now();
    const balance = await core.call('balance.get', {});
    expect(Date.now() - started).toBeLessThan(5000);
    expect(balance).toMatchObject({ fromCache: true, balance: balanceOnline.balance });
    expect((await core.call('app.info', {})).online).toBe(false);
    await until(() => JSON.stringify(eventsOf(core, 'app.status').at(-1)) === JSON.stringify({ online: false, pendingEdits: 0 }), 20_000, 'app.status offline');

    // What the cache holds still answers: a cached card (no request), results, lists, the ledger mirror.
    expect((await core.call('card.tender', { id: rows[0]!.id })).source).toBe('cache');
    const feedOnly = await core.call('card.tender', { id: rows[1]!.id });
    expect(feedOnly).toMatchObject({ source: 'cache', charged: false, version: rows[1]!.version });
    expect((await core.call('search.results', { filterId: run.filterId, offset: 0, limit: 5 })).rows).toHaveLength(5);
    expect((await core.call('lists.members', { listId: list.listId, offset: 0, limit: 10 })).rows.map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await core.call('ledger.list', { offset: 0, limit: 5 })).count).toBeGreaterThan(0);
    expect((await core.call('search.offline', { text: 'ремонт', offset: 0, limit: 3 })).rows.length).toBeGreaterThan(0);
    // A card never cached cannot be had: the answer says offline.
    await expect(core.call('card.tender', { id: 1_999_999 })).rejects.toMatchObject({ code: 'network' });

    // Edits are queued and applied locally at once.
    const offlineList = await core.call('lists.create', { name: 'Без сети' });
    expect(offlineList.listId).toMatch(/^lst_local_/);
    expect(offlineList.pendingEdits).toBe(1);
    expect(await core.call('lists.addItems', { listId: offlineList.listId, ids: [rows[2]!.id, rows[3]!.id] })).toEqual({ added: 2, alreadyPresent: 0, queued: true });
    expect(await core.call('lists.addItems', { listId: list.listId, ids: [rows[4]!.id] })).toMatchObject({ added: 1, queued: true });
    expect(await core.call('lists.removeItems', { listId: list.listId, ids: [rows[0]!.id] })).toMatchObject({ removed: 1, queued: true });
    expect((await core.call('app.info', {})).pendingEdits).toBe(4);
    expect((await core.call('lists.members', { listId: offlineList.listId, offset: 0, limit: 10 })).count).toBe(2);

    // The same server returns on the same port: the probe brings the app online and the queue goes out.
    sb = await sandbox({ port, stateFile });
    await until(() => eventsOf(core, 'app.status').some((s) => s.online && s.pendingEdits === 0), 20_000, 'online with nothing queued');
    expect((await core.call('app.info', {})).online).toBe(true);

    const token = await demoToken(sb);
    const lists = (await apiGet(sb, token, '/lists?limit=100')).data as { list_id: string; name: string }[];
    expect(lists.filter((l) => l.name === 'Без сети')).toHaveLength(1);
    expect(lists.filter((l) => l.name === 'Онлайн')).toHaveLength(1);
    const created = lists.find((l) => l.name === 'Без сети')!;
    expect((await apiGet(sb, token, `/lists/${created.list_id}`)).data.sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
    expect((await apiGet(sb, token, `/lists/${list.listId}`)).data).toEqual([rows[4]!.id]);

    // Locally the temporary id became the server's, members moved with it.
    const local = await core.call('lists.list', {});
    expect(local.map((l) => l.listId).sort()).toEqual([created.list_id, list.listId].sort());
    expect(local.every((l) => l.pendingEdits === 0)).toBe(true);
    expect((await core.call('lists.members', { listId: created.list_id, offset: 0, limit: 10 })).count).toBe(2);

    // A second flush (another transition) sends nothing again.
    await core.call('app.info', {});
    expect(((await apiGet(sb, token, '/lists?limit=100')).data as unknown[]).length).toBe(lists.length);
  });
});
