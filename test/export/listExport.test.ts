import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listMemberVersions } from '../../src-main/cache/listMemberVersions';
import { listStore } from '../../src-main/cache/listStore';
import { TENDER_COLUMNS, writeCsv, type CsvColumn } from '../../src-main/export/csv';
import { defaultListColumns, exportListCsv } from '../../src-main/export/listExport';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

async function bytesOf(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(sink);
  return Buffer.concat(chunks);
}

function listedCache() {
  const cache = tempCache();
  const feeds = feedStore(cache);
  feeds.saveFeedPage(
    tenderPage([
      tenderItem(tender(1, 1, { name: 'Поставка "бумаги"; A4', customer: 'ООО «Ромашка»\nфилиал', price: 1234.5 })),
      tenderItem(tender(2, 1, { name: '=HYPERLINK("x")', okpd2: ['17.12.14.129', '01.11'], extra: { source_url: 'https://example.org/2' } })),
      tenderItem(tender(3, 1, { end: '2026-12-31T23:59:59Z', price: 0.005 })),
    ]),
  );
  feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2, { status: 'completed', price: -0.004 }), { event: 'updated' })]));
  const lists = listStore(cache);
  lists.upsertList({ listId: 'lst_1', name: 'Мой список', createdAt: '2026-07-01T00:00:00Z' });
  lists.setItems('lst_1', [3, 1, 2, 404]); // 404 was never delivered
  return cache;
}

describe('list export', () => {
  it('writes exactly what exporting each member parsed whole writes, reading only the fields the columns need', async () => {
    const cache = listedCache();
    // The reference: every member's whole JSON, in the order the export reads them.
    const members = [...listMemberVersions(cache, 'lst_1')].map((m) => (m.json === null ? { id: m.tenderId } : (JSON.parse(m.json) as Record<string, unknown>)));
    expect(members.map((m) => m.id)).toEqual([404, 2, 3, 1]); // by where each newest version is stored
    for (const columns of [defaultListColumns(), [...TENDER_COLUMNS]]) {
      const expected = await bytesOf((out) => writeCsv(members, columns, out));
      const actual = await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out));
      expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
    }
  });

  it('parses members whole when a column does not say which fields it reads', async () => {
    const cache = listedCache();
    const columns: CsvColumn[] = [
      { key: 'id', header: 'ID', format: 'integer' },
      { key: 'description', header: 'Описание' },
      { key: 'title', header: 'Наименование и описание', get: (t) => `${String(t.name)} / ${String(t.description)}` },
    ];
    const result = await exportListCsv(cache, 'lst_1', columns, new PassThrough().resume());
    expect(result).toMatchObject({ rows: 4, missing: 1 });
    const text = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out))).toString('utf8');
    expect(text).toContain('Поставка канцелярских товаров для нужд учреждения 3 / Объект закупки: бумага офисная.');
  });
});
