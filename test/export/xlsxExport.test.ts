/**
 * Exports with provenance: XLSX read back with an independent reader (read-excel-file, not exceljs
 * that writes it), typed cells, the «Источник» sheet, the CSV sidecar, the export history, and a failed or
 * cancelled write leaving nothing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { exportHistory } from '../../src-main/cache/exportHistory';
import { feedStore } from '../../src-main/cache/feedStore';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { listStore } from '../../src-main/cache/listStore';
import { searchStore } from '../../src-main/cache/searchStore';
import type { Provenance } from '../../src-main/domain/provenance';
import { parseColumnList, TENDER_COLUMNS } from '../../src-main/export/csv';
import { MARK_COLUMNS } from '../../src-main/export/markColumns';
import { applyMarks } from '../../src-main/marks/applyMarks';
import { exportLedgerCsv, ledgerColumns } from '../../src-main/export/ledgerExport';
import { exportListCsv } from '../../src-main/export/listExport';
import { recordExport, sidecarPath } from '../../src-main/export/provenance';
import { exportSearchResultsCsv } from '../../src-main/export/resultsExport';
import { anySheet, writeXlsx, type WriteXlsxOptions } from '../../src-main/export/xlsx';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';

const columns = TENDER_COLUMNS.filter((c) => ['id', 'etp_id', 'name', 'price', 'customer_inn', 'customer_kpp', 'publish_date', 'end_date'].includes(c.key));
const org = (inn: string) => ({ organization: { name: 'ГБОУ Школа № 1', inn, kpp: '012301001' } });

/** Tender 1 at versions 1 and 2 (two billed pages), tender 2 once unbilled, tender 404 never delivered. */
function cacheWithList() {
  const cache = tempCache();
  const feeds = feedStore(cache);
  feeds.saveFeedPage(
    tenderPage(
      [
        tenderItem(tender(1, 1, { price: 1234.5, extra: org('0012345678') })),
        tenderItem(tender(2, 1, { end: '2026-12-31T23:59:59Z', extra: org('7701234567') }), { billed: false }),
      ],
      { receivedAt: '2026-07-01T09:00:00.000Z' },
    ),
  );
  feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2, { price: 1234.5, extra: org('0012345678') }))], { receivedAt: '2026-07-02T09:30:00.000Z' }));
  listStore(cache).upsertList({ listId: 'lst_1', name: 'Мой список', createdAt: '2026-07-01T00:00:00Z' });
  listStore(cache).setItems('lst_1', [1, 2, 404]);
  return cache;
}

/** Document properties for a workbook written directly (the exports give their provenance's). */
const props: WriteXlsxOptions['properties'] = () => ({ title: 'Проверка', creator: 'Tender Workbench test', created: '2026-12-06T09:00:00.000Z' });

/** The «Источник» sheet as field → value. */
async function sourceSheet(file: string): Promise<Map<string, unknown>> {
  const rows = await readXlsxFile(file, { sheet: 'Источник', trim: false });
  return new Map(rows.slice(1).map((r) => [String(r[0]), r[1]]));
}

