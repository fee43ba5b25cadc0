/**
 * «A way out of every dead end»: a server that refuses a feed's position (`invalid_cursor`, or a 404 for
 * the filter or list the saved search relies on) used to fail the sync the same way on every run. The engine now
 * starts that feed again from the saved criteria, once a run, planned as a new run. A scripted port (no network)
 * plays the server: it forgets its cursors or filters on cue.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src-main/api/errors';
import { notFoundText } from '../../src-main/i18n/notFoundText';
import { syncSavedSearch, type FeedRestart, type RestartedFeed } from '../../src-main/sync/syncEngine';
import type { FeedName, FeedSink, QueryPage, QueryPort, StoredPage } from '../../src-main/sync/ports';
import type { RestartFirstPage } from '../../src-main/sync/feedRestart';

function memorySink(): FeedSink & { pages: StoredPage[]; cursors: Map<string, string> } {
  const cursors = new Map<string, string>();
  const pages: StoredPage[] = [];
  return {
    pages,
    cursors,
    getCursor: (f, feed, stream) => cursors.get(`${f}:${feed}:${stream}`) ?? null,
    savePage: (p) => {
      pages.push(p);
      cursors.set(`${p.filterId}:${p.feed}:${p.stream}`, p.cursor);
    },
  };
}

const CRITERIA = { keywords: ['компьютер'], regions: [77] };

const invalidCursor = (): ApiError => new ApiError({ code: 'invalid_cursor', status: 400, requestId: 'req_bad', message: 'POST /tenders/query answered 400' });
const notFound = (subject: ConstructorParameters<typeof ApiError>[0]['subject']): ApiError =>
  new ApiError({ code: 'not_found', status: 404, requestId: 'req_404', message: 'POST /tenders/query answered 404', ...(subject ? { subject } : {}) });

/**
 * A server of `size` charged tenders per filter, read by cursors `gen:filter:position` it signs with its
 * generation: `forget()` starts a new generation (every cursor it gave is refused) and forgets every filter
 * (a QUERY by `filter_id` is a 404 until the criteria name it again).
 */
function forgetfulServer(size: number, opts: { listGone?: boolean } = {}) {
  let generation = 1;
  const known = new Set<string>();
  const requests: Record<string, unknown>[] = [];
  const filterOf = (body: Record<string, unknown>): string => (body.list_id ? `flt_list_${String(body.list_id)}` : 'flt_crit');
  const page = (filter: string, from: number, limit: number): QueryPage => {
    const n = Math.max(0, Math.min(limit, size - from));
    const results = Array.from({ length: n }, (_, i) => ({ event: 'created' as const, version: 1, billed: true, object: { id: from + i + 1 } }));
    return {
      filterId: filter,
      state: 'ready',
      results,
      nextCursor: `${generation}:${filter}:${from + n}`,
      total: size,
      charges: { created: n, updated: 0, free: 0, periodTotal: null, balanceExhausted: false, stated: true },
      requestId: `req_${requests.length}`,
      cursorExpired: false,
    };
  };
  const port: QueryPort = {
    async query(_feed, body) {
      requests.push(body);
      const limit = Number(body.limit);
      if (typeof body.cursor === 'string') {
        const [gen, filter, at] = body.cursor.split(':');
        if (Number(gen) !== generation) throw invalidCursor();
        return page(filter!, Number(at), limit);
      }
      if (typeof body.filter_id === 'string') {
        if (!known.has(body.filter_id)) throw notFound({ kind: 'filter', id: body.filter_id });
        return page(body.filter_id, 0, limit);
      }
      if (typeof body.list_id === 'string' && opts.listGone) throw notFound({ kind: 'list', id: body.list_id });
      const filter = filterOf(body);
      known.add(filter);
      return page(filter, 0, limit);
    },
  };
  return {
    port,
    requests,
    /** The server restarted: new cursor key, no filters. */
    forget() {
      generation += 1;
      known.clear();
    },
    /** A cursor of the current generation for the criteria's filter at `at` (what a first sync stored). */
    know(filter: string) {
      known.add(filter);
    },
  };
}

