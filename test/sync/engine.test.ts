/**
 * The sync engine's control flow on a scripted port (no network): the spend cap holds when streams are read
 * at once, and following reads every stream concurrently so one quiet stream does not hold up another.
 */
import { describe, expect, it, vi } from 'vitest';
import { syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { FeedSink, QueryPage, QueryPort, StoredPage, StreamName } from '../../src-main/sync/ports';

function memorySink(): FeedSink & { pages: StoredPage[] } {
  const cursors = new Map<string, string>();
  const pages: StoredPage[] = [];
  return {
    pages,
    getCursor: (f, feed, stream) => cursors.get(`${f}:${feed}:${stream}`) ?? null,
    savePage: (p) => {
      pages.push(p);
      cursors.set(`${p.filterId}:${p.feed}:${p.stream}`, p.cursor);
    },
  };
}

/** A feed with `available` charged items per stream; a read of an empty stream waits `wait` seconds (scaled). */
function scriptedPort(available: Record<StreamName, number>, opts: { waitScaleMs?: number; onRequest?: (stream: StreamName, body: Record<string, unknown>) => void } = {}) {
  const next: Record<StreamName, number> = { created: 1, updated: 1 };
  const port: QueryPort = {
    async query(_feed, body, signal) {
      const stream: StreamName = body.cursor ? (String(body.cursor).split(':')[0] as StreamName) : ((body.events as StreamName[])[0]!);
      opts.onRequest?.(stream, body);
      const limit = Number(body.limit);
      const left = available[stream];
      const n = Math.min(limit, left);
      if (n === 0 && typeof body.wait === 'number' && body.wait > 0) {
        // A long poll: answers as soon as something arrives, or when the wait is over.
        const until = Date.now() + (body.wait as number) * (opts.waitScaleMs ?? 0);
        while (available[stream] === 0 && Date.now() < until && !signal?.aborted) await new Promise((r) => setTimeout(r, 5));
      }
      const got = Math.min(limit, available[stream]);
      available[stream] -= got;
      const results = Array.from({ length: got }, () => ({ event: stream, version: 1, billed: true, object: { id: next[stream]++ + (stream === 'updated' ? 100_000 : 0) } }));
      const page: QueryPage = {
        filterId: 'flt_x',
        state: 'ready',
        results,
        nextCursor: `${stream}:${next[stream]}`,
        total: null,
        charges: { created: stream === 'created' ? got : 0, updated: stream === 'updated' ? got : 0, free: 0, periodTotal: null, balanceExhausted: false, stated: true },
        requestId: 'req_1',
        cursorExpired: false,
      };
      return page;
    },
  };
  return { port, available };
}

describe('sync engine', () => {
  it('the spend cap is exact: never a unit more, whatever the page size', async () => {
    const { port } = scriptedPort({ created: 1000, updated: 1000 });
    const sink = memorySink();
    const out = await syncSavedSearch(port, sink, { filterId: 'flt_x', feeds: ['tender'], streams: ['created', 'updated'], maxSpend: 250 });
    expect(out.stoppedBy).toBe('spend_cap');
    expect(out.charged).toBe(250);
    expect(sink.pages.reduce((n, p) => n + p.items.length, 0)).toBe(250);
  });

  it('following reads the streams at once: an update is stored while the created stream is still long-polling', async () => {
    // A quiet poll lasts 25 × 10 min: had the update waited for the created stream's poll to end, the test
    // would time out, so the update arriving at all is the proof (no clock involved).
    const longPolls = new Set<StreamName>();
    const scripted = scriptedPort({ created: 0, updated: 0 }, {
      waitScaleMs: 600_000,
      onRequest: (stream, body) => {
        if (typeof body.wait === 'number' && body.wait > 0) longPolls.add(stream);
      },
    });
    const sink = memorySink();
    const controller = new AbortController();
    const seen: string[] = [];
    const run = syncSavedSearch(scripted.port, sink, {
      filterId: 'flt_x',
      feeds: ['tender'],
      streams: ['created', 'updated'],
      follow: true,
      followWaitSeconds: 25,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.items) seen.push(p.stream);
      },
    });
    // Both streams are long-polling (a condition, not a pause), then an update arrives.
    await vi.waitFor(() => expect([...longPolls].sort()).toEqual(['created', 'updated']), { timeout: 20_000 });
    scripted.available.updated = 3;
    await vi.waitFor(() => expect(seen).toContain('updated'), { timeout: 20_000 });
    controller.abort();
    const out = await run;
    expect(out.stoppedBy).toBe('cancelled');
    expect(sink.pages.filter((p) => p.stream === 'updated').reduce((n, p) => n + p.items.length, 0)).toBe(3);
  });

  it('a spend cap shared by streams read at once still holds', async () => {
    const scripted = scriptedPort({ created: 500, updated: 500 });
    const sink = memorySink();
    const out = await syncSavedSearch(scripted.port, sink, {
      filterId: 'flt_x',
      feeds: ['tender'],
      streams: ['created', 'updated'],
      follow: true,
      followWaitSeconds: 1,
      maxSpend: 730,
    });
    expect(out.stoppedBy).toBe('spend_cap');
    expect(out.charged).toBe(730);
  });

  it('following a server that ignores `wait` (its effect is not shown) polls at the floor, not in a tight loop', async () => {
    let requests = 0;
    // waitScaleMs 0: an empty page comes back at once, as from a server that does not hold long polls.
    const { port } = scriptedPort({ created: 0, updated: 0 }, { onRequest: () => requests++ });
    const controller = new AbortController();
    const run = syncSavedSearch(port, memorySink(), {
      filterId: 'flt_x',
      feeds: ['tender'],
      streams: ['created'],
      follow: true,
      followFloorMs: 300,
      signal: controller.signal,
    });
    // Wait for three rounds to have started (a condition, not a fixed sleep), then look at the count.
    while (requests < 6) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 600));
    const inWindow = requests;
    controller.abort();
    expect((await run).stoppedBy).toBe('cancelled');
    // At most a round (two requests) per 300 ms floor: without the floor this is thousands.
    expect(inWindow).toBeLessThanOrEqual(6 + 2 * Math.ceil((Date.now() - started) / 300) + 2);
  });
});
