import Database from 'better-sqlite3';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseColumnList, TENDER_COLUMNS, type TenderJson, writeCsv } from '../../src-main/export/csv';
import { jsonFieldPicker } from '../../src-main/cache/jsonFields';
import { generateCatalogue } from '../../src-main/sandbox/data/generate';
import { Renderer } from '../../src-main/sandbox/service/render';
import { catalogueSchema } from '../../src-main/sandbox/store/schema';
import { parseCsv } from './csvParse';

/** A tender exactly as the API's summary delivers it (render.ts tenderCore), with a card's source_url. */
const SAMPLE: TenderJson = {
  id: 101,
  etp_id: '0173100007426000018',
  version: 3,
  name: 'Поставка ноутбуков',
  description: 'Портативные компьютеры; 15 шт.',
  law: '44-FZ',
  purchase_type: { id: 1, name: '44-ФЗ' },
  placement_type: { id: 1, name: 'Электронный аукцион' },
  platform: { id: 2, name: 'РТС-тендер' },
  region: { id: 77, name: 'Москва' },
  status: { id: 1, code: 'active', name: 'Подача заявок' },
  price: 1234567.89,
  currency: 'RUB',
  publish_date: '2026-02-27T23:30:00+03:00',
  start_date: '2026-02-28T09:00:00+03:00',
  end_date: '2026-03-10T21:30:00Z',
  end_date_computed: false,
  update_date: '2026-03-01T12:00:00+03:00',
  okpd2: [
    { code: '26.20.11.110', name: 'Компьютеры портативные' },
    { code: '26.20.17.110', name: null },
  ],
  organization: { name: 'ГБУ «Школа № 1»', inn: '7830002293', kpp: '783001001', ogrn: '1027812400868' },
  lots_count: 1,
  positions_total: 4,
  source_url: 'https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0173100007426000018',
};

async function exportTenders(tenders: TenderJson[], list: string): Promise<string[][]> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(tenders, parseColumnList(list), sink);
  return parseCsv(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
}

describe('TENDER_COLUMNS: the catalogue of exportable tender columns', () => {
  it('has the columns analysts export, each with a unique id, a Russian header and a format', () => {
    const ids = TENDER_COLUMNS.map((c) => c.key);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['id', 'etp_id', 'name', 'law', 'status', 'price', 'region', 'customer_name', 'customer_inn', 'publish_date', 'end_date', 'okpd2', 'platform', 'url']) {
      expect(ids).toContain(id);
    }
    for (const column of TENDER_COLUMNS) {
      expect(column.header).toMatch(/[А-Яа-яЁё]|^ID$/);
      expect(column.format).toBeDefined();
    }
  });

  afterEach(() => vi.useRealTimers());

  it('reads every column from the API tender JSON', async () => {
    // The stage is read at the moment of the export: here a week before the deadline.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-03T12:00:00+03:00') });
    const records = await exportTenders([SAMPLE], TENDER_COLUMNS.map((c) => c.key).join(','));
    const row = Object.fromEntries(TENDER_COLUMNS.map((c, i) => [c.key, records[1]![i]]));
    expect(records[0]).toEqual(TENDER_COLUMNS.map((c) => c.header));
    expect(row).toEqual({
      id: '101',
      etp_id: '="0173100007426000018"',
      version: '3',
      name: 'Поставка ноутбуков',
      description: 'Портативные компьютеры; 15 шт.',
      law: '44-ФЗ',
      purchase_type: '44-ФЗ',
      placement_type: 'Электронный аукцион',
      status: 'Подача заявок',
      price: '1234567,89',
      currency: 'RUB',
      region: 'Москва',
      region_code: '77',
      customer_name: 'ГБУ «Школа № 1»',
      customer_inn: '7830002293',
      customer_kpp: '783001001',
      publish_date: '27.02.2026',
      start_date: '28.02.2026 09:00',
      end_date: '11.03.2026 00:30',
      update_date: '01.03.2026 12:00',
      okpd2: '26.20.11.110, 26.20.17.110',
      okpd2_names: '26.20.11.110 Компьютеры портативные; 26.20.17.110',
      platform: 'РТС-тендер',
      lots_count: '1',
      positions_total: '4',
      url: SAMPLE.source_url,
    });
  });

  it('leaves cells empty when the JSON lacks a field (a feed summary has no source_url)', async () => {
    const records = await exportTenders([{ id: 5 }], 'id,url,customer_name,okpd2,price,end_date');
    expect(records[1]).toEqual(['5', '', '', '', '', '']);
  });
});

describe('parseColumnList', () => {
  it('takes ids in the given order, ignoring spaces and case', () => {
    expect(parseColumnList('id,name,price').map((c) => c.key)).toEqual(['id', 'name', 'price']);
    expect(parseColumnList(' Price , ID ').map((c) => c.key)).toEqual(['price', 'id']);
  });

  it('names unknown columns and lists the known ones', () => {
    expect(() => parseColumnList('id,nmae,cost')).toThrow(/Unknown columns: nmae, cost\. Known columns: id, etp_id, /);
    expect(() => parseColumnList('')).toThrow(/No columns given/);
    expect(() => parseColumnList('id,name,id')).toThrow(/listed twice: id/);
  });
});

describe('tender columns against the sandbox renderer (the real tender JSON shape)', () => {
  let db: Database.Database;
  let tenders: TenderJson[];

  beforeAll(() => {
    db = new Database(':memory:');
    db.exec(catalogueSchema);
    generateCatalogue(db, { seed: 7, tenders: 40 });
    const renderer = new Renderer(db, 7);
    const rows = db.prepare('SELECT id, version FROM tenders ORDER BY id LIMIT 40').all() as { id: number; version: number }[];
    tenders = rows.map((r) => renderer.tenderCard(r.id, r.version, 1, 10));
  });
  afterAll(() => db.close());

  it('fills every column for every rendered tender card', async () => {
    expect(tenders.length).toBeGreaterThan(10);
    const records = await exportTenders(tenders, TENDER_COLUMNS.map((c) => c.key).join(','));
    const column = (key: string): string[] => records.slice(1).map((r) => r[TENDER_COLUMNS.findIndex((c) => c.key === key)]!);
    for (const { key } of TENDER_COLUMNS) {
      if (key === 'customer_kpp') continue; // a sole trader has no KPP
      for (const value of column(key)) expect(value, key).not.toBe('');
    }
    for (const value of column('price')) expect(value).toMatch(/^\d+,\d{2}$/);
    for (const value of column('publish_date')) expect(value).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    for (const value of column('end_date')) expect(value).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    for (const value of column('law')) expect(['44-ФЗ', '223-ФЗ', 'Коммерческая закупка']).toContain(value);
    for (const value of column('status')) expect(['Подача заявок', 'Работа комиссии', 'Завершена', 'Отменена']).toContain(value);
    for (const value of column('url')) expect(value).toMatch(/^https?:\/\//);
    for (const value of column('customer_inn')) expect(value).toMatch(/^(\d{10}|="\d{10,12}")$/);
  });

  it("each column's `reads` names every field its cell needs: the list export parses only those", () => {
    for (const tender of [...tenders, SAMPLE, { ...SAMPLE, source_url: undefined, url: 'https://example.org/t/101' }]) {
      const bytes = Buffer.from(JSON.stringify(tender));
      for (const column of TENDER_COLUMNS) {
        const picked = JSON.parse(jsonFieldPicker(column.reads)(bytes, 0, bytes.length)!) as TenderJson;
        expect(column.get(picked), column.key).toEqual(column.get(tender));
      }
    }
  });
});