/** A restart policy over saved criteria that records what it was told. */
function savedPolicy(criteria: Record<string, unknown> | null, plan: FeedRestart['plan'] = () => undefined) {
  const told: RestartedFeed[] = [];
  const planned: RestartFirstPage[] = [];
  const policy: FeedRestart = {
    bodyFor: (feed: FeedName, restarted) => (criteria === null ? null : feed === 'tender' ? criteria : { filter_id: restarted ?? 'flt_crit' }),
    plan: (first) => {
      planned.push(first);
      return plan(first);
    },
    onRestart: (r) => told.push(r),
  };
  return { policy, told, planned };
}

const tenderIds = (sink: { pages: StoredPage[] }): number[] => sink.pages.flatMap((p) => p.items.map((i) => i.id));

describe('a refused feed position restarts the feed from the saved criteria', () => {
  it('invalid_cursor: the feed is asked again by its criteria (one item, like a preview), the new cursor stored with that page, and read to the end', async () => {
    const server = forgetfulServer(250);
    server.know('flt_crit');
    const sink = memorySink();
    // A first sync read 120 tenders; then the server restarted with a new cursor key.
    sink.cursors.set('flt_crit:tender:created', '1:flt_crit:120');
    server.forget();
    const { policy, told, planned } = savedPolicy(CRITERIA);

    const out = await syncSavedSearch(server.port, sink, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], restart: policy });

    expect(out.stoppedBy).toBe('done');
    expect(out.restarted).toEqual([{ feed: 'tender', stream: 'created' }]);
    expect(told).toEqual([{ feed: 'tender', stream: 'created', filterId: 'flt_crit', cause: 'invalid_cursor' }]);
    // The refused cursor, then a fresh QUERY of the criteria for one item, then by the new cursor.
    expect(server.requests[0]).toEqual({ cursor: '1:flt_crit:120', limit: 100 });
    expect(server.requests[1]).toEqual({ ...CRITERIA, events: ['created'], limit: 1 });
    expect(server.requests[2]).toEqual({ cursor: '2:flt_crit:1', limit: 100 });
    // The restart's first page was stored with the new cursor; the refused cursor is gone.
    expect(sink.pages[0]).toMatchObject({ filterId: 'flt_crit', feed: 'tender', stream: 'created', cursor: '2:flt_crit:1' });
    expect(sink.cursors.get('flt_crit:tender:created')).toBe('2:flt_crit:250');
    expect(tenderIds(sink)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    // Planned as a new run from what the first item told: the set's total and what it cost.
    expect(planned).toEqual([{ feed: 'tender', stream: 'created', total: 250, charged: 1, spent: 1 }]);
  });

  it('a 404 for the filter the saved search relies on: the feed starts from its criteria, which name the filter again; the contract feed follows over it', async () => {
    const server = forgetfulServer(30);
    const sink = memorySink();
    const { policy, told } = savedPolicy(CRITERIA);

    const out = await syncSavedSearch(server.port, sink, { filterId: 'flt_crit', feeds: ['tender', 'contract'], streams: ['created'], restart: policy });

    expect(out.stoppedBy).toBe('done');
    expect(told.map((r) => `${r.feed}:${r.cause}`)).toEqual(['tender:not_found']);
    expect(server.requests[0]).toEqual({ filter_id: 'flt_crit', events: ['created'], limit: 100 });
    expect(server.requests[1]).toEqual({ ...CRITERIA, events: ['created'], limit: 1 });
    // The contract feed's first QUERY names the filter the criteria made known again: no refusal there.
    expect(server.requests.filter((b) => b.filter_id === 'flt_crit')).toHaveLength(2);
    expect(sink.cursors.get('flt_crit:tender:created')).toBe('1:flt_crit:30');
  });

  it('refused again right after its restart: the run stops with an error that says so, and never restarts a second time', async () => {
    const server = forgetfulServer(250);
    const sink = memorySink();
    sink.cursors.set('flt_crit:tender:created', '0:flt_crit:50');
    // This server refuses every cursor it gives, and its criteria answer as if nothing were wrong.
    const refusing: QueryPort = {
      async query(feed, body, signal) {
        if (typeof body.cursor === 'string') {
          server.requests.push(body);
          throw invalidCursor();
        }
        return server.port.query(feed, body, signal);
      },
    };
    const { policy, told } = savedPolicy(CRITERIA);

    const error = await syncSavedSearch(refusing, sink, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], restart: policy }).then(
      () => null,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.code).toBe('invalid_cursor');
    expect(e.retryable).toBe(false);
    expect(e.text?.ru).toContain('Сервис не принял сохранённую позицию ленты «закупки, новые»');
    expect(e.text?.ru).toContain('уже начиналась заново по условиям поиска, и сервис снова отказал');
    expect(e.text?.ru).not.toMatch(/запустите синхронизацию этого фильтра заново/);
    expect(e.text?.en).toContain('was already started again');
    // Refused, restarted once (one item stored), refused again: three requests, one restart told.
    expect(server.requests).toHaveLength(3);
    expect(told).toHaveLength(1);
    expect(sink.pages).toHaveLength(1);
  });

  it('the criteria themselves refused (the list the search is built on is gone): the error names the list and does not loop', async () => {
    const server = forgetfulServer(10, { listGone: true });
    const sink = memorySink();
    sink.cursors.set('flt_list_lst_9:tender:created', '0:flt_list_lst_9:5');
    const { policy } = savedPolicy({ list_id: 'lst_9' });

    const error = (await syncSavedSearch(server.port, sink, { filterId: 'flt_list_lst_9', feeds: ['tender'], streams: ['created'], restart: policy }).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('not_found');
    expect(error.text?.ru).toContain(notFoundText({ kind: 'list', id: 'lst_9' }).ru);
    expect(error.text?.ru).toContain('уже начиналась заново');
    expect(server.requests).toHaveLength(2);
  });

  it('the restart is planned as a new run: the planner’s cap bounds what follows, and its refusal stops the run after the one item', async () => {
    const capped = forgetfulServer(250);
    const sink = memorySink();
    sink.cursors.set('flt_crit:tender:created', '0:flt_crit:100');
    const { policy } = savedPolicy(CRITERIA, () => 20);
    const out = await syncSavedSearch(capped.port, sink, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], maxSpend: 500, restart: policy });
    expect(out.stoppedBy).toBe('spend_cap');
    // One item to learn the total, then the 20 units the plan allows: never a unit more.
    expect(out.charged).toBe(21);

    const refused = forgetfulServer(250);
    const sink2 = memorySink();
    sink2.cursors.set('flt_crit:tender:created', '0:flt_crit:100');
    const consent = new Error('Загрузка может списать до 249 ед. — больше порога подтверждения');
    const { policy: refusing } = savedPolicy(CRITERIA, () => {
      throw consent;
    });
    await expect(syncSavedSearch(refused.port, sink2, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], restart: refusing })).rejects.toBe(consent);
    expect(refused.requests).toHaveLength(2);
    expect(tenderIds(sink2)).toEqual([1]);
  });

  it('the restart’s one item counts against the run’s cap: a cap of one unit buys that item and stops there', async () => {
    const server = forgetfulServer(250);
    const sink = memorySink();
    sink.cursors.set('flt_crit:tender:created', '0:flt_crit:100');
    const { policy, told } = savedPolicy(CRITERIA);
    const out = await syncSavedSearch(server.port, sink, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], maxSpend: 1, restart: policy });
    expect(out.stoppedBy).toBe('spend_cap');
    expect(out.charged).toBe(1);
    expect(server.requests).toEqual([{ cursor: '0:flt_crit:100', limit: 1 }, { ...CRITERIA, events: ['created'], limit: 1 }]);
    expect(told).toHaveLength(1);
    // The next run continues from the restarted feed's cursor, not the refused one.
    expect(sink.cursors.get('flt_crit:tender:created')).toBe('1:flt_crit:1');
  });

  it('with no saved criteria to restart from, the refusal says to run the search again from its criteria, not «run the sync again»', async () => {
    const server = forgetfulServer(50);
    const sink = memorySink();
    sink.cursors.set('flt_crit:tender:created', '0:flt_crit:10');
    const { policy } = savedPolicy(null);
    const error = (await syncSavedSearch(server.port, sink, { filterId: 'flt_crit', feeds: ['tender'], streams: ['created'], restart: policy }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('invalid_cursor');
    expect(error.text?.ru).toContain('запустите поиск заново по его условиям');
    expect(error.text?.en).toContain('run the search again from its criteria');
    expect(server.requests).toHaveLength(1);
  });
});
