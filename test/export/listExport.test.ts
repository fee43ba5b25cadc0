import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
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
    expect(members.map((m) => m.id)).toEqual([3, 1, 2, 404]); // in list order
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

  it('the «Ссылка» column holds the link of the tender card held here; a feed summary carries none', async () => {
    const cache = listedCache();
    // Tender 1 was opened as a card (its version 2, what the list holds): the card has source_url, the feed item does not.
    cardStore(cache).saveCard({
      kind: 'tender',
      id: 1,
      version: 2,
      positionsPage: 1,
      positionsLimit: 20,
      requestId: 'req_card_1',
      receivedAt: '2026-07-03T08:00:00Z',
      billed: false,
      card: { ...tender(1, 2, { status: 'completed' }), source_url: 'https://zakupki.example/epz/order/1', positions: [] },
    });
    const columns = TENDER_COLUMNS.filter((c) => c.key === 'id' || c.key === 'url');
    const text = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out))).toString('utf8');
    const lines = text.replace('\uFEFF', '').split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'ID;Ссылка',
      '3;', // never opened as a card: no link is made up
      '1;https://zakupki.example/epz/order/1',
      '2;https://example.org/2', // its own source_url
      '404;',
    ]);
  });

  it('rows come out in list order, members added later at the end, whatever packs hold them', async () => {
    const cache = listedCache();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(7, 1)), tenderItem(tender(5, 1))]));
    listStore(cache).addItems('lst_1', [7, 5]);
    const columns = TENDER_COLUMNS.filter((c) => c.key === 'id');
    const ids = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out))).toString('utf8').replace('\uFEFF', '').split('\r\n').slice(1, -1);
    expect(ids).toEqual(['3', '1', '2', '404', '7', '5']);
    expect(listStore(cache).items('lst_1').map((m) => m.tenderId)).toEqual([3, 1, 2, 404, 7, 5]);
    // The server's order replaces it when the list is read again.
    listStore(cache).setItems('lst_1', [5, 2, 7]);
    const again = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out))).toString('utf8').replace('\uFEFF', '').split('\r\n').slice(1, -1);
    expect(again).toEqual(['5', '2', '7']);
  });

  it('notice numbers are ="…" for Excel, plain text for other programs', async () => {
    const cache = listedCache();
    const columns = TENDER_COLUMNS.filter((c) => c.key === 'id' || c.key === 'etp_id');
    const excel = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out))).toString('utf8');
    expect(excel).toContain('3;"=""0373100000003"""\r\n'); // ="0373100000003", quoted per RFC 4180
    const plain = (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out, { keepTextAsText: false }))).toString('utf8');
    expect(plain).toContain('3;0373100000003\r\n');
    expect(plain).not.toContain('="');
  });

  it('the plain CSV writes ISO dates and dot decimals, to the kopeck; the Excel CSV stays Russian', async () => {
    const cache = listedCache();
    const columns = TENDER_COLUMNS.filter((c) => ['id', 'price', 'end_date'].includes(c.key));
    const lines = async (opts: Parameters<typeof exportListCsv>[4]) =>
      (await bytesOf((out) => exportListCsv(cache, 'lst_1', columns, out, opts))).toString('utf8').replace('\uFEFF', '').split('\r\n');
    // Tender 3: 0.005 rubles rounds to a kopeck; 23:59:59 UTC is 02:59:59 the next day in Moscow.
    expect(await lines({ keepTextAsText: false })).toContain('3;0.01;2027-01-01 02:59:59');
    expect(await lines({ keepTextAsText: false, delimiter: ',' })).toContain('3,0.01,2027-01-01 02:59:59');
    expect(await lines({})).toContain('3;0,01;01.01.2027 02:59');
  });
});
