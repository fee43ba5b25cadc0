/**
 * Idempotent list mutations under injected resets — no duplicate lists; a mutation queued before
 * a crash is replayed with its stored key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import { flushOutbox, mutate } from '../../src-main/sync/outbox';
import { outboxStore } from '../../src-main/cache/outboxStore';
import { listStore } from '../../src-main/cache/listStore';
import type { Sandbox } from '../sandbox/helpers';
import { api, ctl, login, makeHarness, type Harness } from './harness';

let sb: Sandbox;
let h: Harness | null = null;
let token: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 23, tenders: 1000 });
}, 120_000);
afterAll(async () => {
  h?.dispose();
  await sb.close();
});
beforeEach(async () => {
  h?.dispose();
  await ctl(sb, 'reset');
  token = await login(sb, 'demo');
  h = makeHarness(sb, token);
});

const serverLists = async () => (await api(sb, 'GET', '/lists?limit=100', { token })).json.data as { list_id: string; name: string; items_count: number }[];

describe('outbox', () => {
  it.each([
    ['reset', { reset: 3 }],
    ['truncate', { truncate: 3 }],
    ['mixed', { reset: 2, truncate: 2, http500: 2 }],
  ])('list create and add under %s: exactly one list, members once', async (_n, faults) => {
    await ctl(sb, 'faults', faults);
    const created = await mutate(h!.cache, h!.client, { op: 'list.create', payload: { name: 'Закупки ИТ' } });
    await ctl(sb, 'faults', faults);
    await mutate(h!.cache, h!.client, { op: 'list.add', payload: { listId: String(created.list_id), ids: [1, 2, 3] } });
    const lists = await serverLists();
    expect(lists.map((l) => l.name)).toEqual(['Закупки ИТ']);
    // Members as the list detail gives them (an item count is not among the reference's list fields).
    expect((await api(sb, 'GET', `/lists/${String(created.list_id)}?limit=100`, { token })).json.data).toEqual([1, 2, 3]);
    expect(listStore(h!.cache).items(String(created.list_id)).map((m) => m.tenderId)).toEqual([1, 2, 3]);
    expect(outboxStore(h!.cache).pending()).toEqual([]);
  });

  it('a mutation queued and sent but not recorded (a crash) is replayed with the same key: still one list', async () => {
    const outbox = outboxStore(h!.cache);
    const entry = outbox.enqueue({ op: 'list.create', payload: { name: 'После сбоя' } });
    // The first run sent it and died before recording the answer:
    const first = await h!.client.createList({ name: 'После сбоя' }, entry.idempotencyKey);
    expect((await serverLists()).length).toBe(1);
    // The next run finds it pending and sends it again under the stored key.
    const flushed = await flushOutbox(h!.cache, h!.client);
    expect(flushed).toEqual({ sent: 1, failed: 0 });
    const lists = await serverLists();
    expect(lists.map((l) => l.list_id)).toEqual([first.list_id]);
    expect(listStore(h!.cache).getList(String(first.list_id))?.name).toBe('После сбоя');
  });

  it('offline: a failed send stays pending with its key and goes out once the network is back', async () => {
    await ctl(sb, 'faults', { reset: 100 });
    await expect(mutate(h!.cache, h!.client, { op: 'list.create', payload: { name: 'Без сети' } })).rejects.toMatchObject({ retryable: true });
    const pending = outboxStore(h!.cache).pending();
    expect(pending).toHaveLength(1);
    await ctl(sb, 'faults', { reset: 0 });
    expect(await flushOutbox(h!.cache, h!.client)).toEqual({ sent: 1, failed: 0 });
    expect((await serverLists()).map((l) => l.name)).toEqual(['Без сети']);
  });
});
