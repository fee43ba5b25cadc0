/**
 * Lists and exports in the CLI: `list rename` / `list delete` act here only (the API has no route for either) and
 * the delete asks for --yes; a list name over 255 characters is refused, not cut; `export search` and
 * `export ledger` write what the cache holds; `--format excel|plain` names how notice numbers are written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { outboxStore } from '../../src-main/cache/outboxStore';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { parseCsv } from '../export/csvParse';
import { api, cliOnSandbox, failureReason, type CliHarness } from './helpers';

let sb: RunningSandbox;
let live: string;
let cli: CliHarness;
let listId: string;

const rowsOf = (file: string, delimiter = ';'): string[][] => parseCsv(readFileSync(file).subarray(3).toString('utf8'), delimiter);

beforeAll(async () => {
  ({ sb, live, cli } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

describe('tenderwb lists and exports', () => {
  it('list create refuses a name over 255 characters with the limit named, and creates nothing', async () => {
    const long = 'Закупки вакцин '.repeat(20).trim(); // 299 characters
    const r = await cli.run(['list', 'create', long]);
    expect(r.code).toBe(2);
    expect(failureReason(r)).toMatch(/255 символов/);
    expect(failureReason(r)).not.toMatch(/characters/);
    const server = await api(sb, 'GET', '/lists', { token: live });
    expect(server.json.data).toEqual([]);
    const made = await cli.ok(['--json', 'list', 'create', 'Вакцины']);
    listId = made.lines[0].list_id as string;
    const ids = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender').slice(0, 4).map((l) => String(l.id));
    await cli.ok(['list', 'add', listId, ...ids]);
  });

  it('list rename is local: list shows the new name, the server keeps its own; --reset brings it back; too long is refused', async () => {
    const r = await cli.ok(['--json', 'list', 'rename', listId, 'Вакцины', 'для', 'отчёта']);
    expect(r.lines).toEqual([{ list_id: listId, name: 'Вакцины для отчёта', server_name: 'Вакцины', local: true }]);
    expect((await cli.ok(['--json', 'list'])).lines).toContainEqual(expect.objectContaining({ list_id: listId, name: 'Вакцины для отчёта' }));
    expect((await api(sb, 'GET', `/lists/${listId}`, { token: live })).json.name).toBe('Вакцины');
    const tooLong = await cli.run(['list', 'rename', listId, 'я'.repeat(256)]);
    expect(tooLong.code).toBe(2);
    expect(failureReason(tooLong)).toMatch(/255/);
    expect((await cli.ok(['--json', 'list', 'rename', listId, '--reset'])).lines[0]).toMatchObject({ name: 'Вакцины', local: false });
  });

  it('export list --format plain writes notice numbers as data; the default (excel) as ="…"; a wrong --format is a usage error', async () => {
    const dir = cli.dir('export');
    const excel = join(dir, 'excel.csv');
    const plain = join(dir, 'plain.csv');
    await cli.ok(['export', 'list', listId, '--out', excel, '--columns', 'id,etp_id']);
    await cli.ok(['export', 'list', listId, '--out', plain, '--columns', 'id,etp_id', '--format', 'plain']);
    const e = rowsOf(excel).slice(1);
    const p = rowsOf(plain).slice(1);
    expect(p.map((row) => row[0])).toEqual(e.map((row) => row[0]));
    const mangled = (c: string): boolean => /^\d+$/.test(c) && (c.startsWith('0') || c.length >= 12);
    expect(p.some((row) => mangled(row[1]!))).toBe(true);
    p.forEach((row, i) => expect(e[i]![1]).toBe(mangled(row[1]!) ? `="${row[1]}"` : row[1]));
    expect(p.every((row) => !row[1]!.startsWith('='))).toBe(true);
    const bad = await cli.run(['export', 'list', listId, '--out', join(dir, 'bad.csv'), '--format', 'pdf']);
    expect(bad.code).toBe(2);
    expect(failureReason(bad)).toMatch(/^--format: «xlsx», «csv».*«plain»/);
    expect(existsSync(join(dir, 'bad.csv'))).toBe(false);
  });

  it('export list --format xlsx writes typed cells and a «Источник» sheet; a CSV its sidecar', async () => {
    const dir = cli.dir('export-xlsx');
    const xlsx = join(dir, 'list.xlsx');
    const r = await cli.ok(['--json', 'export', 'list', listId, '--out', xlsx, '--format', 'xlsx', '--columns', 'id,etp_id,price']);
    const rows = await readXlsxFile(xlsx, { trim: false });
    expect(rows[0]).toEqual(['ID', 'Номер извещения', 'Начальная цена']);
    expect(r.lines[0]).toMatchObject({ file: xlsx, rows: rows.length - 1 });
    for (const row of rows.slice(1)) {
      expect(typeof row[0]).toBe('number');
      expect(typeof row[1]).toBe('string'); // a notice number keeps its leading zeros
      if (row[2] !== null) expect(typeof row[2]).toBe('number');
    }
    const source = new Map((await readXlsxFile(xlsx, { sheet: 'Источник', trim: false })).map((row) => [row[0], row[1]]));
    expect(source.get('Что выгружено')).toBe('Список «Вакцины»');
    expect(source.get('Строк')).toBe(rows.length - 1);
    // Without --format, an .xlsx --out is XLSX too; a CSV has its provenance beside it.
    await cli.ok(['export', 'list', listId, '--out', join(dir, 'again.xlsx'), '--columns', 'id']);
    expect(await readSheetNames(join(dir, 'again.xlsx'))).toEqual(['Данные', 'Источник']);
    const csv = await cli.ok(['export', 'list', listId, '--out', join(dir, 'list.csv'), '--format', 'csv', '--columns', 'id']);
    expect(JSON.parse(readFileSync(join(dir, 'list.csv.provenance.json'), 'utf8'))).toMatchObject({ what: { kind: 'list', list_id: listId }, format: 'csv', rows: rows.length - 1 });
    // Trial 16: answered in the CLI's locale (Russian by default), like mark, marks and calendar.
    expect(csv.stdout).toContain(`Записано строк: ${rows.length - 1} → ${join(dir, 'list.csv')}`);
    expect(csv.stderr).toContain(`Сведения об источнике записаны в ${join(dir, 'list.csv.provenance.json')}`);
    // A format the file's name contradicts is a usage error naming both, and nothing is written.
    const mismatch = await cli.run(['export', 'list', listId, '--out', join(dir, 'cli2.csv'), '--format', 'xlsx']);
    expect(mismatch.code).toBe(2);
    expect(failureReason(mismatch)).toBe(`--format xlsx пишет Excel (XLSX), а файл ${join(dir, 'cli2.csv')} назван как не .xlsx: назовите файл FILE.xlsx или выберите другой --format`);
    const csvAsXlsx = await cli.run(['export', 'ledger', '--out', join(dir, 'ledger.xlsx'), '--format', 'plain']);
    expect(csvAsXlsx.code).toBe(2);
    expect(failureReason(csvAsXlsx)).toContain(`--format plain пишет CSV, а файл ${join(dir, 'ledger.xlsx')} назван как .xlsx`);
    expect(existsSync(join(dir, 'cli2.csv')) || existsSync(join(dir, 'ledger.xlsx'))).toBe(false);
  });

  it('export search writes every cached result of a saved search; export ledger every mirrored charge', async () => {
    const dir = cli.dir('export2');
    const results = join(dir, 'results.csv');
    const r = await cli.ok(['--json', 'export', 'search', 'вакцины', '--out', results, '--columns', 'id,name']);
    const held = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender');
    const heldIds = new Set(held.map((l) => String(l.id)));
    const rows = rowsOf(results);
    expect(rows[0]).toEqual(['ID', 'Наименование']);
    expect(r.lines[0]).toMatchObject({ file: results, rows: rows.length - 1 });
    expect(rows.length - 1).toBe(heldIds.size);
    for (const row of rows.slice(1)) expect(heldIds.has(row[0]!)).toBe(true);

    await cli.ok(['ledger']); // mirrors the ledger
    const ledger = join(dir, 'ledger.csv');
    const l = await cli.ok(['--json', 'export', 'ledger', '--out', ledger, '--columns', 'id,amount,search,audit']);
    const lrows = rowsOf(ledger);
    expect(lrows[0]).toEqual(['Строка журнала', 'Списано, ед.', 'Поиск', 'Сверка']);
    expect(l.lines[0]).toMatchObject({ rows: lrows.length - 1 });
    expect(lrows.length - 1).toBeGreaterThan(0);
    expect(lrows.slice(1).every((row) => row[2] === 'вакцины' && row[3] === 'Сходится')).toBe(true);

    const unknown = await cli.run(['export', 'search', 'нет-такого', '--out', join(dir, 'x.csv')]);
    expect(unknown.code).toBe(2);
    expect(failureReason(unknown)).toBe('нет сохранённого поиска «нет-такого»: укажите его метку или filter_id');
  });

  it('--format plain writes ISO dates and dot decimals (with , or ;), the values the default Excel CSV writes in Russian', async () => {
    const dir = cli.dir('export-plain');
    const excel = join(dir, 'excel.csv');
    const comma = join(dir, 'plain-comma.csv');
    const semicolon = join(dir, 'plain-semicolon.csv');
    const columns = 'id,price,publish_date,end_date';
    await cli.ok(['export', 'search', 'вакцины', '--out', excel, '--columns', columns]);
    await cli.ok(['export', 'search', 'вакцины', '--out', comma, '--columns', columns, '--format', 'plain', '--delimiter', ',']);
    await cli.ok(['export', 'search', 'вакцины', '--out', semicolon, '--columns', columns, '--format', 'plain']);
    const e = rowsOf(excel).slice(1);
    const p = rowsOf(comma, ',').slice(1);
    expect(rowsOf(semicolon).slice(1)).toEqual(p); // the delimiter changes nothing in the cells
    expect(p.length).toBeGreaterThan(0);
    expect(p.map((row) => row[0])).toEqual(e.map((row) => row[0]));
    const iso = (ru: string): string => ru.replace(/^(\d\d)\.(\d\d)\.(\d{4})/, '$3-$2-$1');
    p.forEach((row, i) => {
      const [, price, published, end] = row as [string, string, string, string];
      const [, excelPrice, excelPublished, excelEnd] = e[i] as [string, string, string, string];
      expect(price).toBe(excelPrice.replace(',', '.'));
      expect(published).toBe(iso(excelPublished));
      if (price !== '') expect(price).toMatch(/^-?\d+\.\d\d$/);
      if (published !== '') expect(published).toMatch(/^\d{4}-\d\d-\d\d$/);
      // The same Moscow wall time, with its seconds.
      if (end !== '') expect(end).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(end.slice(0, 16)).toBe(iso(excelEnd));
    });
    expect(p.some((row) => row[1] !== '' && row[3] !== '')).toBe(true); // the sample has prices and deadlines

    // The ledger's times and units too.
    const ledger = join(dir, 'ledger-plain.csv');
    await cli.ok(['export', 'ledger', '--out', ledger, '--columns', 'id,created_at,amount', '--format', 'plain', '--delimiter', ',']);
    const lrows = rowsOf(ledger, ',').slice(1);
    expect(lrows.length).toBeGreaterThan(0);
    // A ledger row's time is not among the fields the reference guarantees (§3: id, balance_type, amount, …), and
    // the strict sandbox leaves it out: then the cell is empty, never a made-up time. The default sandbox sends it.
    for (const row of lrows) expect(row).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)?$/), expect.stringMatching(/^\d+$/)]);
    if (process.env.TENDERWB_SANDBOX_STRICT !== '1') expect(lrows.every((row) => row[1] !== '')).toBe(true);
  });

  it('list delete asks for --yes, then hides the list here; the server keeps it (the API has no delete route)', async () => {
    const ask = await cli.run(['list', 'delete', listId]);
    expect(ask.code).toBe(2);
    expect(failureReason(ask)).toMatch(/--yes/);
    expect((await cli.ok(['--json', 'list'])).lines.map((l) => l.list_id)).toContain(listId);
    expect((await cli.ok(['--json', 'list', 'delete', listId, '--yes'])).lines).toEqual([{ list_id: listId, deleted: true, on_server: 'kept' }]);
    expect((await cli.ok(['--json', 'list'])).lines.map((l) => l.list_id)).not.toContain(listId);
    expect((await api(sb, 'GET', '/lists', { token: live })).json.data.map((d: { list_id: string }) => d.list_id)).toContain(listId);
  });

  it('list delete refuses a list with edits still queued in the profile (the app queues them offline), as the app does, and keeps it', async () => {
    const queued = (await cli.ok(['--json', 'list', 'create', 'Очередь правок'])).lines[0].list_id as string;
    // An edit the app queued while offline, not sent yet, in the same profile's cache.
    const cache = openCache(join(cli.dataDir, 'profiles', 'sb', 'cache.db'));
    try {
      outboxStore(cache).enqueue({ op: 'list.add', payload: { listId: queued, tenderIds: [1] } });
    } finally {
      cache.close();
    }
    const refused = await cli.run(['list', 'delete', queued, '--yes']);
    expect(refused.code).toBe(2);
    expect(failureReason(refused)).toMatch(/не отправленные на сервер/);
    expect(failureReason(refused)).not.toMatch(/not sent to the server/);
    expect((await cli.ok(['--json', 'list'])).lines.map((l) => l.list_id)).toContain(queued);
  });
});
