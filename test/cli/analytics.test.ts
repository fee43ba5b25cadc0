/**
 * Intelligence's end-to-end check: the CLI's supplier dossier of a sandbox supplier equals the figures computed
 * here, independently, from the sandbox's own API answers (its tender and contract feeds read over plain HTTP
 * with a test token, never through our client or our cache), by the definitions of domain/insights.ts.
 *
 * Runs against the default sandbox and, in the strict pass (TENDERWB_SANDBOX_STRICT=1), against the strict
 * one, whose contracts carry only `id`, `suppliers` and `execution` (API reference 2.6a): there no contract
 * states its price, customer, tender, region or signing date, so `total_price` is 0 with every contract
 * counted in `contracts_without_price`, no customer or reduction is known (`customers` 0,
 * `median_reduction_pct` null), regions and OKPD2 classes are `unknown`, and the timeline is empty. The
 * expected figures below are derived from what the server sent, so each mode checks itself.
 *
 * Also: the readable text is Russian by default and English when the app's settings say so; bad input (an INN,
 * a code, a date, a region) is refused with exit 2 and a sentence in that language.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { spawn } from 'node:child_process';
import { api, CLI_ENTRY, cliOnSandbox, exportHistoryNames, failureReason, type CliHarness, type Json } from './helpers';

const STRICT = process.env.TENDERWB_SANDBOX_STRICT === '1';
// Completed tenders: contracts exist only for them (4.7 rule 5), so the contracts' tenders are cached too.
const QUERY = { regions: [77], status: ['completed'] };

let sb: RunningSandbox;
let test: string;
let cli: CliHarness;
let filterId: string;

beforeAll(async () => {
  ({ sb, test, cli } = await cliOnSandbox());
  const search = await cli.ok(['--json', 'search', '--query', JSON.stringify(QUERY), '--label', 'moscow', '--events', 'created,updated']);
  filterId = search.lines[0].filter_id;
  await cli.ok(['--json', 'sync', 'moscow', '--contracts']);
}, 180_000);

afterAll(async () => {
  cli?.cleanup();
  await sb?.close();
});

/** Every item of a feed (tenders or contracts) of the saved search, both event streams, read with the test token. */
async function feed(kind: 'tenders' | 'contracts'): Promise<Json[]> {
  const items: Json[] = [];
  let body: Record<string, unknown> = { filter_id: filterId, events: ['created', 'updated'], limit: 100 };
  for (let waits = 0; ; ) {
    const r = await api(sb, 'POST', `/${kind}/query`, { token: test, body });
    if (r.status === 202 || (r.status === 200 && r.json.results.length === 0 && r.json.state !== 'ready')) {
      if (++waits > 300) throw new Error(`the ${kind} feed did not get ready`);
      await new Promise((res) => setTimeout(res, 200));
      if (r.status === 200) body = { cursor: r.json.next_cursor, limit: 100 };
      continue;
    }
    if (r.status !== 200) throw new Error(`${kind} QUERY answered ${r.status}: ${r.text}`);
    items.push(...r.json.results);
    if (r.json.results.length === 0) return items;
    body = { cursor: r.json.next_cursor, limit: 100 };
  }
}

/** The latest version of each object of a feed (the item's `version`, 2.4); the object under its item key. */
function latest(items: Json[], key: 'tender' | 'contract'): Map<number, Json> {
  const out = new Map<number, { version: number; object: Json }>();
  for (const item of items) {
    // The contract feed's item key is "not shown" (2.4): the default sandbox says `contract`, the strict one `object`.
    const object = item[key] ?? item.object;
    const held = out.get(object.id);
    if (!held || item.version > held.version) out.set(object.id, { version: item.version, object });
  }
  return new Map([...out].map(([id, v]) => [id, v.object]));
}

const seconds = (iso: unknown): number | null => (typeof iso === 'string' ? Math.floor(Date.parse(iso) / 1000) : null);
/** `YYYY-MM` in Moscow time (UTC+3, no DST since 2014), computed here without the app's helper. */
const moscowMonth = (s: number): string => new Date((s + 3 * 3600) * 1000).toISOString().slice(0, 7);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** The sandbox's execution stage codes, as its dictionary names them. */
const STAGES: Record<string, 'executing' | 'completed' | 'terminated'> = { executing: 'executing', executed: 'completed', terminated: 'terminated' };
const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

