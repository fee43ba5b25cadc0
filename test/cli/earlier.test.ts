/**
 * `tenderwb` on a profile of the earlier API generation, end to end: the CLI runs as a child process
 * against the sandbox's `/legacy/api/v2`, one data directory for the whole file, the tests in order as one
 * session: filters, sync (charged once, a second run free and one page long), the daily limit with its
 * reset, kill -9 in the middle of syncs, cards, favorites and their updates, balance and the balance
 * history, CSV export, an expired license, commands that belong to the other generation, and at the end,
 * with the sandbox stopped, what still works offline and a scan proving the token was never written or
 * printed. Server-side facts are read over HTTP from the server's own balance history.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { moscowText } from '../../src-main/api/earlier/limits';
import { openCache } from '../../src-main/cache/database';
import { parseCsv } from '../export/csvParse';
import { ALL_STATUS, statusWord } from '../sandbox/helpers';
import { get200, history, legacy, secondsToMidnight } from '../sandbox-earlier/helpers';
import { CliHarness, ctl, exportHistoryNames, failureReason, feedItems, randomPart, scanForSecrets, sleep, startCliSandbox, tokens, type CliRun, type Json } from './helpers';

const PROFILE = 'old';
const ALL = 1;
const MOSCOW = 3;
const ARCHIVE = 5;

let sb: RunningSandbox;
let sandboxOpen = false;
let live: string;
let cli: CliHarness;
let cat: Json[];
const s = { moscow: [] as number[], cardId: 0, favorite: '' };

const earlierSb = (): never => sb as never;
const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

/** The tender debits of the server's history: tender id -> times charged. */
async function serverCharges(): Promise<Map<number, number>> {
  const charges = new Map<number, number>();
  // The history's paging is not shown (document 2): `history` reads it until `total` rows, paged or whole.
  for (const t of await history(earlierSb(), live)) if (t.transaction_type === 'debit' && t.entity_type === 'tender') charges.set(t.entity_id, (charges.get(t.entity_id) ?? 0) + 1);
  return charges;
}

/** A filter's set on the server; free only when the cache missed nothing (asserted). */
async function serverSet(filterId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const r = await get200(earlierSb(), `/tenders?filter_id=${filterId}&page=${page}&page_size=100`, live);
    expect(r.new_tenders_count, `reading filter ${filterId} page ${page} charged: the cache missed tenders`).toBe(0);
    ids.push(...r.items.map((i: Json) => i.id));
    if (r.items.length < 100) return ids;
  }
}

/** Read straight from the profile's cache file: members of a filter and the billed deliveries per tender. */
function cacheFacts(filterId: number): { members: number[]; billed: Map<number, number> } {
  const cache = openCache(join(cli.dataDir, 'profiles', PROFILE, 'cache.db'));
  try {
    const members = cache.db.prepare('SELECT id FROM filter_member WHERE filter_id = ? AND kind = 1').pluck().all(`efl_${filterId}`) as number[];
    const rows = cache.db.prepare('SELECT id, sum(billed) AS n FROM delivery WHERE kind = 1 GROUP BY id HAVING n > 0').all() as { id: number; n: number }[];
    return { members, billed: new Map(rows.map((r) => [r.id, r.n])) };
  } finally {
    cache.close();
  }
}

/** Every tender the server charged was charged once, and the cache logs exactly those as charged, once. */
async function expectChargedOnce(): Promise<Map<number, number>> {
  const server = await serverCharges();
  for (const n of server.values()) expect(n).toBe(1);
  const { billed } = cacheFacts(ALL);
  for (const [id, n] of billed) expect(n, `tender ${id} logged as charged ${n} times`).toBe(1);
  expect(sorted(billed.keys())).toEqual(sorted(server.keys()));
  return server;
}

