/**
 * Lists and exports in the app core: a list renamed and deleted here only (the API has no route
 * for either), a list name over 255 characters refused rather than cut, the Excel choice of every export,
 * and search results and the ledger exported like a list.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { readSheetNames } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { apiGet, control, demoToken, finished, makeCore, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let filterId: string;
let ids: number[];

const csvLines = (path: string): string[] => readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
  const run = await t.call('search.run', { criteria: { keywords: ['компьютер'] }, label: 'компьютеры' });
  filterId = run.filterId;
  expect((await finished(t, run.jobId)).state).toBe('done');
  ids = (await t.call('search.results', { filterId, sort: { column: 'id', direction: 'asc' }, offset: 0, limit: 5 })).rows.map((r) => r.id);
  expect(ids.length).toBeGreaterThan(2);
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('lists: local rename and delete, the name limit', () => {
  it('a name over 255 characters is refused with a message naming the limit, and nothing is created', async () => {
    const long = 'Закупки '.repeat(40); // 320 characters
    await expect(t.call('lists.create', { name: long })).rejects.toMatchObject({ code: 'invalid_input', text: { ru: expect.stringContaining('255 символов') } });
    const exactly = 'я'.repeat(255);
    const made = await t.call('lists.create', { name: exactly });
    expect(made.name).toBe(exactly); // 255 is allowed, whole
    const server = await apiGet(sb, await demoToken(sb), '/lists?limit=100');
    expect(server.data.map((l: { name: string }) => l.name)).not.toContain(long);
    expect(server.data.map((l: { name: string }) => l.name.length)).not.toContain(255 + 65); // nothing cut to fit either
    await t.call('lists.delete', { listId: made.listId });
  });

  it('rename is local: the app shows the new name, the server keeps its own, null brings it back', async () => {
    const list = await t.call('lists.create', { name: 'Серверное имя' });
    const renamed = await t.call('lists.rename', { listId: list.listId, name: 'Моё имя' });
    expect(renamed).toMatchObject({ name: 'Моё имя', serverName: 'Серверное имя' });
    expect((await t.call('lists.list', {})).find((l) => l.listId === list.listId)).toMatchObject({ name: 'Моё имя', serverName: 'Серверное имя' });
    const server = await apiGet(sb, await demoToken(sb), `/lists/${list.listId}`);
    expect(server.name).toBe('Серверное имя');
    await expect(t.call('lists.rename', { listId: list.listId, name: 'ы'.repeat(256) })).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await t.call('lists.rename', { listId: list.listId, name: null })).name).toBe('Серверное имя');
  });

  it('delete hides the list here for good (the server keeps it: no delete route), also after the lists are read again', async () => {
    const list = await t.call('lists.create', { name: 'На удаление' });
    await t.call('lists.addItems', { listId: list.listId, ids });
    expect(await t.call('lists.delete', { listId: list.listId })).toEqual({ deleted: true });
    // lists.list mirrors GET /lists, which still has it: it must not come back.
    expect((await t.call('lists.list', {})).map((l) => l.listId)).not.toContain(list.listId);
    await expect(t.call('lists.members', { listId: list.listId, offset: 0, limit: 10 })).rejects.toMatchObject({ code: 'not_found' });
    const server = await apiGet(sb, await demoToken(sb), '/lists?limit=100');
    expect(server.data.map((l: { list_id: string }) => l.list_id)).toContain(list.listId);
  });
});

describe('exports', () => {
  it('a list export names the choice: ="…" for Excel by default, plain text with excel: false', async () => {
    const list = await t.call('lists.create', { name: 'Для выгрузки' });
    await t.call('lists.addItems', { listId: list.listId, ids });
    // Both go to the same path (the list's name): read each before the next.
    const excel = await t.call('lists.export', { listId: list.listId, columns: ['id', 'etp_id'] });
    const excelCells = csvLines(excel.path!).slice(1).map((l) => l.split(';')[1]!);
    const plain = await t.call('lists.export', { listId: list.listId, columns: ['id', 'etp_id'], excel: false });
    const plainCells = csvLines(plain.path!).slice(1).map((l) => l.split(';')[1]!);
    expect(plainCells.some((c) => c.includes('='))).toBe(false); // notice numbers as data
    const mangled = (c: string): boolean => /^\d+$/.test(c) && (c.startsWith('0') || c.length >= 12);
    expect(plainCells.some(mangled)).toBe(true); // the sample has numbers Excel would mangle
    // Each such notice number is a formula for Excel, the same digits inside; others are the same either way.
    plainCells.forEach((c, i) => expect(excelCells[i]).toBe(mangled(c) ? `"=""${c}"""` : c));
  });

  it('the saved search\'s export for other programs (excel: false) writes ISO dates and dot decimals, with , or ;', async () => {
    const columns = ['id', 'price', 'publish_date', 'end_date'];
    const read = (path: string, delimiter: string): string[][] => csvLines(path).slice(1).map((l) => l.split(delimiter));
    const comma = read((await t.call('search.export', { filterId, columns, delimiter: ',', excel: false, format: 'csv' })).path!, ',');
    const semicolon = read((await t.call('search.export', { filterId, columns, delimiter: ';', excel: false, format: 'csv' })).path!, ';');
    const excel = read((await t.call('search.export', { filterId, columns, delimiter: ';', excel: true, format: 'csv' })).path!, ';');
    expect(semicolon).toEqual(comma);
    expect(comma.length).toBeGreaterThan(0);
    const iso = (ru: string): string => ru.replace(/^(\d\d)\.(\d\d)\.(\d{4})/, '$3-$2-$1');
    comma.forEach(([id, price, published, end], i) => {
      const [excelId, excelPrice, excelPublished, excelEnd] = excel[i]!;
      expect(id).toBe(excelId);
      expect(price).toBe(excelPrice!.replace(',', '.'));
      if (price !== '') expect(price).toMatch(/^-?\d+\.\d\d$/);
      expect(published).toBe(iso(excelPublished!));
      if (published !== '') expect(published).toMatch(/^\d{4}-\d\d-\d\d$/);
      if (end !== '') expect(end).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(end!.slice(0, 16)).toBe(iso(excelEnd!));
    });
    expect(comma.some(([, price, , end]) => price !== '' && end !== '')).toBe(true);
  });

  it('a list export writes the members held here at once, with the server refusing every request', async () => {
    const list = await t.call('lists.create', { name: 'Без сети' });
    await t.call('lists.addItems', { listId: list.listId, ids });
    await control(sb, 'faults', { http500: 1_000_000 });
    try {
      const out = await t.call('lists.export', { listId: list.listId, columns: ['id'] });
      expect(csvLines(out.path!).slice(1)).toEqual(ids.map(String));
    } finally {
      await control(sb, 'faults', { http500: 0 });
    }
  });

  it('the chooser says which tenders have a link: those whose card was opened (the file\'s header stays «Ссылка»)', async () => {
    const columns = await t.call('lists.exportColumns', {});
    expect(columns.find((c) => c.key === 'url')?.title).toBe('Ссылка (у закупок с открытой карточкой)');
    const list = await t.call('lists.create', { name: 'Ссылки' });
    await t.call('lists.addItems', { listId: list.listId, ids: ids.slice(0, 2) });
    await t.call('card.tender', { id: ids[0]! }); // the card brings source_url
    const out = await t.call('lists.export', { listId: list.listId, columns: ['id', 'url'] });
    const lines = csvLines(out.path!);
    expect(lines[0]).toBe('ID;Ссылка');
    const byId = new Map(lines.slice(1).map((l) => l.split(';') as [string, string]));
    expect(byId.get(String(ids[0]))).toMatch(/^https?:\/\//);
    expect(byId.get(String(ids[1]))).toBe('');
  });

  it('search results export in the table\'s sort, every cached result, with the tender columns', async () => {
    const count = (await t.call('search.results', { filterId, offset: 0, limit: 1 })).cachedCount;
    const out = await t.call('search.export', { filterId, sort: { column: 'price', direction: 'desc' }, columns: ['id', 'price'] });
    expect(out).toMatchObject({ saved: true, rows: count, fileName: expect.stringMatching(/^компьютеры \d{4}-\d{2}-\d{2}\.csv$/) });
    const lines = csvLines(out.path!);
    expect(lines[0]).toBe('ID;Начальная цена');
    const shown = (await t.call('search.results', { filterId, sort: { column: 'price', direction: 'desc' }, offset: 0, limit: count })).rows.map((r) => String(r.id));
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(shown);
  });

  it('the ledger exports newest first with the search label and the audit verdict of each row', async () => {
    const page = await t.call('ledger.list', { refresh: true, offset: 0, limit: 500 });
    expect(page.count).toBeGreaterThan(0);
    const columns = await t.call('ledger.exportColumns', {});
    expect(columns.map((c) => c.key)).toEqual(expect.arrayContaining(['id', 'amount', 'search', 'audit']));
    const out = await t.call('ledger.export', { columns: ['id', 'search', 'audit'] });
    expect(out).toMatchObject({ saved: true, rows: page.count });
    const lines = csvLines(out.path!);
    expect(lines[0]).toBe('Строка журнала;Поиск;Сверка');
    expect(lines.slice(1, page.rows.length + 1).map((l) => Number(l.split(';')[0]))).toEqual(page.rows.map((r) => r.id));
    const fromSearch = page.rows.findIndex((r) => r.filterId === filterId);
    expect(fromSearch).toBeGreaterThanOrEqual(0);
    expect(lines[fromSearch + 1]).toBe(`${page.rows[fromSearch]!.id};компьютеры;${page.rows[fromSearch]!.audit === 'matched' ? 'Сходится' : page.rows[fromSearch]!.audit === 'repeat' ? 'Повторное списание' : 'Не объяснено'}`);
    await expect(t.call('ledger.export', { columns: ['id', 'nope'] })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('format xlsx writes an .xlsx with its «Источник»; CSV gets a sidecar; both land in the export history', async () => {
    const list = await t.call('lists.create', { name: 'В историю' });
    await t.call('lists.addItems', { listId: list.listId, ids });
    const xlsx = await t.call('lists.export', { listId: list.listId, columns: ['id', 'price'], format: 'xlsx' });
    const day = /\d{4}-\d{2}-\d{2}/.exec(xlsx.fileName)![0];
    expect(xlsx).toMatchObject({ saved: true, fileName: `В историю ${day}.xlsx`, rows: ids.length });
    expect(await readSheetNames(xlsx.path!)).toEqual(['Данные', 'Источник']);
    const csv = await t.call('search.export', { filterId, columns: ['id'], format: 'csv' });
    expect(JSON.parse(readFileSync(`${csv.path!}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'search', label: 'компьютеры' }, format: 'csv', rows: csv.rows });
    await expect(t.call('lists.export', { listId: list.listId, columns: ['id'], format: 'pdf' as 'csv' })).rejects.toThrow(/format/);
    const history = await t.call('exports.history', {});
    expect(history.slice(0, 2).map((h) => [h.file_name, h.path, h.provenance.format, h.provenance.what.kind, h.provenance.rows])).toEqual([
      [basename(csv.path!), csv.path, 'csv', 'search', csv.rows],
      [`В историю ${day}.xlsx`, xlsx.path, 'xlsx', 'list', ids.length],
    ]);
    // Units: what the rows cost when delivered; the demo account is charged, so the search's rows cost something.
    expect(history[0]!.provenance.units).toBeGreaterThan(0);

    // A search without a label is named by its criteria in words, as the saved-search view tells it (trial 16: not flt_…).
    const bare = await t.call('search.run', { criteria: { keywords: ['монитор'], status: ['completed'] } });
    expect((await finished(t, bare.jobId)).state).toBe('done');
    const unnamed = await t.call('search.export', { filterId: bare.filterId, columns: ['id'], format: 'xlsx' });
    expect(unnamed.fileName).toBe(`монитор · завершены ${day}.xlsx`);
  });
});