type Expected = {
  inn: string;
  contracts: number;
  total_price: number;
  customers: number;
  median_reduction_pct: number | null;
  reduction_sample: number;
  stages: Record<string, number>;
  terminations: number;
  regions: { key: string; count: number; value: number; priced: number }[];
  okpd2_classes: { key: string; count: number; value: number; priced: number }[];
  top_customers: { inn: string; contracts: number; total_price: number; share_pct: number | null; median_reduction_pct: number | null }[];
  timeline: { month: string; tenders: number; tender_price: number; contracts: number; contract_price: number }[];
  completeness: Record<string, number>;
  names: Set<string>;
};

/** The supplier dossier by the definitions of domain/insights.ts, from the server's own objects. */
function expectedDossier(inn: string, contracts: Map<number, Json>, tenders: Map<number, Json>): Expected {
  const mine = [...contracts.values()].filter((c) => (c.suppliers ?? []).some((s: Json) => s.inn === inn));
  const tenderOf = (c: Json): Json | undefined => (typeof c.tender_id === 'number' ? tenders.get(c.tender_id) : undefined);
  const reduction = (c: Json): number | null => {
    const t = tenderOf(c);
    const price = num(c.price);
    const initial = t ? num(t.price) : null;
    return price === null || initial === null || !(initial > 0) ? null : ((initial - price) / initial) * 100;
  };
  const reductions = (cs: Json[]): number[] => cs.map(reduction).filter((r): r is number => r !== null);
  const total = mine.reduce((s, c) => s + (num(c.price) ?? 0), 0);

  const byCustomer = new Map<string, Json[]>();
  for (const c of mine) {
    const customer: string | undefined = c.customer?.inn ?? tenderOf(c)?.organization?.inn;
    if (customer) byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), c]);
  }
  const top = [...byCustomer]
    .map(([cInn, cs]) => {
      const value = cs.reduce((s, c) => s + (num(c.price) ?? 0), 0);
      return { inn: cInn, contracts: cs.length, total_price: value, share_pct: total > 0 ? (value / total) * 100 : null, median_reduction_pct: median(reductions(cs)) };
    })
    .sort((a, b) => b.total_price - a.total_price || b.contracts - a.contracts || (a.inn < b.inn ? -1 : 1))
    .slice(0, 10);

  const tally = (keysOf: (c: Json) => string[]): { key: string; count: number; value: number; priced: number }[] => {
    const out = new Map<string, { key: string; count: number; value: number; priced: number }>();
    for (const c of mine) {
      const keys = keysOf(c);
      for (const key of keys.length ? [...new Set(keys)] : ['unknown']) {
        const row = out.get(key) ?? { key, count: 0, value: 0, priced: 0 };
        row.count += 1;
        row.value += num(c.price) ?? 0;
        // How many of them state a price: strict contracts state none, so the sum is unknown, not 0.
        if (num(c.price) !== null) row.priced += 1;
        out.set(key, row);
      }
    }
    return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  };

  const stages: Record<string, number> = { executing: 0, completed: 0, terminated: 0, unknown: 0 };
  for (const c of mine) stages[STAGES[c.execution?.stage?.code] ?? 'unknown']! += 1;

  const myTenders = [...new Map(mine.flatMap((c) => (tenderOf(c) ? [[tenderOf(c)!.id, tenderOf(c)!] as const] : []))).values()];
  const points = new Map<string, { month: string; tenders: number; tender_price: number; contracts: number; contract_price: number }>();
  const at = (month: string) => points.get(month) ?? points.set(month, { month, tenders: 0, tender_price: 0, contracts: 0, contract_price: 0 }).get(month)!;
  for (const t of myTenders) {
    const s = seconds(t.publish_date);
    if (s === null) continue;
    at(moscowMonth(s)).tenders += 1;
    at(moscowMonth(s)).tender_price += num(t.price) ?? 0;
  }
  for (const c of mine) {
    const s = seconds(c.sign_date);
    if (s === null) continue;
    at(moscowMonth(s)).contracts += 1;
    at(moscowMonth(s)).contract_price += num(c.price) ?? 0;
  }
  const months = [...points.keys()].sort();
  const timeline = [];
  if (months.length) {
    for (let m = months[0]!; m <= months.at(-1)!; ) {
      timeline.push(at(m));
      const [y, mo] = m.split('-').map(Number) as [number, number];
      m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
    }
  }

  const contracted = new Set(mine.map((c) => c.tender_id).filter((id) => typeof id === 'number'));
  const completed = myTenders.filter((t) => (t.status?.code ?? null) === 'completed' || t.status?.name === 'Завершена');
  return {
    inn,
    contracts: mine.length,
    total_price: total,
    customers: byCustomer.size,
    median_reduction_pct: median(reductions(mine)),
    reduction_sample: reductions(mine).length,
    stages,
    terminations: stages.terminated!,
    regions: tally((c) => {
      const region = c.region?.id ?? tenderOf(c)?.region?.id;
      return region === undefined ? [] : [String(region)];
    }),
    okpd2_classes: tally((c) => (tenderOf(c)?.okpd2 ?? []).map((o: Json) => String(o.code).slice(0, 2))),
    top_customers: top,
    timeline,
    completeness: {
      completed_tenders: completed.length,
      completed_tenders_with_contract: completed.filter((t) => contracted.has(t.id)).length,
      contracts_without_price: mine.filter((c) => num(c.price) === null).length,
      contracts_without_tender: mine.filter((c) => tenderOf(c) === undefined).length,
      tenders_without_placement: myTenders.filter((t) => !t.placement_type?.name).length,
    },
    names: new Set(mine.flatMap((c) => c.suppliers).filter((s: Json) => s.inn === inn && s.name).map((s: Json) => s.name)),
  };
}

