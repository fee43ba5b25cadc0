/**
 * "One status, one name, one number per fact, on every surface": ONE fixture cache and ONE fixed
 * clock, and every surface that names a tender's stage or law says the same words for each tender:
 * - the renderer's models of the results and list tables, the preview and the card (i18n/tenderWords.ts, which
 *   src-renderer/components/tenderLabels.ts hands to the views), over the rows the core gives them (view rows,
 *   stored objects) and the version the card shows; the views themselves in test/e2e/tables.spec.ts;
 * - the list export as CSV and XLSX (read back with exceljs);
 * - the customer dossier's breakdown, its workbook and CSV, and `tenderwb analytics customer`'s text;
 * - the deadlines calendar (the view's event model and the ICS file's description);
 * - the red flags' evidence (the law), `tenderwb card` and `tenderwb marks` text.
 *
 * The fixture holds a tender in each stage: open with its deadline ahead, `active` with its deadline passed
 * (its cached version still says «Подача заявок», as a server's name goes stale), completed, cancelled, and a
 * strict server's tender (status `{id, name}` only, no `law`: the law from its 11-digit notice number), under
 * 44-FZ, 223-FZ and commercial. Nothing depends on the date the test runs: the clock is fixed (vi's Date, and
 * `now` where a function takes it), so the run passes as well under `faketime -f +400d`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { deadlineEvents } from '../../src-main/calendar/index';
import { icsText } from '../../src-main/calendar/ics';
import { humanCard } from '../../src-main/cli/commands/cards';
import { customerDossierText } from '../../src-main/cli/insightsText';
import { markedTenderText } from '../../src-main/cli/marksText';
import { tenderRow, tenderViewRow } from '../../src-main/current/rows';
import { exportDossierCsv, exportDossierXlsx } from '../../src-main/export/dossierExport';
import { defaultListColumns, exportListCsv } from '../../src-main/export/listExport';
import { countByName } from '../../src-main/i18n/dictionaries';
import { evidenceValue } from '../../src-main/i18n/flagEvidence';
import { flagsFor } from '../../src-main/insights/flags/flagsFor';
import { customerDossier } from '../../src-main/insights/index';
import { describeTenders } from '../../src-main/marks/markedTenders';
import { cardLawName, cardStage, rowLawName, rowStage } from '../../src-main/i18n/tenderWords';
import type { CacheDb } from '../../src-main/cache/database';
import { strictTender, tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';
import { parseCsv } from '../export/csvParse';

const NOW = Date.parse('2026-11-25T12:00:00+03:00');
const DAY = 86_400_000;
const at = (ms: number): string => new Date(ms).toISOString();
const CUSTOMER = '7701234567';
const LIST = 'lst_stages';

/** What every surface must say of each tender at NOW. */
const EXPECTED: Record<number, { stage: string; law: string }> = {
  1: { stage: 'Подача заявок', law: '44-ФЗ' },
  2: { stage: 'Работа комиссии', law: '223-ФЗ' },
  3: { stage: 'Завершена', law: 'Коммерческая закупка' },
  4: { stage: 'Отменена', law: '44-ФЗ' },
  5: { stage: 'Работа комиссии', law: '223-ФЗ' },
};
const IDS = Object.keys(EXPECTED).map(Number);

function fixture(): CacheDb {
  const cache = tempCache();
  const published = at(NOW - DAY);
  const strict = strictTender(5, '32613400017', { status: { id: 1, name: 'Подача заявок' }, end_date: at(NOW - DAY / 2), publish_date: at(NOW - 20 * DAY), organization: { name: 'ГБОУ Школа № 1', inn: CUSTOMER } });
  feedStore(cache).saveFeedPage(
    tenderPage([
      // Six days to bid on a 44-FZ auction (the minimum is seven): a red flag whose evidence names the law.
      tenderItem(tender(1, 1, { status: 'active', law: '44-FZ', publish: published, end: at(NOW + 5 * DAY) })),
      // Its deadline passed two days ago; the version held says «Подача заявок», the name it was delivered with.
      tenderItem(tender(2, 1, { status: 'active', law: '223-FZ', publish: at(NOW - 30 * DAY), end: at(NOW - 2 * DAY) })),
      tenderItem(tender(3, 1, { status: 'completed', law: 'commercial', publish: at(NOW - 60 * DAY), end: at(NOW - 40 * DAY) })),
      tenderItem(tender(4, 1, { status: 'cancelled', law: '44-FZ', publish: at(NOW - 10 * DAY), end: at(NOW + 10 * DAY) })),
      { ...tenderItem(strict), version: 1 }, // a strict tender states no version: the item's
    ]),
  );
  listStore(cache).upsertList({ listId: LIST, name: 'Все стадии', createdAt: at(NOW - DAY) });
  listStore(cache).setItems(LIST, IDS);
  return cache;
}

