/**
 * The child of bench/xlsxExport.ts: a fresh process that exports one list of a prepared cache as CSV or XLSX
 * (the `tenderwb export list` path) and reports, on one JSON line, the export's time, the file's size, and
 * the resident memory at its start and at its peak. A process per export, so one export's peak is not hidden
 * by the memory an earlier one left the process holding. `--synthetic N` writes N made-up rows of 11 columns
 * of every format straight to the writer instead (no cache, no reading): the writer's own memory.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { writeCsv, type CsvColumn } from '../src-main/export/csv';
import { defaultListColumns, exportListCsv } from '../src-main/export/listExport';
import { anySheet, writeXlsx } from '../src-main/export/xlsx';
import { sampleRss } from './export';

const { values } = parseArgs({
  options: { cache: { type: 'string' }, list: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, synthetic: { type: 'string' } },
});
const format = values.format === 'xlsx' ? 'xlsx' : 'csv';

const SYNTHETIC_COLUMNS: CsvColumn[] = [
  { key: 'id', header: 'ID', format: 'integer' },
  { key: 'notice', header: 'Номер извещения' },
  { key: 'name', header: 'Наименование' },
  { key: 'law', header: 'Закон' },
  { key: 'status', header: 'Статус' },
  { key: 'price', header: 'Начальная цена', format: 'money' },
  { key: 'region', header: 'Регион' },
  { key: 'customer', header: 'Заказчик' },
  { key: 'inn', header: 'ИНН заказчика' },
  { key: 'published', header: 'Дата публикации', format: 'date' },
  { key: 'end', header: 'Окончание подачи заявок', format: 'datetime' },
];

function* syntheticRows(n: number): Generator<Record<string, unknown>> {
  for (let id = 1; id <= n; id += 1) {
    yield {
      id,
      notice: `0373100${String(id).padStart(6, '0')}`,
      name: `Поставка овощей и фруктов для нужд образовательной организации № ${id % 1000}`,
      law: '44-ФЗ',
      status: 'Подача заявок',
      price: (id * 1337.17) % 10_000_000,
      region: 'Москва',
      customer: `ГБОУ «Школа № ${id % 977}» города Москвы`,
      inn: `77${String(id % 100_000_000).padStart(8, '0')}`,
      published: '2026-07-01T10:00:00+03:00',
      end: '2026-07-20T09:00:00+03:00',
    };
  }
}

const cache = values.synthetic === undefined ? openCache(values.cache!) : undefined;
(globalThis as { gc?: () => void }).gc?.();
const rssStartMb = process.memoryUsage().rss / 2 ** 20;
const rss = sampleRss();
// Where the RSS goes: the V8 heap's and the buffers' (`external`) peaks, sampled as often as the RSS.
const start = process.memoryUsage();
const peaks = { heapMb: 0, externalMb: 0 };
const parts = setInterval(() => {
  const m = process.memoryUsage();
  peaks.heapMb = Math.max(peaks.heapMb, (m.heapUsed - start.heapUsed) / 2 ** 20);
  peaks.externalMb = Math.max(peaks.externalMb, (m.external - start.external) / 2 ** 20);
}, 20);
const t0 = performance.now();
let rows: number;
if (cache !== undefined) {
  rows = (await exportListCsv(cache, values.list!, defaultListColumns(), values.out!, { format })).rows;
} else {
  const made = syntheticRows(Number(values.synthetic));
  rows =
    format === 'xlsx'
      ? (await writeXlsx([anySheet({ name: 'Данные', columns: SYNTHETIC_COLUMNS, rows: made })], values.out!, { properties: () => ({ title: 'Синтетическая таблица', creator: 'Tender Workbench bench', created: new Date().toISOString() }) })).rows
      : (await writeCsv(made, SYNTHETIC_COLUMNS, values.out!)).rows;
}
const seconds = (performance.now() - t0) / 1000;
const peakRssMb = rss.stop();
clearInterval(parts);
cache?.close();
console.log(JSON.stringify({ rows, seconds, bytes: statSync(values.out!).size, rssStartMb, peakRssMb, ...peaks }));