describe(`tenderwb analytics supplier INN --json equals the figures computed from the sandbox's own answers (${STRICT ? 'strict' : 'default'} sandbox)`, () => {
  it('every figure of the dossier, for the supplier with the most contracts in the saved search', async () => {
    const tenders = latest(await feed('tenders'), 'tender');
    const contracts = latest(await feed('contracts'), 'contract');
    expect(contracts.size).toBeGreaterThan(10);
    // The supplier with the most contracts (ties: the smaller INN), so shares and the median have several terms.
    const counts = new Map<string, number>();
    for (const c of contracts.values()) for (const inn of new Set<string>(c.suppliers.map((s: Json) => s.inn))) counts.set(inn, (counts.get(inn) ?? 0) + 1);
    const [inn] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    const want = expectedDossier(inn, contracts, tenders);
    expect(want.contracts).toBeGreaterThanOrEqual(2);

    const run = await cli.ok(['--json', 'analytics', 'supplier', inn]);
    expect(run.lines).toHaveLength(1);
    const got = run.lines[0];
    expect(got.inn).toBe(inn);
    expect(want.names.has(got.name)).toBe(true);
    expect(got.contracts).toBe(want.contracts);
    expect(got.total_price).toBeCloseTo(want.total_price, 2);
    expect(got.customers).toBe(want.customers);
    expect(got.reduction_sample).toBe(want.reduction_sample);
    if (want.median_reduction_pct === null) expect(got.median_reduction_pct).toBeNull();
    else expect(got.median_reduction_pct).toBeCloseTo(want.median_reduction_pct, 6);
    expect(got.stages).toEqual(want.stages);
    expect(got.terminations).toBe(want.terminations);
    const keyed = (rows: Json[]) => rows.map((r) => ({ key: r.key, count: r.count, value: r.value, priced: r.priced })).sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(keyed(got.regions)).toEqual(want.regions.map((r) => ({ ...r, value: expect.closeTo(r.value, 2) })));
    expect(keyed(got.okpd2_classes)).toEqual(want.okpd2_classes.map((r) => ({ ...r, value: expect.closeTo(r.value, 2) })));
    expect(got.top_customers.map((p: Json) => ({ inn: p.inn, contracts: p.contracts, total_price: p.total_price, share_pct: p.share_pct, median_reduction_pct: p.median_reduction_pct }))).toEqual(
      want.top_customers.map((p) => ({
        ...p,
        total_price: expect.closeTo(p.total_price, 2),
        share_pct: p.share_pct === null ? null : expect.closeTo(p.share_pct, 6),
        median_reduction_pct: p.median_reduction_pct === null ? null : expect.closeTo(p.median_reduction_pct, 6),
      })),
    );
    expect(got.timeline).toEqual(want.timeline.map((p) => ({ ...p, tender_price: expect.closeTo(p.tender_price, 2), contract_price: expect.closeTo(p.contract_price, 2) })));
    expect(got.completeness).toMatchObject(want.completeness);

    if (STRICT) {
      // What the reference does not promise for a contract, the strict server does not send: said, not guessed.
      expect(got.total_price).toBe(0);
      expect(got.completeness.contracts_without_price).toBe(want.contracts);
      expect(got.customers).toBe(0);
      expect(got.median_reduction_pct).toBeNull();
      expect(got.timeline).toEqual([]);
    } else {
      // The default sandbox sends everything: every figure is a real one.
      expect(got.total_price).toBeGreaterThan(0);
      expect(got.customers).toBeGreaterThan(0);
      expect(got.reduction_sample).toBe(want.contracts);
      expect(got.timeline.length).toBeGreaterThan(0);
    }
  });
});

