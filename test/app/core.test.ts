/**
 * The app core against a real sandbox: what an analyst does on a first start, and the money rules
 * (a preview costs at most one unit, re-running costs nothing, every charge is one version held).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { apiGet, demoToken, eventsOf, finished, makeCore, sandbox, sleep, tempDir, until, type TestCore } from './helpers';

const CRITERIA = { keywords: ['поставка'] };

let sb: RunningSandbox;
let t: TestCore;
let filterId: string;

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('app core on the sandbox profile', () => {
  it('a first start with no profile lands on the built-in sandbox profile, online, with data reachable', async () => {
    const info = await t.call('app.info', {});
    expect(info.activeProfile).toMatchObject({ name: 'sandbox', builtIn: true, generation: 'current', hasToken: true, active: true });
    expect(info.online).toBe(true);
    expect(info.locale).toBe('ru');
    // The same sandbox serves the earlier API generation as a second built-in profile (D-E-BASE-1).
    const profiles = await t.call('profiles.list', {});
    expect(profiles.map((p) => [p.name, p.generation, p.builtIn])).toEqual([
      ['sandbox', 'current', true],
      ['sandbox-earlier', 'earlier', true],
    ]);
    expect(profiles[1]!.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/legacy\/api\/v2$/);
    const balance = await t.call('balance.get', {});
    expect(balance.fromCache).toBe(false);
    expect(balance.balance.tenders).toBeGreaterThan(0);
  });

  it('search.preview learns the total for at most one unit', async () => {
    const before = await t.call('balance.get', {});
    const p = await t.call('search.preview', { criteria: CRITERIA });
    expect(p.filterId).toMatch(/^flt_/);
    expect(p.total).toBeGreaterThan(100);
    expect(p.costUpTo).toBe(p.total);
    expect(p.charged).toBeLessThanOrEqual(1);
    const after = await t.call('balance.get', {});
    expect(before.balance.tenders - after.balance.tenders).toBeLessThanOrEqual(1);
  });

  it('search.run: progress events, then results sorted both ways and paged from the cache', async () => {
    const run = await t.call('search.run', { criteria: CRITERIA, label: 'поставки' });
    filterId = run.filterId;
    const job = await finished(t, run.jobId);
    expect(job.state).toBe('done');
    // Events reach us after the job state they report: wait for the final one, then look at them all.
    await until(() => eventsOf(t, 'sync.progress').filter((p) => p.jobId === run.jobId).at(-1)?.state === 'done', 20_000, 'the final sync.progress');
    const progress = eventsOf(t, 'sync.progress').filter((p) => p.jobId === run.jobId);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    // feed.updated is batched on a timer: it may follow the job's end.
    await until(() => eventsOf(t, 'feed.updated').some((e) => e.filterId === filterId && e.created > 0), 20_000, 'feed.updated');

    const asc = await t.call('search.results', { filterId, sort: { column: 'price', direction: 'asc' }, offset: 0, limit: 50 });
    expect(asc.cachedCount).toBe(job.total);
    expect(asc.total).toBe(job.total);
    const prices = asc.rows.map((r) => r.price ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await t.call('search.results', { filterId, sort: { column: 'price', direction: 'desc' }, offset: 0, limit: 50 });
    const dp = desc.rows.map((r) => r.price ?? -Infinity);
    expect(dp).toEqual([...dp].sort((a, b) => b - a));
    expect(dp[0]).toBeGreaterThanOrEqual(prices.at(-1)!);

    // Pages join up with no gap or overlap.
    const all = await t.call('search.results', { filterId, sort: { column: 'name', direction: 'asc' }, offset: 0, limit: 500 });
    const p1 = await t.call('search.results', { filterId, sort: { column: 'name', direction: 'asc' }, offset: 0, limit: 20 });
    const p2 = await t.call('search.results', { filterId, sort: { column: 'name', direction: 'asc' }, offset: 20, limit: 20 });
    expect([...p1.rows, ...p2.rows].map((r) => r.id)).toEqual(all.rows.slice(0, 40).map((r) => r.id));
    // `etp_id` is promised (2.4); the customer is the organization of document 2's list item. The reference
    // states no currency: our default sandbox sends RUB, the strict one none, and the row says so.
    expect(all.rows[0]).toMatchObject({ etpId: expect.any(String), currency: sb.strict ? null : 'RUB', customerInn: expect.stringMatching(/^\d{10,12}$/) });

    const saved = (await t.call('savedSearches.list', {})).find((s) => s.filterId === filterId)!;
    expect(saved).toMatchObject({ label: 'поставки', cachedCount: job.total, total: job.total, following: false });
    expect(saved.newSinceSeen).toBe(job.total);
    const seen = await t.call('savedSearches.markSeen', { filterId });
    expect(seen.newSinceSeen).toBe(0);
  });

  it('re-running the same search costs nothing; the ledger holds each (id, version) once and the audit is clean', async () => {
    const before = await t.call('balance.get', {});
    const again = await t.call('sync.start', { filterId });
    const job = await finished(t, again.jobId);
    expect(job.state).toBe('done');
    expect(job.charged).toBe(0);
    const run = await t.call('search.run', { criteria: CRITERIA, label: 'поставки' });
    expect((await finished(t, run.jobId)).charged).toBe(0);
    const after = await t.call('balance.get', {});
    expect(after.balance.tenders).toBe(before.balance.tenders);

    const ledger = await t.call('ledger.list', { offset: 0, limit: 500 });
    expect(ledger.count).toBeGreaterThan(100);
    const keys = ledger.rows.map((r) => `${r.balanceType}:${r.objectId}:${r.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ledger.rows.every((r) => r.audit === 'matched')).toBe(true);
    const audit = await t.call('ledger.audit', {});
    expect(audit).toMatchObject({ ok: true, repeatCharges: [], unexplained: [] });
    expect(audit.matched).toBe(audit.rows);
    const spend = await t.call('ledger.spend', { days: 7 });
    expect(spend.bySearch.find((s) => s.filterId === filterId)).toMatchObject({ label: 'поставки' });
  });

  it('a card is fetched once (free: the feed delivered that version), then opens from the cache, also by its etp_id', async () => {
    const row = (await t.call('search.results', { filterId, offset: 0, limit: 1 })).rows[0]!;
    const first = await t.call('card.tender', { id: row.id });
    expect(first).toMatchObject({ source: 'server', charged: false, version: row.version });
    expect(first.versions).toEqual([expect.objectContaining({ version: row.version, billed: true, via: 'feed' })]);
    const ledgerBefore = (await t.call('ledger.list', { offset: 0, limit: 1 })).count;
    const again = await t.call('card.tender', { id: row.id });
    expect(again.source).toBe('cache');
    const byEtp = await t.call('card.tender', { id: row.etpId!, idType: 'external' });
    expect(byEtp).toMatchObject({ source: 'cache', version: row.version });
    expect((byEtp.card as { id: number }).id).toBe(row.id);
    expect((await t.call('ledger.list', { offset: 0, limit: 1 })).count).toBe(ledgerBefore);
    const v = await t.call('card.version', { kind: 'tender', id: row.id, version: row.version });
    expect((v.object as { etp_id: string }).etp_id).toBe(row.etpId);
  });

  it('contracts by customer INN: the contract feed of customer.inn is read into the cache and filtered there', async () => {
    // A customer that has contracts in the seed catalogue, found through the sandbox (the oracle). The
    // reference shows a contract as `id, suppliers, execution` only (2.6a), so the customer is taken from a
    // completed tender (its organization) and kept when the contract QUERY of `customer.inn` finds contracts.
    const token = await demoToken(sb);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON
    const query = async (feed: 'tenders' | 'contracts', body: unknown): Promise<any> => {
      for (;;) {
        const r = await fetch(`${sb.baseUrl}/${feed}/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (r.status !== 202) return r.json();
        await sleep(500);
      }
    };
    const completed = (await query('tenders', { regions: [77], status: ['completed'], limit: 20 })).results as { tender: { organization?: { inn?: string }; customer?: { inn?: string } } }[];
    const inns = [...new Set(completed.map((i) => i.tender.organization?.inn ?? i.tender.customer?.inn).filter((x): x is string => typeof x === 'string'))];
    let inn: string | undefined;
    for (const candidate of inns) {
      if ((await query('contracts', { customer: { inn: [candidate] }, limit: 1 })).results.length > 0) {
        inn = candidate;
        break;
      }
    }
    expect(inn).toBeDefined();
    const q = await t.call('contracts.query', { set: { by: 'customer', inn: [inn!] } });
    expect(q.filterId).toMatch(/^flt_/);
    const job = await finished(t, q.jobId);
    expect(job.state).toBe('done');
    const rows = await t.call('contracts.rows', { customerInn: inn!, offset: 0, limit: 100 });
    expect(rows.count).toBeGreaterThan(0);
    expect(rows.count).toBe(job.total);
    // A contract that states its customer states this one; the reference does not promise that it does.
    expect(rows.rows.every((c) => c.customerInn === (sb.strict ? null : inn))).toBe(true);
    const supplier = rows.rows[0]!.suppliers[0]!;
    const bySupplier = await t.call('contracts.rows', { supplierInn: supplier.inn!, offset: 0, limit: 100 });
    expect(bySupplier.rows.map((c) => c.id)).toContain(rows.rows[0]!.id);
    const byName = await t.call('contracts.rows', { supplierName: supplier.name!.slice(5, 15).toUpperCase(), offset: 0, limit: 100 });
    expect(byName.rows.map((c) => c.id)).toContain(rows.rows[0]!.id);
  });

  it('lists: create, add, members; export to the chosen path writes an Excel CSV (BOM, ";")', async () => {
    const rows = (await t.call('search.results', { filterId, sort: { column: 'id', direction: 'asc' }, offset: 0, limit: 3 })).rows;
    const list = await t.call('lists.create', { name: 'Отобранные/закупки' });
    expect(list.listId).toMatch(/^lst_/);
    const added = await t.call('lists.addItems', { listId: list.listId, ids: rows.map((r) => r.id) });
    expect(added).toEqual({ added: 3, alreadyPresent: 0, queued: false });
    const members = await t.call('lists.members', { listId: list.listId, sort: { column: 'id', direction: 'desc' }, offset: 0, limit: 10 });
    expect(members.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(members.missing).toEqual([]);
    expect((await t.call('card.tender', { id: rows[0]!.id })).listIds).toContain(list.listId);

    const columns = await t.call('lists.exportColumns', {});
    expect(columns.find((c) => c.key === 'price')?.title).toBe('Начальная цена');
    const out = await t.call('lists.export', { listId: list.listId, columns: ['id', 'name', 'price'] });
    expect(out).toMatchObject({ saved: true, rows: 3, fileName: expect.stringMatching(/^Отобранные закупки \d{4}-\d{2}-\d{2}\.csv$/), downloadUrl: null });
    const bytes = readFileSync(out.path!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID;Наименование;Начальная цена');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    // The server holds the list exactly once.
    const server = await apiGet(sb, await demoToken(sb), '/lists?limit=100');
    expect(server.data.filter((l: { name: string }) => l.name === 'Отобранные/закупки')).toHaveLength(1);
  });

  it('a list export cancelled in the save dialog writes nothing; browser mode publishes a download', async () => {
    const list = (await t.call('lists.list', {})).find((l) => l.name === 'Отобранные/закупки')!;
    const cancelled = await makeCore(sb.baseUrl, { platform: { mode: 'electron', openExternal: async () => true, chooseSavePath: async () => null } });
    try {
      await cancelled.call('lists.list', {});
      expect(await cancelled.call('lists.export', { listId: list.listId, columns: ['id'] })).toMatchObject({ saved: false, path: null });
    } finally {
      await cancelled.close();
    }
    const published: string[] = [];
    const browserDir = tempDir();
    const browser = await makeCore(sb.baseUrl, {
      dataDir: browserDir,
      platform: {
        mode: 'browser',
        openExternal: async () => false,
        publishDownload: async (file, name) => {
          published.push(readFileSync(file, 'utf8'));
          return `/downloads/${encodeURIComponent(name)}`;
        },
      },
    });
    try {
      await browser.call('lists.list', {});
      const r = await browser.call('lists.export', { listId: list.listId, columns: ['id', 'etp_id'], delimiter: ',' });
      expect(r).toMatchObject({ saved: true, path: null, downloadUrl: expect.stringMatching(/^\/downloads\//) });
      // The CSV's provenance is offered as a second download, named as the sidecar beside it would be;
      // the file's own name says what it holds and when (never the list's id).
      expect(r.fileName).toMatch(/^Отобранные закупки \d{4}-\d{2}-\d{2}\.csv$/);
      expect(r.provenanceDownload).toEqual({ url: expect.stringMatching(/^\/downloads\//), fileName: `${r.fileName}.provenance.json` });
      expect(published).toHaveLength(2);
      expect(JSON.parse(published[0]!)).toMatchObject({ what: { kind: 'list', name: 'Отобранные/закупки' }, format: 'csv', rows: r.rows });
      expect(published[1]!.split('\n')[0]).toContain('ID,Номер извещения');
      expect((await browser.call('exports.history', {}))[0]).toMatchObject({ path: null, provenance: { format: 'csv', what: { kind: 'list' } } });
    } finally {
      await browser.close();
    }
  });

  it('app.openExternal hands only https links to the platform', async () => {
    expect(await t.call('app.openExternal', { url: 'https://zakupki.gov.ru/x' })).toEqual({ opened: true });
    await expect(t.call('app.openExternal', { url: 'file:///etc/passwd' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(t.call('app.openExternal', { url: 'http://example.com' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('cache.info and search.offline answer from the cache', async () => {
    const info = await t.call('cache.info', {});
    expect(info.tenders).toBeGreaterThan(100);
    expect(info.sizeBytes).toBeGreaterThan(0);
    expect(info.path).toContain(join('profiles', 'sandbox', 'cache.db'));
    const off = await t.call('search.offline', { text: 'поставка', offset: 0, limit: 5 });
    expect(off.rows).toHaveLength(5);
    expect(off.count).toBeGreaterThan(5);
    expect(off.rows[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), etpId: expect.any(String) });
  });

  it('the session token never appears in a handler result or an emitted event', async () => {
    // Everything the renderer could have received so far, plus a few more answers.
    const results = await Promise.all([
      t.call('app.info', {}),
      t.call('profiles.list', {}),
      t.call('tokens.list', {}),
      t.call('savedSearches.list', {}),
      t.call('sync.jobs', {}),
      t.call('ledger.list', { offset: 0, limit: 20 }),
      t.call('balance.get', {}),
    ]);
    const text = JSON.stringify({ results, events: t.events });
    // The token is what the sandbox's demo login hands out: tenderwb_live_… (a secret of this run).
    const tokens = text.match(/tenderwb_(live|test)_[A-Za-z0-9]{8,}/g) ?? [];
    expect(tokens).toEqual([]);
    expect(text).not.toMatch(/Bearer/i);
  });

  it('an API error maps to Russian text with the request_id; English when the locale is en', async () => {
    const err = await t.call('card.tender', { id: 987654321 }).catch((e: unknown) => e);
    const { toIpcError } = await import('../../src-main/workspace/errors');
    const ru = toIpcError(err, 'ru');
    expect(ru.code).toBe('not_found');
    expect(ru.requestId).toMatch(/^req_/);
    // The 404 names what was not found, in either language.
    expect(ru.message).toMatch(/^Закупка 987654321 не найдена/);
    const en = toIpcError(err, 'en');
    expect(en.message).toMatch(/^Tender 987654321 was not found/);
    expect(toIpcError(new Error('boom at /secret/path'), 'ru')).toEqual({ code: 'internal', message: expect.not.stringContaining('boom'), requestId: null });
    await t.call('app.setLocale', { locale: 'en' });
    expect((await t.call('app.info', {})).locale).toBe('en');
    await t.call('app.setLocale', { locale: 'ru' });
  });
});

describe('settings and profiles', () => {
  it('a corrupt settings file does not stop the app: defaults, and the next change writes a valid file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"locale": "fr", "activeProfile": 12,,,');
    const c = await makeCore(sb.baseUrl, { dataDir: dir });
    try {
      const info = await c.call('app.info', {});
      expect(info.locale).toBe('ru');
      expect(info.activeProfile?.name).toBe('sandbox');
      await c.call('app.setLocale', { locale: 'en' });
      // A damaged file gives the safe money defaults, never "no limits".
      expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ locale: 'en', activeProfile: 'sandbox', spending: { confirmAbove: 100, runCap: 1000, dailyBudget: null }, columnLayouts: {}, theme: 'system', notifications: { enabled: true, quietHours: null }, team: null, triage: { teammates: false }, documents: { autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 2048 }, teamLastRun: null, teamProfile: null });
    } finally {
      await c.close();
    }
  });

  it('a live profile keeps its token in the keychain only; the active profile survives a restart', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const store = new Map<string, string>();
    const keychain = {
      getPassword: async (_s: string, a: string) => store.get(a) ?? null,
      setPassword: async (_s: string, a: string, p: string) => void store.set(a, p),
      deletePassword: async (_s: string, a: string) => store.delete(a),
    };
    const secret = 'tenderwb_live_0123456789abcdefSECRET';
    const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      const added = await c.call('profiles.add', { name: 'work', baseUrl: sb.baseUrl, token: secret });
      expect(added).toMatchObject({ name: 'work', builtIn: false, hasToken: true, active: false });
      expect(store.get('work')).toBe(secret);
      await expect(c.call('profiles.add', { name: 'Work', baseUrl: sb.baseUrl, token: secret })).rejects.toMatchObject({ code: 'conflict' });
      await expect(c.call('profiles.add', { name: 'sandbox', baseUrl: sb.baseUrl, token: secret })).rejects.toMatchObject({ code: 'conflict' });
      await c.call('profiles.activate', { name: 'work' });
      // Not by position: a connectivity event of the new profile may come before or after it.
      expect(c.events.filter((e) => e.event === 'profiles.changed').at(-1)).toEqual({ event: 'profiles.changed', payload: { activeProfile: 'work' } });
      for (const f of ['profiles.json', 'settings.json']) expect(readFileSync(join(dir, f), 'utf8')).not.toContain(secret);
    } finally {
      await c.core.close();
    }
    const again = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      expect((await again.call('app.info', {})).activeProfile?.name).toBe('work');
      // The sandbox does not know this token: the answer is a plain unauthorized, with no secret in it.
      const err = await again.call('balance.get', {}).catch((e: unknown) => e);
      const { toIpcError } = await import('../../src-main/workspace/errors');
      const mapped = toIpcError(err, 'ru');
      expect(mapped.code).toBe('unauthorized');
      expect(JSON.stringify(mapped)).not.toContain(secret);
      expect((await again.call('profiles.remove', { name: 'work' })).removed).toBe(true);
      expect((await again.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      expect(store.has('work')).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('an unavailable keychain answers keychain_unavailable in plain words naming TENDERWB_TOKEN', async () => {
    const broken = {
      getPassword: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
      setPassword: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
      deletePassword: async () => false,
    };
    const c = await makeCore(sb.baseUrl, { keychain: broken });
    try {
      const err = await c.call('profiles.add', { name: 'live', baseUrl: 'https://api.example.ru/api/v2', token: 'abcdefgh12345678' }).catch((e: unknown) => e);
      const { toIpcError } = await import('../../src-main/workspace/errors');
      const mapped = toIpcError(err, 'ru');
      expect(mapped.code).toBe('keychain_unavailable');
      expect(mapped.message).toContain('TENDERWB_TOKEN');
      expect((await c.call('profiles.list', {})).map((p) => p.name)).toEqual(['sandbox', 'sandbox-earlier']);
    } finally {
      await c.close();
    }
  });
});