describe('XLSX export with provenance', () => {
  it('a list as XLSX: numbers are numbers, dates are dates at the Moscow wall time, INNs and notice numbers stay text', async () => {
    const cache = cacheWithList();
    const file = join(tempDir(), 'list.xlsx');
    const result = await exportListCsv(cache, 'lst_1', columns, file, { format: 'xlsx' });
    expect(result).toMatchObject({ rows: 3, missing: 1 });
    expect(await readSheetNames(file)).toEqual(['Данные', 'Источник']);

    const rows = await readXlsxFile(file, { trim: false });
    expect(rows[0]).toEqual(['ID', 'Номер извещения', 'Наименование', 'Начальная цена', 'ИНН заказчика', 'КПП заказчика', 'Дата публикации', 'Окончание подачи заявок']);
    const [first, second, missing] = rows.slice(1);
    expect(first![0]).toBe(1);
    expect(first![1]).toBe('0373100000001'); // a notice number with its leading zero, as text
    expect(first![3]).toBe(1234.5);
    expect(first![4]).toBe('0012345678');
    expect(first![5]).toBe('012301001');
    // Excel dates carry no zone: the cell shows the Moscow wall time, read back in UTC fields.
    expect(first![6]).toEqual(new Date(Date.UTC(2026, 6, 1)));
    expect(first![7]).toEqual(new Date(Date.UTC(2026, 6, 20, 9, 0)));
    expect(second![7]).toEqual(new Date(Date.UTC(2027, 0, 1, 2, 59))); // 23:59 UTC is 02:59 the next day in Moscow
    expect(missing).toEqual([404, null, null, null, null, null, null, null]);

    const source = await sourceSheet(file);
    expect(source.get('Что выгружено')).toBe('Список «Мой список»');
    expect(source.get('Служебный номер списка')).toBe('lst_1'); // the id only as the last, technical line
    expect([...source.keys()].at(-1)).toBe('Служебный номер списка');
    // The newest versions held: tender 1 v2 (billed, 2 July 09:30 UTC = 12:30 Moscow) and tender 2 (not billed).
    expect(source.get('Стоимость строк при доставке, ед.')).toBe(1);
    expect(source.get('Свежесть данных (последняя доставка)')).toEqual(new Date(Date.UTC(2026, 6, 2, 12, 30)));
    expect(source.get('Строк')).toBe(3);
    expect(source.get('Выгружено')).toBeInstanceOf(Date);
    expect(source.get('Версия приложения')).toMatch(/^\d+\.\d+\.\d+/);
    // A date among text values carries its own date format: Excel shows a date, not a serial such as 46352.059.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const formats = new Map<string, string>();
    book.getWorksheet('Источник')!.eachRow((row) => formats.set(String(row.getCell(1).value), row.getCell(2).numFmt));
    expect(formats.get('Выгружено')).toBe('dd.mm.yyyy hh:mm');
    expect(formats.get('Свежесть данных (последняя доставка)')).toBe('dd.mm.yyyy hh:mm');
    expect(result.provenance).toMatchObject({ what: { kind: 'list', list_id: 'lst_1', name: 'Мой список' }, units: 1, rows: 3, format: 'xlsx', freshness: '2026-07-02T09:30:00.000Z' });
  });

  it('every exported workbook carries document properties: its title as the history names it, the app and its version as creator, created at the moment its «Источник» sheet says', async () => {
    const cache = cacheWithList();
    searchStore(cache).upsert({ filterId: 'flt_test', params: { keywords: ['бумага'] }, label: 'бумага', events: ['created'] });
    const dir = tempDir();
    const now = new Date('2026-12-06T09:15:30.000Z');
    const list = await exportListCsv(cache, 'lst_1', columns, join(dir, 'list.xlsx'), { format: 'xlsx', now });
    const search = await exportSearchResultsCsv(cache, 'flt_test', columns, join(dir, 'search.xlsx'), { format: 'xlsx', now, locale: 'en' });
    const ledger = await exportLedgerCsv(cache, ledgerColumns(), join(dir, 'ledger.xlsx'), { format: 'xlsx', now });
    const expected: [string, string, string][] = [
      ['list.xlsx', 'Список «Мой список»', list.provenance.app_version],
      ['search.xlsx', 'Saved search «бумага»', search.provenance.app_version],
      ['ledger.xlsx', 'Журнал списаний', ledger.provenance.app_version],
    ];
    for (const [name, title, version] of expected) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(join(dir, name));
      expect(version).toMatch(/^\d+\.\d+\.\d+/);
      expect({ title: book.title, creator: book.creator, lastModifiedBy: book.lastModifiedBy, created: book.created, modified: book.modified }).toEqual({
        title,
        creator: `Tender Workbench ${version}`,
        lastModifiedBy: `Tender Workbench ${version}`,
        created: now,
        modified: now,
      });
    }
    // The same instant as the provenance's «made at», which the «Источник» sheet and the export history show.
    expect(list.provenance.made_at).toBe(now.toISOString());
    expect((await sourceSheet(join(dir, 'list.xlsx'))).get('Выгружено')).toEqual(new Date(Date.UTC(2026, 11, 6, 12, 15))); // Moscow wall time
  });

  it('a workbook\'s title with XML\'s reserved characters is read back as written', async () => {
    const cache = cacheWithList();
    listStore(cache).upsertList({ listId: 'lst_2', name: 'ООО "Рога & копыта" <ИТ>', createdAt: '2026-07-01T00:00:00Z' });
    listStore(cache).setItems('lst_2', [1]);
    const file = join(tempDir(), 'amp.xlsx');
    await exportListCsv(cache, 'lst_2', columns, file, { format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.title).toBe('Список «ООО "Рога & копыта" <ИТ>»');
    expect(book.created).toBeInstanceOf(Date);
  });

  it('a CSV gets its provenance in a sidecar FILE.provenance.json', async () => {
    const cache = cacheWithList();
    const dir = tempDir();
    const file = join(dir, 'list.csv');
    const result = await exportListCsv(cache, 'lst_1', columns, file);
    expect(readdirSync(dir).sort()).toEqual(['list.csv', 'list.csv.provenance.json']);
    const sidecar = JSON.parse(readFileSync(sidecarPath(file), 'utf8')) as Provenance;
    expect(sidecar).toEqual(result.provenance);
    expect(sidecar).toMatchObject({ what: { kind: 'list', name: 'Мой список' }, format: 'csv', rows: 3, units: 1, freshness: '2026-07-02T09:30:00.000Z' });
    expect(Date.parse(sidecar.made_at)).not.toBeNaN();
  });

  it('a saved search names its label and criteria; the ledger counts the units its rows record', async () => {
    const cache = cacheWithList();
    const criteria = { keywords: ['бумага'], regions: [77] };
    searchStore(cache).upsert({ filterId: 'flt_test', params: criteria, label: 'бумага', events: ['created', 'updated'] });
    const dir = tempDir();
    const search = await exportSearchResultsCsv(cache, 'flt_test', columns, join(dir, 'search.xlsx'), { format: 'xlsx' });
    expect(search.provenance.what).toEqual({ kind: 'search', filter_id: 'flt_test', label: 'бумага', criteria });
    expect(search.rows).toBe(2);
    const source = await sourceSheet(join(dir, 'search.xlsx'));
    expect(source.get('Что выгружено')).toBe('Сохранённый поиск «бумага»');
    // The criteria in words, as the saved-search view tells them (regions by name), not the API's JSON.
    expect(source.get('Критерии поиска')).toBe('бумага · регионы: Москва · подача заявок и работа комиссии');
    expect(source.get('Служебный номер поиска')).toBe('flt_test');

    const row = (id: number, amount: number, createdAt: string) => ({ id, balanceType: 'tenders' as const, amount, objectId: id, version: 1, filterId: 'flt_test', requestId: null, createdAt });
    ledgerStore(cache).upsertRows([row(1, 1, '2026-07-01T12:00:00+03:00'), row(2, 2, '2026-07-03T08:15:00+03:00')]);
    const ledger = await exportLedgerCsv(cache, ledgerColumns(), join(dir, 'ledger.xlsx'), { format: 'xlsx' });
    expect(ledger.provenance).toMatchObject({ what: { kind: 'ledger' }, units: 3, rows: 2, freshness: '2026-07-03T05:15:00.000Z' });
    const ledgerRows = await readXlsxFile(join(dir, 'ledger.xlsx'), { trim: false });
    expect(ledgerRows[1]![1]).toEqual(new Date(Date.UTC(2026, 6, 3, 8, 15))); // newest first, a datetime cell
    expect(ledgerRows[1]![3]).toBe(2);
  });

  it('a write that fails or is cancelled leaves no file, and an existing file untouched', async () => {
    const cache = cacheWithList();
    const dir = tempDir();
    await expect(exportListCsv(cache, 'lst_1', columns, join(dir, 'no-such-folder', 'list.xlsx'), { format: 'xlsx' })).rejects.toThrow(/Cannot write/);
    expect(readdirSync(dir)).toEqual([]);

    writeFileSync(join(dir, 'list.xlsx'), 'an earlier export');
    const controller = new AbortController();
    const run = exportListCsv(cache, 'lst_1', columns, join(dir, 'list.xlsx'), {
      format: 'xlsx',
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('cancelled by the user')),
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(readdirSync(dir)).toEqual(['list.xlsx']);
    expect(readFileSync(join(dir, 'list.xlsx'), 'utf8')).toBe('an earlier export');
  });

  it('the marks are optional columns of a tender export (tags, our status by name, assignee, newest note), in XLSX and CSV alike', async () => {
    const cache = cacheWithList();
    applyMarks(cache, { tender_ids: [1], add_tags: ['срочно', 'ИТ'], status: 'reviewing', assignee: 'Иванова', note: 'позвонить заказчику' });
    applyMarks(cache, { tender_ids: [1], note: 'запросить разъяснения' });
    const marked = parseColumnList('id,tags,pipeline_status,assignee,latest_note', [...TENDER_COLUMNS, ...MARK_COLUMNS]);
    const dir = tempDir();
    await exportListCsv(cache, 'lst_1', marked, join(dir, 'marks.xlsx'), { format: 'xlsx' });
    const rows = await readXlsxFile(join(dir, 'marks.xlsx'), { trim: false });
    expect(rows[0]).toEqual(['ID', 'Метки', 'Статус в работе', 'Ответственный', 'Последняя заметка']);
    expect(rows[1]).toEqual([1, expect.stringMatching(/^(срочно, ИТ|ИТ, срочно)$/), 'На рассмотрении', 'Иванова', 'запросить разъяснения']);
    expect(rows[2]).toEqual([2, null, null, null, null]); // not marked
    await exportSearchResultsCsv(cache, 'flt_test', marked, join(dir, 'marks.csv'), { keepTextAsText: false });
    expect(readFileSync(join(dir, 'marks.csv'), 'utf8')).toContain(';На рассмотрении;Иванова;запросить разъяснения');
  });

  it('the export history keeps each export newest first with its provenance', async () => {
    const cache = cacheWithList();
    const dir = tempDir();
    const a = await exportListCsv(cache, 'lst_1', columns, join(dir, 'a.csv'));
    const b = await exportListCsv(cache, 'lst_1', columns, join(dir, 'b.xlsx'), { format: 'xlsx' });
    recordExport(cache, { fileName: 'a.csv', path: join(dir, 'a.csv'), provenance: a.provenance });
    recordExport(cache, { fileName: 'b.xlsx', path: null, provenance: b.provenance });
    const history = exportHistory(cache).list();
    expect(history.map((h) => [h.file_name, h.path, h.provenance.format, h.provenance.rows, h.provenance.units])).toEqual([
      ['b.xlsx', null, 'xlsx', 3, 1],
      ['a.csv', join(dir, 'a.csv'), 'csv', 3, 1],
    ]);
    expect(history[0]!.provenance).toEqual(b.provenance);
    expect(existsSync(join(dir, 'b.xlsx'))).toBe(true);
  });

  it('another reader (exceljs) opens the hand-written workbook: typed cells and formats, column widths, a frozen bold header', async () => {
    const cols = [
      { key: 'id', header: 'ID', format: 'integer' as const },
      { key: 'notice', header: 'Номер извещения' },
      { key: 'price', header: 'Начальная цена', format: 'money' as const },
      { key: 'published', header: 'Дата публикации', format: 'date' as const },
      { key: 'end', header: 'Окончание подачи заявок', format: 'datetime' as const },
    ];
    const file = join(tempDir(), 'other-reader.xlsx');
    const rows = [{ id: 7, notice: '0373100000001', price: 1234.5, published: '2026-07-01', end: '2026-07-20T23:30:00Z' }];
    await writeXlsx([anySheet({ name: 'Данные', columns: cols, rows }), anySheet({ name: 'Источник: [1]', columns: [{ key: 'k', header: 'Поле' }], rows: [{ k: 'x' }] })], file, { properties: props });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Данные', 'Источник   1 ']); // Excel's forbidden `:[]` replaced
    // Two long names alike in their first 31 characters (and in case) would make Excel "repair" the file.
    const long = 'Крупнейшие поставщики заказчика за год';
    const twice = join(tempDir(), 'alike.xlsx');
    await writeXlsx([anySheet({ name: long, columns: cols, rows }), anySheet({ name: long.toUpperCase(), columns: cols, rows })], twice, { properties: props });
    expect(await readSheetNames(twice)).toEqual(['Крупнейшие поставщики заказчика', 'КРУПНЕЙШИЕ ПОСТАВЩИКИ ЗАКАЗ (2)']);
    const sheet = book.getWorksheet('Данные')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((c) => c.width)).toEqual([12, 24, 18, 17, 25]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const row = sheet.getRow(2);
    expect([1, 2, 3, 4, 5].map((i) => row.getCell(i).value)).toEqual([7, '0373100000001', 1234.5, new Date(Date.UTC(2026, 6, 1)), new Date(Date.UTC(2026, 6, 21, 2, 30))]);
    expect([1, 3, 4, 5].map((i) => row.getCell(i).numFmt)).toEqual(['0', '#,##0.00 "₽"', 'dd.mm.yyyy', 'dd.mm.yyyy hh:mm']);
  });

  it('text that XML or Excel would not keep as is: markup characters, edge spaces, control characters, an over-long cell', async () => {
    const cols = [
      { key: 'text', header: 'Текст <&>' },
      { key: 'money', header: 'Сумма', format: 'money' as const },
    ];
    const rows = [
      { text: 'ООО "Рога & копыта" <ru> \'ok\'', money: 'не указана' },
      { text: '  отступ и хвост  ', money: 12n },
      { text: 'звонок\u0007 и\u0000 нуль', money: Number.NaN },
      { text: 'я'.repeat(40_000), money: '1 000' },
    ];
    const file = join(tempDir(), 'hostile.xlsx');
    await writeXlsx([anySheet({ name: 'Данные', columns: cols, rows })], file, { properties: props });
    const read = await readXlsxFile(file, { trim: false });
    expect(read[0]).toEqual(['Текст <&>', 'Сумма']);
    expect(read[1]).toEqual(['ООО "Рога & копыта" <ru> \'ok\'', 'не указана']); // kept as text, not lost
    expect(read[2]).toEqual(['  отступ и хвост  ', 12]);
    expect(read[3]).toEqual(['звонок и нуль', 'NaN']);
    expect(read[4]![0]).toBe('я'.repeat(32_767)); // Excel's cell limit: more would make it "repair" the file
    expect(read[4]![1]).toBe('1 000');
  });

  it('rows wait for the zip: the sheet XML backed up before it stays bounded (memory flat), whatever the row count', async () => {
    // exceljs's sheet stream ignores the zip's backpressure; without the wait this backlog grew ~21 MB per 100,000 rows.
    const cols = [
      { key: 'id', header: 'ID', format: 'integer' as const },
      { key: 'name', header: 'Наименование' },
      { key: 'customer', header: 'Заказчик' },
    ];
    function* rows() {
      for (let id = 1; id <= 60_000; id += 1) yield { id, name: `Поставка овощей и фруктов для школы № ${id}`, customer: `ГБОУ «Школа № ${id % 977}» города Москвы` };
    }
    let most = 0;
    const file = join(tempDir(), 'flat.xlsx');
    const result = await writeXlsx([anySheet({ name: 'Данные', columns: cols, rows: rows() })], file, { properties: props, onBacklog: (bytes) => (most = Math.max(most, bytes)) });
    expect(result.rows).toBe(60_000);
    expect(most).toBeGreaterThan(0); // the backlog was seen
    expect(most).toBeLessThan(2 * 1024 * 1024); // 1 MB allowed, plus the rows of one turn
  });
});