beforeAll(async () => {
  sb = await startCliSandbox();
  sandboxOpen = true;
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  const t = await tokens(sb);
  live = t.live;
  // Every tender of the catalogue, read free of charge with a test token (until the feed is ready).
  cat = (await feedItems(sb, t.test, { status: ALL_STATUS }, ['created'])).map((item) => item.tender);
  cli = new CliHarness({ token: live, prefix: 'tenderwb-cli-earlier-' });
});

afterAll(async () => {
  if (sandboxOpen) await sb.close();
  cli?.cleanup();
});

describe('tenderwb on an earlier-generation profile', () => {
  it('profile add --generation earlier; filters are mirrored with auto search shown', async () => {
    const added = await cli.ok(['--json', 'profile', 'add', PROFILE, '--generation', 'earlier', '--base-url', sb.earlierBaseUrl]);
    expect(added.lines).toEqual([{ name: PROFILE, base_url: sb.earlierBaseUrl, generation: 'earlier', token: 'none' }]);
    const filters = await cli.ok(['--json', 'filters']);
    expect(filters.lines.map((l) => [l.id, l.autosearch, l.cached])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [3, true, 0],
      [4, true, 0],
      [5, false, 0],
    ]);
    const human = await cli.ok(['filters']);
    expect(human.stdout).toMatch(/5\tСтроительство \(архив\)\tАВТОПОИСК ВЫКЛЮЧЕН/);
  });

  it('sync stores every tender of the filter, charged once; a second sync costs 0 and reads one page', async () => {
    const first = await cli.ok(['--json', 'sync', String(MOSCOW)]);
    expect(first.lines).toHaveLength(1);
    const out = first.lines[0];
    expect(out).toMatchObject({ filter_id: MOSCOW, stopped_by: 'done', complete: true });
    const set = await serverSet(MOSCOW);
    s.moscow = set;
    expect(out.charged).toBe(set.length);
    expect(out.items).toBe(set.length);
    expect(sorted(cacheFacts(MOSCOW).members)).toEqual(sorted(set));
    const server = await expectChargedOnce();
    expect(sorted(server.keys())).toEqual(sorted(set));

    const again = await cli.ok(['--json', 'sync', String(MOSCOW)]);
    expect(again.lines[0]).toMatchObject({ stopped_by: 'done', charged: 0, pages: 1, new_tenders: 0 });
    expect((await serverCharges()).size).toBe(set.length);
    const human = await cli.ok(['sync', String(MOSCOW)]);
    expect(human.stdout).toMatch(/фильтр 3 «Москва, 44-ФЗ»: закупок \d+ на 1 стр\., списано 0 ед\., новых 0 — всё загружено/);

    // Auto search off: said plainly, exit 0, nothing asked for.
    const archive = await cli.ok(['sync', String(ARCHIVE)]);
    expect(archive.stdout).toMatch(/выключен автопоиск в веб-интерфейсе.*ничего не придёт/);
  });

  it('the daily limit stops the sync with the reset time (exit 4); after 00:00 Moscow time it continues, also through kill -9s', async () => {
    const day1 = await cli.run(['--json', 'sync', String(ALL)]);
    expect(day1.code).toBe(4);
    expect(day1.lines[0]).toMatchObject({ filter_id: ALL, stopped_by: 'daily_limit', complete: false });
    const limits = (await get200(earlierSb(), '/balance', live)).limits.tenders;
    expect(limits).toMatchObject({ current: 1000, remaining: 0 });
    expect(day1.lines[0].charged).toBe(1000 - s.moscow.length);
    expect(day1.lines[0].reset_at).toBe(limits.reset_at);
    const reason = failureReason(day1);
    expect(reason).toMatch(/^Дневной лимит новых тендеров \(1000 в сутки\) исчерпан/);
    expect(reason).toContain(`в 00:00 по Москве — ${moscowText(Date.parse(limits.reset_at))}`);

    // Same day: stopped again at once, nothing charged.
    const again = await cli.run(['sync', String(ALL)]);
    expect(again.code).toBe(4);
    expect(failureReason(again)).toMatch(/исчерпан/);
    expect((await serverCharges()).size).toBe(1000);

    // After midnight (Moscow), the sync continues; it is killed with SIGKILL a few times on the way.
    await ctl(sb, 'clock', { advance_s: await secondsToMidnight(earlierSb(), 60) });
    await ctl(sb, 'faults', { delay_ms: 150 });
    let killed = 0;
    for (const ms of [1500, 2200, 1800, 2600]) {
      const { child, done } = cli.spawn(['--json', 'sync', String(ALL)]);
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const r = await done;
      clearTimeout(timer);
      if (r.code === 137) killed++;
      else expect(r.code, r.stderr).toBe(0);
    }
    expect(killed).toBeGreaterThan(0);
    await ctl(sb, 'faults', { delay_ms: 0 });
    const last = await cli.ok(['--json', 'sync', String(ALL)]);
    expect(last.lines[0]).toMatchObject({ stopped_by: 'done', complete: true });
    const set = await serverSet(ALL);
    expect(set.length).toBe(2000);
    expect(sorted(cacheFacts(ALL).members)).toEqual(sorted(set));
    const server = await expectChargedOnce();
    expect(server.size).toBe(2000);
  });

  it('card tender: lots with their positions, the administrator; a second open is from the cache', async () => {
    // Every tender was received by now (filter 1 is all of them): the detail is free.
    const id = s.moscow[0]!;
    s.cardId = id;
    const first = await cli.ok(['--json', 'card', 'tender', String(id), '--limit', '5']);
    expect(first.lines[0]).toMatchObject({ source: 'server (free: received before)', charged: false, offline: false });
    const card = first.lines[0].card;
    expect(card.id).toBe(id);
    expect(card.organization.administrator).toBeDefined();
    const human = await cli.ok(['card', 'tender', String(id), '--limit', '5']);
    expect(human.stdout).toMatch(/^Контактное лицо: /m);
    expect(human.stdout).toMatch(/^лот 1: /m);
    expect(human.stdout).toMatch(/\(из кэша — бесплатно\)\n$/);
    expect((await serverCharges()).get(id)).toBe(1);
    const [contract, badId] = await Promise.all([cli.run(['card', 'contract', '5']), cli.run(['card', 'tender', 'abc'])]);
    expect(contract.code).toBe(2);
    expect(failureReason(contract)).toMatch(/нет карточек контрактов/);
    expect(badId.code).toBe(2);
  });

  // Fourteen CLI runs in a row: under CI's load (two projects and Playwright on two cores) they took more than 30 s once.
  it('favorites: add, add again, list, remove; updates after a change, with is_new and the charge shown', async () => {
    const t = cat.find((x) => statusWord(x) === 'active')!;
    s.favorite = t.etp_id;
    const add = await cli.ok(['--json', 'favorites', 'add', t.etp_id]);
    expect(add.lines[0]).toMatchObject({ etp_id: t.etp_id, success: true, is_favorite: true });
    const again = await cli.ok(['--json', 'favorites', 'add', t.etp_id]);
    expect(again.lines[0]).toMatchObject({ success: false, is_favorite: true });
    let list = await cli.ok(['--json', 'favorites']);
    expect(list.lines.map((l) => l.etp_id)).toEqual([t.etp_id]);
    expect(list.lines[0]).toMatchObject({ id: t.id, changed_since_added: false, cached: true, charged: true, offline: false });
    const removed = await cli.ok(['--json', 'favorites', 'remove', t.etp_id]);
    expect(removed.lines[0]).toMatchObject({ success: true, is_favorite: false });
    expect((await cli.ok(['--json', 'favorites', 'list'])).lines).toEqual([]);

    // Every active tender becomes a favorite (over HTTP); a tick changes some of them a minute later.
    const active = cat.filter((x) => statusWord(x) === 'active');
    for (const x of active) expect((await legacy(earlierSb(), 'POST', `/favorites/${encodeURIComponent(x.etp_id)}`, { token: live })).status).toBe(200);
    list = await cli.ok(['--json', 'favorites']);
    expect(list.lines).toHaveLength(active.length);
    await ctl(sb, 'clock', { advance_s: 60 });
    await ctl(sb, 'tick', { created: 2, updated: 8 });
    const before = (await serverCharges()).size;
    const updates = await cli.ok(['--json', 'favorites', 'updates']);
    expect(updates.lines.length).toBe(8);
    for (const l of updates.lines) {
      // Every tender was received before (filter 1 held them all): an update is free.
      expect(l).toMatchObject({ is_new: false, charged: false });
      expect(Date.parse(l.update_date)).toBeGreaterThan(0);
    }
    expect((await serverCharges()).size).toBe(before);
    const changed = new Set(updates.lines.map((l) => l.id));
    list = await cli.ok(['--json', 'favorites']);
    for (const l of list.lines) expect(l.changed_since_added).toBe(changed.has(l.id));
    const human = await cli.ok(['favorites', 'updates']);
    expect(human.stdout.trim().split('\n')).toHaveLength(8);
    expect(human.stdout).toMatch(/уже получена \(бесплатно\)/);
    expect(human.stderr).toBe('избранных, изменившихся после добавления: 8; списано 0 ед.\n');
  }, 90_000);

  it('balance (balances, the three daily limits, license, next reset) and ledger (the balance history) are mirrored', async () => {
    const server = await get200(earlierSb(), '/balance', live);
    const b = await cli.ok(['--json', 'balance']);
    // The three balances of 2.7 (a server may send more fields; the CLI shows these).
    const { tenders, contracts, protocols } = server.balance;
    expect(b.lines[0]).toMatchObject({ balance: { tenders, contracts, protocols }, license: { active: true, endDate: server.license.end_date }, next_reset_at: server.limits.tenders.reset_at, offline: false });
    expect(b.lines[0].limits.tenders).toMatchObject({ current: server.limits.tenders.current, limit: 1000, remaining: server.limits.tenders.remaining });
    const human = await cli.ok(['balance']);
    expect(human.stdout).toMatch(/^закупки: .*сегодня \d[\d\s]* из 1\s000, осталось /m);
    expect(human.stdout).toMatch(/^протоколы: 500 /m);
    expect(human.stdout).toMatch(/^лицензия: действует, до /m);
    expect(human.stdout).toMatch(/^дневные лимиты сбрасываются в 00:00 МСК: следующий сброс \d\d\.\d\d\.\d{4}, 00:00 МСК$/m);

    const ledger = await cli.ok(['--json', 'ledger']);
    const transactions = await history(earlierSb(), live);
    expect(ledger.lines.map((l) => l.id)).toEqual(transactions.map((t) => t.id).reverse());
    expect(ledger.lines.filter((l) => l.transaction_type === 'debit')).toHaveLength(2000);
    const last3 = await cli.ok(['ledger', '--last', '3']);
    expect(last3.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('export filter and export favorites: BOM, ";", one row per cached tender, the chosen columns', async () => {
    const dir = cli.dir('export');
    const file = join(dir, 'москва.csv');
    const r = await cli.ok(['--json', 'export', 'filter', String(MOSCOW), '--out', file]);
    const bytes = readFileSync(file);
    expect(r.lines[0]).toEqual({ file, rows: s.moscow.length, bytes: bytes.length });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'), ';');
    expect(rows[0]![0]).toBe('ID');
    expect(rows[0]).toContain('Площадка');
    expect(sorted(rows.slice(1).map((row) => Number(row[0])))).toEqual(sorted(s.moscow));

    const favFile = join(dir, 'favorites.csv');
    const fav = await cli.ok(['--json', 'export', 'favorites', '--out', favFile, '--columns', 'id,etp_id,name,customer_inn']);
    const favRows = parseCsv(readFileSync(favFile).subarray(3).toString('utf8'), ';');
    const favorites = (await cli.ok(['--json', 'favorites'])).lines;
    expect(fav.lines[0].rows).toBe(favorites.length);
    expect(favRows[0]).toEqual(['ID', 'Номер извещения', 'Наименование', 'ИНН заказчика']);
    expect(sorted(favRows.slice(1).map((row) => Number(row[0])))).toEqual(sorted(favorites.map((f) => f.id)));
    for (const row of favRows.slice(1)) expect(row[3]).not.toBe('');

    // --format plain writes notice numbers as plain text; the default (excel) as ="…".
    const plainFile = join(dir, 'favorites-plain.csv');
    const plainRun = await cli.ok(['export', 'favorites', '--out', plainFile, '--columns', 'id,etp_id', '--format', 'plain']);
    // Answered in the CLI's locale, the provenance beside the file and the export in the history.
    expect(plainRun.stdout.replace(/(\d)\s(?=\d)/g, '$1')).toBe(`Записано строк: ${favorites.length} → ${plainFile}\n`);
    expect(plainRun.stderr).toContain(`Сведения об источнике записаны в ${plainFile}.provenance.json`);
    expect(JSON.parse(readFileSync(`${plainFile}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'earlier_favorites' }, format: 'csv', rows: favorites.length });
    expect(JSON.parse(readFileSync(`${file}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'earlier_filter', filter_id: MOSCOW }, rows: s.moscow.length, units: expect.any(Number) });
    expect(JSON.parse(readFileSync(`${file}.provenance.json`, 'utf8')).freshness).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(exportHistoryNames(cli).slice(0, 3)).toEqual(['favorites-plain.csv', 'favorites.csv', 'москва.csv']);
    const plainRows = parseCsv(readFileSync(plainFile).subarray(3).toString('utf8'), ';');
    expect(plainRows.slice(1).map((row) => row[0])).toEqual(favRows.slice(1).map((row) => row[0]));
    plainRows.slice(1).forEach((row, i) => {
      expect(row[1]).not.toMatch(/^=/);
      expect(favRows[i + 1]![1]).toBe(/^\d+$/.test(row[1]!) && (row[1]!.startsWith('0') || row[1]!.length >= 12) ? `="${row[1]}"` : row[1]);
    });
    expect(favRows.slice(1).some((row) => row[1]!.startsWith('="'))).toBe(true);

    const [badColumn, list, noOut] = await Promise.all([
      cli.run(['export', 'filter', String(MOSCOW), '--out', join(dir, 'x.csv'), '--columns', 'id,nope']),
      cli.run(['export', 'list', 'lst_1', '--out', join(dir, 'y.csv')]),
      cli.run(['export', 'filter', String(MOSCOW)]),
    ]);
    for (const x of [badColumn, list, noOut]) expect(x.code).toBe(2);
    expect(failureReason(badColumn)).toMatch(/^Нет столбца: nope\./);
    expect(failureReason(list)).toMatch(/^списки относятся к текущему поколению API/);
  });

  it('an expired license is a clear error; the balance still answers and shows it', async () => {
    await ctl(sb, 'license', { login: 'demo', active: false });
    const favs = await cli.run(['favorites']);
    expect(favs.code).toBe(1);
    expect(failureReason(favs)).toMatch(/^Лицензия на доступ к API не действует.*код license_expired, HTTP 403/);
    const sync = await cli.run(['sync', String(MOSCOW)]);
    expect(sync.code).toBe(1);
    expect(failureReason(sync)).toMatch(/^Лицензия на доступ к API не действует/);
    const b = await cli.ok(['--json', 'balance']);
    expect(b.lines[0].license.active).toBe(false);
    expect((await cli.ok(['balance'])).stdout).toMatch(/^лицензия: НЕ ДЕЙСТВУЕТ/m);
    await ctl(sb, 'license', { login: 'demo', active: true });
  });

  it('commands of the other generation answer one clear line and exit non-zero', async () => {
    const runs = await Promise.all([
      cli.run(['search', '--query', '{}']),
      cli.run(['--json', 'list', 'show', 'lst_1']),
      cli.run(['audit']),
      cli.run(['sync', '1', '--contracts']),
      cli.run(['sync', '1', '--follow']),
      cli.run(['sync', 'vac']),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      failureReason(r);
    }
    expect(failureReason(runs[0]!)).toMatch(/^Сохранённые поиски \(QUERY\) есть только в текущем поколении API/);
    expect(failureReason(runs[1]!)).toMatch(/^Списки есть только в текущем поколении API/);
    expect(failureReason(runs[2]!)).toMatch(/^Сверка журнала списаний .*есть только в текущем поколении API/);

    // And the other way round: a current-generation profile has no favorites or filters.
    await cli.ok(['profile', 'add', 'cur', '--base-url', sb.baseUrl]);
    const [fav, filters] = await Promise.all([cli.run(['--profile', 'cur', 'favorites']), cli.run(['--profile', 'cur', 'filters'])]);
    for (const r of [fav, filters]) expect(r.code).toBe(2);
    expect(failureReason(fav)).toMatch(/^Избранное есть только в раннем поколении API/);
    await cli.ok(['profile', 'remove', 'cur', '--delete-data']);
  });

  it('offline: card, favorites, balance and ledger answer from the cache with a note; sync fails in one line', async () => {
    // The newest version's detail is cached while online (a tick may have changed the tender since).
    await cli.ok(['card', 'tender', String(s.cardId), '--limit', '5']);
    await sb.close();
    sandboxOpen = false;
    await sleep(50);
    const card = await cli.ok(['--json', 'card', 'tender', String(s.cardId), '--limit', '5']);
    expect(card.lines[0]).toMatchObject({ source: 'cache', offline: false });
    expect(card.stderr).toBe('');
    const favs = await cli.ok(['--json', 'favorites']);
    expect(favs.lines.length).toBeGreaterThan(0);
    expect(favs.lines[0].offline).toBe(true);
    const favsHuman = await cli.ok(['favorites']);
    expect(favsHuman.stderr).toBe('нет связи с сервером: показана копия из кэша\n');
    expect(favsHuman.stdout.trim().split('\n')).toHaveLength(favs.lines.length);
    const b = await cli.ok(['--json', 'balance']);
    expect(b.lines[0]).toMatchObject({ offline: true, balance: { protocols: 500 } });
    const ledger = await cli.ok(['--json', 'ledger']);
    expect(ledger.lines.length).toBeGreaterThan(2000);
    expect(ledger.lines[0].offline).toBe(true);
    const filters = await cli.ok(['--json', 'filters']);
    expect(filters.lines.find((f) => f.id === MOSCOW)).toMatchObject({ cached: s.moscow.length, offline: true });
    const search = await cli.ok(['--json', 'cache', 'search', 'поставка', '--limit', '5']);
    expect(search.lines.length).toBeGreaterThan(0);
    const sync = await cli.run(['sync', String(MOSCOW)]);
    expect(sync.code).toBe(1);
    expect(failureReason(sync)).toMatch(/Нет связи с сервисом/);
  });

  it('the token appears in no file under the data dir or HOME, no export and no output', async () => {
    const secrets = [live, randomPart(live)];
    const result = scanForSecrets([cli.dataDir, cli.home, join(cli.root, 'export')], secrets);
    expect(result.files.some((f) => f.endsWith('cache.db'))).toBe(true);
    expect(result.values).toBeGreaterThan(1000);
    expect(result.hits).toEqual([]);
    expect(cli.transcript.length).toBeGreaterThan(30);
    for (const r of cli.transcript as CliRun[]) {
      for (const secret of secrets) expect(r.stdout.includes(secret) || r.stderr.includes(secret), `tenderwb ${r.args.join(' ')} printed the token`).toBe(false);
    }
  });
});