let cache: CacheDb;
beforeAll(() => {
  // The clock of every surface that reads it (the exports, the CLI's text) rather than taking `now`.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(() => vi.useRealTimers());

/** id → the words a surface shows. */
type Shown = Map<number, string>;
const expected = (what: 'stage' | 'law'): Shown => new Map(IDS.map((id) => [id, EXPECTED[id]![what]]));

describe('one stage and one law per tender on every surface (one fixture, one clock)', () => {
  // Made again for each test: test/cache/helpers closes its caches after every test.
  beforeEach(() => {
    cache = fixture();
  });

  it('the renderer: the results table and preview (view rows), the list table, the rows read from stored objects, the card', () => {
    const viewRows = viewQueries(cache).tenderRows(IDS).map(tenderViewRow);
    expect(new Map(viewRows.map((r) => [r.id, rowStage(r, 'ru', NOW).name]))).toEqual(expected('stage'));
    expect(new Map(viewRows.map((r) => [r.id, rowLawName(r, 'ru')]))).toEqual(expected('law'));
    const listRows = viewQueries(cache).listTenders(LIST, undefined, 0, 100).rows.map(tenderViewRow);
    expect(new Map(listRows.map((r) => [r.id, rowStage(r, 'ru', NOW).name]))).toEqual(expected('stage'));
    const objectRows = viewQueries(cache).objects('tender', IDS).map(tenderRow);
    expect(new Map(objectRows.map((r) => [r.id, rowStage(r, 'ru', NOW).name]))).toEqual(expected('stage'));
    expect(new Map(objectRows.map((r) => [r.id, rowLawName(r, 'ru')]))).toEqual(expected('law'));
    const card = (id: number): unknown => versionStore(cache).latest('tender', id)!.object;
    expect(new Map(IDS.map((id) => [id, cardStage(card(id), 'ru', NOW).name]))).toEqual(expected('stage'));
    expect(new Map(IDS.map((id) => [id, cardLawName(card(id), 'ru')]))).toEqual(expected('law'));
  });

  it('the list export: CSV and XLSX (read back with exceljs) write the same stage and law', async () => {
    const dir = tempDir();
    const csv = join(dir, 'список.csv');
    await exportListCsv(cache, LIST, defaultListColumns(), csv);
    const [header, ...records] = parseCsv(readFileSync(csv, 'utf8').replace(/^\uFEFF/, ''));
    const col = (name: string): number => header!.indexOf(name);
    expect(new Map(records.map((r) => [Number(r[col('ID')]), r[col('Статус')]]))).toEqual(expected('stage'));
    expect(new Map(records.map((r) => [Number(r[col('ID')]), r[col('Закон')]]))).toEqual(expected('law'));

    const xlsx = join(dir, 'список.xlsx');
    await exportListCsv(cache, LIST, defaultListColumns(), xlsx, { format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const sheet = book.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1);
    const stages: Shown = new Map();
    const laws: Shown = new Map();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const v = (row.values as unknown[]).slice(1);
      stages.set(Number(v[titles.indexOf('ID')]), String(v[titles.indexOf('Статус')]));
      laws.set(Number(v[titles.indexOf('ID')]), String(v[titles.indexOf('Закон')]));
    });
    expect(stages).toEqual(expected('stage'));
    expect(laws).toEqual(expected('law'));
  });

  /** How many tenders each stage (or law) name counts, from the expected words. */
  const tally = (what: 'stage' | 'law'): Map<string, number> => {
    const out = new Map<string, number>();
    for (const id of IDS) out.set(EXPECTED[id]![what], (out.get(EXPECTED[id]![what]) ?? 0) + 1);
    return out;
  };

  it('the customer dossier (the view names its breakdown with countByName), its workbook and CSV, and `tenderwb analytics customer`', async () => {
    const d = customerDossier(cache, CUSTOMER, NOW);
    expect(d.tenders).toBe(IDS.length);
    const byStage = new Map(d.tenders_by_status.map((c) => [countByName('status', c, 'ru'), c.count]));
    expect(byStage).toEqual(tally('stage'));
    expect(new Map(d.tenders_by_law.map((c) => [countByName('law', c, 'ru'), c.count]))).toEqual(tally('law'));

    const dir = tempDir();
    const xlsx = join(dir, 'досье.xlsx');
    await exportDossierXlsx(cache, { party: 'customer', dossier: d }, xlsx, 'ru');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const sheetCounts = (name: string): Map<string, number> => {
      const out = new Map<string, number>();
      book.getWorksheet(name)!.eachRow((row, n) => {
        if (n > 1) out.set(String(row.getCell(1).value), Number(row.getCell(2).value));
      });
      return out;
    };
    expect(sheetCounts('По статусам')).toEqual(tally('stage'));
    expect(sheetCounts('По законам')).toEqual(tally('law'));

    const csv = join(dir, 'досье.csv');
    await exportDossierCsv(cache, { party: 'customer', dossier: d }, csv, { locale: 'ru' });
    const [header, ...records] = parseCsv(readFileSync(csv, 'utf8').replace(/^\uFEFF/, ''));
    const csvCounts = new Map(records.filter((r) => r[0] === 'По статусам').map((r) => [r[header!.indexOf('Название')]!, Number(r[header!.indexOf('Количество')])]));
    expect(csvCounts).toEqual(tally('stage'));

    const text = customerDossierText(d, 'ru');
    const line = text.split('\n').find((l) => l.trim().startsWith('по статусу:'))!;
    for (const [name, n] of tally('stage')) expect(line).toContain(`${name}: ${n}`);
    for (const word of ['active', 'bidding', 'commission', 'Приём заявок окончен']) expect(text).not.toContain(word);
  });

  it('the deadlines calendar: the view\'s events and the ICS file name each tender\'s stage alike', () => {
    const events = deadlineEvents(cache, { kind: 'list', listId: LIST }).filter((e) => e.kind === 'submission');
    expect(new Map(events.map((e) => [e.tender_id, rowStage({ status: e.tender_status ?? null, endDate: e.tender_end_date ?? null }, 'ru', NOW).name]))).toEqual(expected('stage'));
    const ics = icsText(events, { locale: 'ru', now: new Date(NOW) }).replace(/\r\n[ \t]/g, '');
    const described: Shown = new Map();
    for (const block of ics.split('BEGIN:VEVENT').slice(1)) {
      const id = Number(/UID:tender-(\d+)@/.exec(block)![1]);
      described.set(id, /Статус: ([^\\\r\n]+)/.exec(block)![1]!);
    }
    expect(described).toEqual(expected('stage'));
  });

  it('the red flags\' evidence names a tender\'s law as the tables do', () => {
    const flags = flagsFor(cache, { kind: 'list', listId: LIST }, 'ru').flags;
    const withLaw = flags.filter((f) => f.object.kind === 'tender' && f.evidence.law !== undefined);
    expect(withLaw.map((f) => f.object.id)).toContain('1');
    const formats = { rub: String, pct: String, int: String, moment: String };
    for (const f of withLaw) expect(evidenceValue('law', f.evidence.law, 'ru', formats)).toBe(EXPECTED[Number(f.object.id)]!.law);
  });

  it('the CLI\'s words: `tenderwb card tender ID` and `tenderwb marks`', () => {
    for (const id of IDS) {
      const card = humanCard('tender', versionStore(cache).latest('tender', id)!.object as Record<string, unknown>, { source: 'cache', charged: false }, 1, 'ru');
      expect(card, `card ${id}`).toContain(` · ${EXPECTED[id]!.stage} · ${EXPECTED[id]!.law} · `);
    }
    for (const row of describeTenders(cache, IDS)) expect(markedTenderText(row, 'ru'), `marks ${row.id}`).toContain(`, ${EXPECTED[row.id]!.stage}`);
  });
});
