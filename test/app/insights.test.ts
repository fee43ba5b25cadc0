/**
 * The app's insights.* handlers over a real sync: every answer fits the contract's result schema
 * (the shapes of domain/insights.ts, checked as the development host checks them), the competitors of the
 * saved search and the dossier of its first supplier agree, the price table is written as CSV through the
 * export target, a flag dismissed is shown dismissed and restored again, and a scope or code the cache does
 * not know is refused by name. Default and strict sandbox (the strict pass runs test/app too).
 */
import { readFileSync } from 'node:fs';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods, type MethodArgs, type MethodName, type MethodResult } from '../../src-main/contract/ipc';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { finished, makeCore, rejection, sandbox, type TestCore } from './helpers';

const STRICT = process.env.TENDERWB_SANDBOX_STRICT === '1';

let sb: RunningSandbox;
let t: TestCore;
let filterId: string;

/** Calls a method and checks its answer against the contract's result schema (the host does so in development). */
async function checked<M extends MethodName>(name: M, args: MethodArgs<M>): Promise<MethodResult<M>> {
  const value = await t.call(name, args);
  const parsed = methods[name].result.safeParse(value);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), `${name} answers within its result schema`).toEqual([]);
  return value;
}

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
  const run = await t.call('search.run', { criteria: { regions: [77], status: ['completed'] }, label: 'москва', events: ['created', 'updated'] });
  filterId = run.filterId;
  expect((await finished(t, run.jobId)).state).toBe('done');
  const sync = await t.call('sync.start', { filterId, contracts: true });
  expect((await finished(t, sync.jobId)).state).toBe('done');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('insights.* in the app core', () => {
  it('competitors of the saved search and the dossier of its first supplier agree, within their schemas', async () => {
    const comp = await checked('insights.competitors', { scope: { kind: 'search', filterId } });
    expect(comp.scope).toEqual({ kind: 'search', id: filterId, name: 'москва' });
    expect(comp.tenders).toBeGreaterThan(10);
    if (STRICT) {
      // A strict contract names no tender (2.6a: id, suppliers, execution): the search's contracts are those its own
      // contract feed delivered (D-Q-16), as the Contracts view lists them; what they cannot say is counted, not hidden.
      const listed = await t.call('contracts.rows', { offset: 0, limit: 1 });
      expect(comp.contracts).toBeGreaterThan(10);
      expect(comp.contracts).toBe(listed.count);
      expect(comp.supplier_count).toBeGreaterThan(0);
      expect(comp.suppliers.length).toBe(Math.min(100, comp.supplier_count!));
      expect(comp.completeness.contracts_without_tender).toBe(comp.contracts);
      expect(comp.completeness.contracts_without_customer).toBe(comp.contracts);
      expect(comp.completeness.contracts_without_price).toBe(comp.contracts);
      // A customer of the search: the contracts that may be its own are counted, never a silent 0.
      const rows = await t.call('search.results', { filterId, offset: 0, limit: 1 });
      const customer = await checked('insights.customer', { inn: rows.rows[0]!.customerInn! });
      expect(customer.contracts).toBe(0);
      expect(customer.cached).toBe(true);
      expect(customer.completeness.contracts_without_customer).toBe(comp.contracts);
      return;
    }
    expect(comp.contracts).toBeGreaterThan(10);
    const first = comp.suppliers[0]!;
    const dossier = await checked('insights.supplier', { inn: first.inn });
    // The supplier's contracts are all of this search here (one search cached), so the two answers count the same.
    expect(dossier.contracts).toBe(first.contracts);
    expect(dossier.total_price).toBeCloseTo(first.total_price, 2);
    const customer = await checked('insights.customer', { inn: '7707083893' });
    expect(customer.inn).toBe('7707083893');
  });

  it('a supplier\'s dossier as XLSX: its figures, a sheet per table and «Источник» with what its contracts cost', async () => {
    const comp = await checked('insights.competitors', { scope: { kind: 'search', filterId } });
    const first = comp.suppliers[0]!;
    const dossier = await checked('insights.supplier', { inn: first.inn });
    const out = await checked('insights.exportDossier', { party: 'supplier', inn: first.inn });
    expect(out).toMatchObject({ saved: true, fileName: `поставщик ${first.inn}.xlsx` });
    expect(await readSheetNames(out.path!)).toEqual(['Показатели', 'Заказчики', 'Регионы', 'ОКПД2', 'Стадии контрактов', 'По месяцам', 'Источник']);
    const figures = new Map((await readXlsxFile(out.path!, { trim: false })).map((r) => [r[0], r[1]]));
    expect(figures.get('ИНН')).toBe(first.inn); // text, every digit
    expect(figures.get('Контрактов')).toBe(dossier.contracts);
    const source = new Map((await readXlsxFile(out.path!, { sheet: 'Источник', trim: false })).map((r) => [r[0], r[1]]));
    expect(source.get('Что выгружено')).toMatch(new RegExp(`^Досье поставщика ${first.inn}`));
    // The supplier's contracts were delivered by the sync (charged on the demo account): they cost something.
    expect(source.get('Стоимость строк при доставке, ед.')).toBeGreaterThan(0);
    expect((await t.call('exports.history', {}))[0]!.provenance.what).toEqual({ kind: 'dossier', party: 'supplier', inn: first.inn, name: dossier.name });
  });

  it('the price benchmark and its CSV: the file holds every row the answer lists, with the Russian header', async () => {
    const bench = await checked('insights.prices', { code: '26' });
    expect(bench.query).toEqual({ code: '26' });
    const out = await checked('insights.pricesExport', { query: { code: '26' } });
    expect(out).toMatchObject({ saved: true, rows: bench.rows.length, fileName: 'цены 26.csv' });
    const lines = readFileSync(out.path!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Цена за единицу');
    expect(lines).toHaveLength(1 + bench.rows.length);
    // Its provenance beside it, and the export in «Выгрузки».
    expect(JSON.parse(readFileSync(`${out.path!}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'price_benchmark', query: { code: '26' } }, format: 'csv', rows: bench.rows.length });
    expect((await checked('exports.history', {}))[0]).toMatchObject({ file_name: 'цены 26.csv', provenance: { what: { kind: 'price_benchmark' } } });
  });

  it('flags: the catalogue names every flag; a flag dismissed is shown dismissed, restored is shown again', async () => {
    const catalogue = await checked('insights.flagCatalogue', {});
    expect(catalogue.length).toBeGreaterThanOrEqual(6);
    for (const f of catalogue) expect(f.title.ru && f.definition.ru && f.source.ru).toBeTruthy();
    const all = await checked('insights.flags', { scope: { kind: 'all' } });
    expect(all.scope.kind).toBe('all');
    expect(all.flags.length + all.gaps.length).toBeGreaterThan(0);
    // The default sandbox sends contract and tender prices: contracts at 99 % of the initial price are among its data.
    if (!STRICT) expect(all.flags.some((f) => f.code === 'price_near_estimate')).toBe(true);
    // A flag on a customer can always be dismissed (the dismissal is remembered whether or not it is raised now).
    const target = all.flags[0] ?? { code: 'single_supplier_share', object: { kind: 'customer' as const, id: '7707083893' } };
    const object = { kind: target.object.kind, id: target.object.id };
    expect(await checked('insights.dismissFlag', { code: target.code, object, note: 'проверено' })).toEqual({ dismissed: true });
    if (all.flags[0]) {
      const after = (await t.call('insights.flags', { scope: { kind: 'all' } })).flags.find((f) => f.code === target.code && f.object.id === object.id && f.object.kind === object.kind);
      expect(after?.dismissed).toBe(true);
    }
    expect(await checked('insights.restoreFlag', { code: target.code, object })).toEqual({ restored: true });
    expect(await t.call('insights.restoreFlag', { code: target.code, object })).toEqual({ restored: false });
    if (all.flags[0]) {
      const again = (await t.call('insights.flags', { scope: { kind: 'all' } })).flags.find((f) => f.code === target.code && f.object.id === object.id && f.object.kind === object.kind);
      expect(again?.dismissed).toBe(false);
    }
  });

  it('a saved search or list the cache does not know, or a flag code not in the catalogue, is refused by name', async () => {
    const search = await rejection(t.call('insights.competitors', { scope: { kind: 'search', filterId: 'flt_nope' } }));
    expect(search).toMatchObject({ code: 'not_found' });
    expect(search.message).toContain('flt_nope');
    const list = await rejection(t.call('insights.competitors', { scope: { kind: 'list', listId: 'lst_nope' } }));
    expect(list).toMatchObject({ code: 'not_found' });
    const code = await rejection(t.call('insights.dismissFlag', { code: 'no_such_flag', object: { kind: 'tender', id: '1' } }));
    expect(code).toMatchObject({ code: 'invalid_input' });
    expect(code.message).toContain('no_such_flag');
  });
});