describe('tenderwb analytics customer / competitors / prices and tenderwb flags: --json carries the fields the issue names', () => {
  it('customer: its tenders are those the search delivered for its INN; the issue’s fields are all there', async () => {
    const tenders = [...latest(await feed('tenders'), 'tender').values()];
    const inn: string = tenders[0]!.organization.inn;
    const run = await cli.ok(['--json', 'analytics', 'customer', inn]);
    expect(run.lines).toHaveLength(1);
    const d = run.lines[0];
    for (const key of ['inn', 'name', 'tenders', 'contracts', 'total_price', 'suppliers', 'median_reduction_pct', 'single_supplier_share', 'hhi', 'top_suppliers']) expect(d, key).toHaveProperty(key);
    expect(d.inn).toBe(inn);
    expect(d.tenders).toBe(tenders.filter((t) => t.organization?.inn === inn).length);
    expect(d.total_initial_price).toBeCloseTo(tenders.filter((t) => t.organization?.inn === inn).reduce((s, t) => s + (num(t.price) ?? 0), 0), 2);
  });

  it('export dossier customer INN: the app\'s workbook (read back: its figures and «Источник»), or one CSV of its tables with the provenance beside it; both in the history; an INN held nowhere exits 8', async () => {
    const tenders = [...latest(await feed('tenders'), 'tender').values()];
    const inn: string = tenders[0]!.organization.inn;
    const d = (await cli.ok(['--json', 'analytics', 'customer', inn])).lines[0];
    const dir = cli.dir('dossier');
    const xlsx = join(dir, 'заказчик.xlsx');
    const run = await cli.ok(['export', 'dossier', 'customer', inn, '--format', 'xlsx', '--out', xlsx]);
    expect(run.stdout).toMatch(/^Записано строк: \d+ → /);
    expect(await readSheetNames(xlsx)).toEqual(['Показатели', 'По статусам', 'По законам', 'По способам', 'Поставщики', 'Стадии контрактов', 'По месяцам', 'Источник']);
    const figures = new Map((await readXlsxFile(xlsx, { sheet: 'Показатели', trim: false })).map((row) => [row[0], row[1]]));
    expect(figures.get('ИНН')).toBe(inn);
    expect(figures.get('Закупок')).toBe(d.tenders);
    const source = new Map((await readXlsxFile(xlsx, { sheet: 'Источник', trim: false })).map((row) => [row[0], row[1]]));
    expect(source.get('Что выгружено')).toContain(`Досье заказчика ${inn}`);

    const csv = join(dir, 'заказчик.csv');
    const plain = await cli.ok(['--json', 'export', 'dossier', 'customer', inn, '--format', 'csv', '--out', csv]);
    const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.split(';').slice(0, 3)).toEqual(['Таблица', 'Показатель', 'Значение']);
    expect(lines.find((l) => l.startsWith('Показатели;Закупок;'))!.split(';')[2]).toBe(String(d.tenders));
    expect(lines.filter((l) => l.startsWith('По статусам;')).length).toBe(d.tenders_by_status.length);
    const provenance = JSON.parse(readFileSync(`${csv}.provenance.json`, 'utf8'));
    expect(provenance).toMatchObject({ what: { kind: 'dossier', party: 'customer', inn }, format: 'csv', rows: plain.lines[0].rows });
    expect(exportHistoryNames(cli).slice(0, 2)).toEqual(['заказчик.csv', 'заказчик.xlsx']);

    const nothing = await cli.run(['export', 'dossier', 'supplier', '7736050003', '--out', join(dir, 'x.xlsx')]);
    expect(nothing.code).toBe(8);
    const usage = await cli.run(['export', 'dossier', 'customer', '--out', join(dir, 'y.xlsx')]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('использование: export dossier customer|supplier ИНН');
  });

  it('competitors of the saved search by its label; prices with the issue’s fields and the table written with --out', async () => {
    const comp = await cli.ok(['--json', 'analytics', 'competitors', 'moscow']);
    expect(comp.lines[0].scope).toEqual({ kind: 'search', id: filterId, name: 'moscow' });
    const out = join(cli.dir('prices'), 'prices.csv');
    const prices = await cli.ok(['--json', 'analytics', 'prices', '--okpd2', '26,20', '--region', '77', '--from', '01.01.2020', '--out', out]);
    expect(prices.lines).toHaveLength(1);
    const b = prices.lines[0];
    for (const key of ['n', 'min', 'median', 'max', 'cv', 'homogeneous']) expect(b, key).toHaveProperty(key);
    expect(b.query).toEqual({ code: '26.20', region: 77, from: '2020-01-01' });
    expect(b.out).toBe(out);
    expect(b.rows_written).toBe(b.row_count);
    expect(readFileSync(out, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Цена за единицу');
    // Its provenance beside it (the question, the rows) and the export in the history.
    expect(JSON.parse(readFileSync(`${out}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'price_benchmark', query: { code: '26.20', region: 77, from: '2020-01-01' } }, format: 'csv', rows: b.row_count });
    expect(exportHistoryNames(cli)[0]).toBe('prices.csv');
  });

  it('prices: the sources and warnings come with the answer; an empty answer says the positions come with cards (tenderwb enrich)', async () => {
    const b = (await cli.ok(['--json', 'analytics', 'prices', '--okpd2', '26.20'])).lines[0];
    expect(Object.keys(b.sources).sort()).toEqual(['contracts', 'customers', 'ktru_codes', 'notices', 'objects']);
    expect(b.sources.contracts + b.sources.notices).toBe(b.sources.objects);
    expect(Array.isArray(b.warnings)).toBe(true);
    if (b.n > 0 && b.sources.objects < 3) expect(b.warnings).toContain('few_sources');
    // No position of the cache has this code (the search read no cards of such goods).
    const empty = await cli.ok(['analytics', 'prices', '--okpd2', '01.11.11']);
    expect(empty.stdout).toContain('В кэше нет позиций с ценой по этому коду');
    expect(empty.stdout).toContain('tenderwb enrich');
  });

  it('competitors and flags of a list: the list’s tenders only', async () => {
    const tenders = [...latest(await feed('tenders'), 'tender').values()].slice(0, 5);
    const listId: string = (await cli.ok(['--json', 'list', 'create', 'пять закупок'])).lines[0].list_id;
    await cli.ok(['list', 'add', listId, ...tenders.map((t) => String(t.id))]);
    const comp = await cli.ok(['--json', 'analytics', 'competitors', '--list', listId]);
    expect(comp.lines[0].scope).toEqual({ kind: 'list', id: listId, name: 'пять закупок' });
    expect(comp.lines[0].tenders).toBe(5);
    const flags = await cli.ok(['--json', 'flags', '--list', listId]);
    const ids = new Set(tenders.map((t) => String(t.id)));
    for (const f of flags.lines.filter((l) => l.object.kind === 'tender')) expect(ids.has(f.object.id)).toBe(true);
    const unknown = await cli.run(['analytics', 'competitors', '--list', 'lst_nope']);
    expect(unknown.code).toBe(2);
    expect(failureReason(unknown)).toContain('lst_nope');
  });

  it('flags: one object per flag with code, object, evidence, source; a dismissal is remembered and undone', async () => {
    const run = await cli.ok(['--json', 'flags', '--label', 'moscow']);
    for (const line of run.lines) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['code', 'object', 'evidence', 'source', 'dismissed']));
      expect(typeof line.source).toBe('string');
    }
    const all = await cli.ok(['--json', 'flags']);
    // The default sandbox sends contract and tender prices: contracts at 99 % of the initial price are among its data.
    if (!STRICT) expect(all.lines.some((l) => l.code === 'price_near_estimate')).toBe(true);
    const human = await cli.ok(['flags']);
    expect(human.stdout.split('\n')[0]).toBe('Красные флаги: весь кэш');
    const first = all.lines[0] ?? { code: 'single_supplier_share', object: { kind: 'customer', id: '7707083893' } };
    const key = [first.code, first.object.kind, first.object.id];
    expect((await cli.ok(['--json', 'flags', 'dismiss', ...key, '--note', 'проверено'])).lines[0]).toEqual({ code: first.code, object: { kind: first.object.kind, id: first.object.id }, dismissed: true });
    const shown = (await cli.ok(['--json', 'flags'])).lines.find((l) => l.code === first.code && l.object.kind === first.object.kind && l.object.id === first.object.id);
    if (all.lines[0]) expect(shown?.dismissed).toBe(true);
    await cli.ok(['flags', 'restore', ...key]);
    const back = (await cli.ok(['--json', 'flags'])).lines.find((l) => l.code === first.code && l.object.kind === first.object.kind && l.object.id === first.object.id);
    if (all.lines[0]) expect(back?.dismissed).toBe(false);
    const unknown = await cli.run(['flags', 'dismiss', 'no_such_flag', 'tender', '1']);
    expect(unknown.code).toBe(2);
    expect(failureReason(unknown)).toContain('Нет флага «no_such_flag»');
  });
});

describe('tenderwb analytics: readable text in the app’s language, and bad input refused in it', () => {
  it('the human dossier is Russian by default and English when settings.json says en; money in the Russian format', async () => {
    const contracts = latest(await feed('contracts'), 'contract');
    const inn: string = [...contracts.values()][0]!.suppliers[0].inn;
    const ru = await cli.ok(['analytics', 'supplier', inn]);
    expect(ru.stdout).toContain(`Поставщик ${inn}`);
    expect(ru.stdout).toContain('Контракты:');
    expect(ru.stdout).toMatch(/\d,\d\d ₽/);
    // Stages named, never their codes.
    expect(ru.stdout).toMatch(/Этапы контрактов: Исполнение \d+, Исполнен \d+, Расторгнут \d+, Не указан \d+/);
    expect(ru.stdout).not.toMatch(/executing|terminated/);
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null }));
    try {
      const text = await cli.ok(['analytics', 'supplier', inn]);
      expect(text.stdout).toContain(`Supplier ${inn}`);
      expect(text.stdout).toContain('Contracts:');
      expect(text.stdout).toMatch(/Contract stages: Executing \d+, Completed \d+, Terminated \d+, Not stated \d+/);
      const bad = await cli.run(['analytics', 'customer', '7707083894']);
      expect(bad.code).toBe(2);
      expect(failureReason(bad)).toContain('check digits');
    } finally {
      writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null }));
    }
  });

  it('the readable dossier names a region (Москва, not 77) in both languages: the query builder’s dictionary, since the store keeps the id', async () => {
    const contracts = latest(await feed('contracts'), 'contract');
    const inn: string = [...contracts.values()][0]!.suppliers[0].inn;
    const regionsLine = (stdout: string, title: string): string => stdout.split('\n').find((l) => l.startsWith(`${title}: `)) ?? '';
    const ru = regionsLine((await cli.ok(['analytics', 'supplier', inn])).stdout, 'Регионы');
    // The saved search is Moscow's (QUERY); the strict server sends no contract region and no contract's tender.
    expect(ru).toMatch(STRICT ? /^Регионы: Не указано: \d+$/ : /^Регионы: (.+; )?Москва: \d+/);
    expect(ru).not.toMatch(/(: |; )\d+: /);
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null }));
    try {
      // Region names are proper names: Russian in both languages.
      expect(regionsLine((await cli.ok(['analytics', 'supplier', inn])).stdout, 'Regions')).toMatch(STRICT ? /^Regions: Not stated: \d+$/ : /^Regions: (.+; )?Москва: \d+/);
    } finally {
      writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null }));
    }
  });

  it('the readable flags name their evidence and the missing fields in words, Russian and English; no API key is shown', async () => {
    const json = await cli.ok(['--json', 'flags']);
    const keys = new Set(json.lines.flatMap((l) => Object.keys(l.evidence)));
    const gaps = (await cli.ok(['--json', 'flags', '--gaps'])).lines;
    const noKeys = (stdout: string): void => {
      // The old text wrote each key as it came, after «основание: » or «; ».
      for (const key of keys) expect(stdout).not.toMatch(new RegExp(`(^|: |; )${key}: `, 'm'));
      for (const g of gaps) expect(stdout).not.toContain(g.field);
    };
    const ru = (await cli.ok(['flags'])).stdout;
    noKeys(ru);
    // The default sandbox has contracts at 99 % of the initial price (R031), with the contract and its tender named.
    if (!STRICT) expect(ru).toMatch(/Цена контракта от НМЦК: \d+(,\d+)? %/);
    if (!STRICT) expect(ru).toContain('НМЦК: ');
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null }));
    try {
      const en = (await cli.ok(['flags'])).stdout;
      noKeys(en);
      if (!STRICT) expect(en).toMatch(/Contract price of the initial price: \d+(\.\d+)? %/);
      if (!STRICT) expect(en).toContain('Initial price: ');
    } finally {
      writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null }));
    }
  });

  it('flags --gaps: the gaps as one object per gap for a script, the same the readable text counts; --json without it stays one object per flag', async () => {
    const flags = await cli.ok(['--json', 'flags']);
    for (const line of flags.lines) expect(Object.keys(line).sort()).toEqual(['code', 'dismissed', 'evidence', 'object', 'source', 'title']);
    const gaps = await cli.ok(['--json', 'flags', '--gaps']);
    for (const g of gaps.lines) {
      expect(Object.keys(g).sort()).toEqual(['code', 'field', 'in_card', 'object_kind', 'objects']);
      expect(g.objects).toBeGreaterThan(0);
    }
    // The strict server sends no law and no placement type in the feed: the submission-period flag cannot judge its
    // tenders, and the placement type comes with the card.
    if (STRICT) expect(gaps.lines.some((g) => g.code === 'short_submission' && g.field === 'tender.placement_type' && g.in_card === true)).toBe(true);
    const text = (await cli.ok(['flags'])).stdout;
    const human = text.split('\n').filter((l) => l.trimStart().startsWith('Не проверено: ')).map((l) => l.trim());
    // Counted in words of what each flag judges («5 закупок», «1 заказчик»), in the order of the JSON gaps.
    expect(human.map((l) => /^Не проверено: ([\d\s\u00a0]+) (закуп|контракт|заказчик)/.exec(l)?.[1])).toEqual(gaps.lines.map((g) => g.objects.toLocaleString('ru-RU')));
    for (const [line, g] of human.map((l, i) => [l, gaps.lines[i]] as const)) expect(line.includes('загрузите карточки — tenderwb enrich'), line).toBe(g.in_card);
    // Without a group around it, a gap names its flag by title.
    const readable = (await cli.ok(['flags', '--gaps'])).stdout.split('\n').filter(Boolean);
    expect(readable.map((l) => l.replace(/ — флаг «[^»]+»$/, ''))).toEqual(human);
    expect(readable.every((l) => / — флаг «[^»]+»$/.test(l))).toBe(true);
  });

  it('the readable flags go flag by flag: each title once with what was found and checked, its definition and source, no raw code', async () => {
    const json = await cli.ok(['--json', 'flags']);
    const text = (await cli.ok(['flags'])).stdout;
    const headings = text.split('\n').filter((l) => l.startsWith('■ '));
    // Six flags in the catalogue, each once, whether raised, clean, not checked or with nothing to check.
    expect(headings).toHaveLength(6);
    expect(text.match(/^ {2}определение: /gm)).toHaveLength(6);
    expect(text.match(/^ {2}источник: /gm)).toHaveLength(6);
    expect(text).not.toMatch(/\[(short_submission|price_near_estimate|single_supplier_share|supplier_concentration|below_threshold|price_rise)\]/);
    expect(text).not.toMatch(/флаг (short_submission|price_near_estimate|single_supplier_share|supplier_concentration|below_threshold|price_rise)/);
    for (const code of new Set(json.lines.map((l) => l.code as string))) {
      const raised = json.lines.filter((l) => l.code === code).length;
      const title = json.lines.find((l) => l.code === code)!.title as string;
      expect(headings).toContainEqual(expect.stringMatching(new RegExp(`^■ ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: найдено ${raised.toLocaleString('ru-RU')}, проверено `)));
    }
    expect(text.match(/^ {2}• /gm)?.length ?? 0).toBe(json.lines.length);
  });

  it('a bad INN, code, date or region is refused with exit 2 and a Russian sentence, before the cache is read', async () => {
    const cases: [string[], RegExp][] = [
      [['analytics', 'supplier', '7707083894'], /контрольное число/],
      [['analytics', 'customer', '12345'], /10 цифр/],
      [['analytics', 'prices', '--okpd2', 'компьютеры'], /не код ОКПД2/],
      [['analytics', 'prices', '--ktru', '26.20.11'], /не код КТРУ/],
      [['analytics', 'prices'], /--okpd2 КОД или --ktru КОД/],
      [['analytics', 'prices', '--okpd2', '26.20', '--from', '31.02.2026'], /февраля/],
      [['analytics', 'prices', '--okpd2', '26.20', '--region', '100'], /от 1 до 99/],
      [['analytics', 'prices', '--okpd2', '26.20', '--from', '2026-03-01', '--to', '2026-02-01'], /--from позже/],
      [['flags', '--customer', '7707083894'], /контрольное число/],
      [['flags', '--customer', '7707083893', '--label', 'moscow'], /укажите одно/],
      [['flags', '--label', 'nope'], /нет сохранённого поиска/],
      [['analytics', 'nothing'], /^использование: tenderwb analytics customer ИНН/],
    ];
    for (const [args, reason] of cases) {
      const r = await cli.run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(failureReason(r), args.join(' ')).toMatch(reason);
    }
  });
});

describe('tenderwb analytics: an INN the cache knows nothing of, and a reader that closes the pipe', () => {
  it('an unknown INN is not a dossier of zeros: exit 8 (5 is the used-up daily budget), «В кэше нет данных по ИНН …» and the command that loads its contracts', async () => {
    const customer = await cli.run(['analytics', 'customer', '7736050003']);
    expect(customer.code).toBe(8);
    expect(customer.stdout).toBe('');
    expect(failureReason(customer)).toMatch(/^В кэше нет данных по ИНН 7736050003: .*tenderwb contracts --customer 7736050003/);
    const supplier = await cli.run(['--json', 'analytics', 'supplier', '500100732259']);
    expect(supplier.code).toBe(8);
    expect(failureReason(supplier)).toMatch(/tenderwb contracts --supplier-inn 500100732259/);
    // A known INN still answers (the search's first customer).
    const first = (await feed('tenders'))[0];
    const known = (first.tender ?? first.object).organization.inn as string;
    expect((await cli.run(['analytics', 'customer', known])).code).toBe(0);
    const help = await cli.ok(['--help']);
    expect(help.stdout).toMatch(/8 — в кэше нет данных по ИНН досье/);
  });

  it('--json flags into a reader that has already gone: exits 0 quietly, no EPIPE stack trace (every command: main.ts)', async () => {
    for (const args of [['--json', 'flags'], ['--help']]) {
      const child = spawn(process.execPath, [CLI_ENTRY, '--data-dir', cli.dataDir, ...args], { env: cli.env(), stdio: ['ignore', 'pipe', 'pipe'] });
      // The reader is gone before the command writes a line (like `| head -0`): its writes meet a closed pipe.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(stderr, args.join(' ')).toBe('');
      expect(code, args.join(' ')).toBe(0);
    }
  });
});
