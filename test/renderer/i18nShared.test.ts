/**
 * Plural forms by Intl.PluralRules in both languages («4 закупки», not «4 закупок»), codes named for
 * people (no 44-FZ, created or flt_ on screen), and the frame's job notices: a job a view shows is not repeated,
 * an ended job is one merged notice.
 */
import { describe, expect, it } from 'vitest';
import { count, NOUNS, pluralForm } from '../../src-main/i18n/plural';
import { eventsText, jobStateName, lawName, tenderStageName } from '../../src-main/i18n/codes';
import { bannerJobs, cancelJobText, endedText, jobFigures, justEnded, mergeEnded, runningText } from '../../src-renderer/app/frameNotices';
import { quoted } from '../../src-main/i18n/quote';
import type { SyncJob } from '../../src-main/contract/ipc';

describe('plural forms', () => {
  it('Russian: one, few, many by the number', () => {
    const f = (n: number) => count(n, NOUNS.tender, 'ru');
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25, 111, 0].map(f)).toEqual([
      '1 закупка', '2 закупки', '4 закупки', '5 закупок', '11 закупок', '12 закупок', '21 закупка', '22 закупки', '25 закупок', '111 закупок', '0 закупок',
    ]);
    expect(f(11986)).toBe('11\u00a0986 закупок');
    expect(pluralForm(1.5, NOUNS.tender.ru, 'ru')).toBe('закупки');
  });

  it('English: one and other', () => {
    expect(count(1, NOUNS.tender, 'en')).toBe('1 tender');
    expect(count(4, NOUNS.tender, 'en')).toBe('4 tenders');
    expect(count(0, NOUNS.repeatCharge, 'en')).toBe('0 repeat charges');
  });

  it('the ledger verdict with nothing wrong reads as before', () => {
    expect(`${count(0, NOUNS.repeatCharge, 'ru')}, ${count(0, NOUNS.unexplained, 'ru')}`).toBe('0 повторных списаний, 0 необъяснённых');
    expect(`${count(1, NOUNS.repeatCharge, 'ru')}, ${count(3, NOUNS.unexplained, 'ru')}`).toBe('1 повторное списание, 3 необъяснённых');
  });
});

describe('codes named for people', () => {
  it('laws, events and job states', () => {
    expect(lawName('44-FZ', 'ru')).toBe('44-ФЗ');
    expect(lawName('223-FZ', 'ru')).toBe('223-ФЗ');
    expect(lawName('commercial', 'ru')).toBe('Коммерческая закупка');
    expect(lawName('commercial', 'en')).toBe('Commercial');
    expect(eventsText(['created', 'updated'], 'ru')).toBe('новые и изменения');
    expect(eventsText(['created'], 'en')).toBe('new');
    expect(jobStateName('spend_cap', 'ru')).toBe('Достигнут лимит трат');
    // A code no reference names is shown as it came rather than hidden.
    expect(lawName('615-PP', 'ru')).toBe('615-PP');
  });
});

const job = (over: Partial<SyncJob>): SyncJob => ({
  jobId: 'job_1', filterId: 'flt_abc', label: null, feeds: ['tender'], state: 'running', pages: 1, items: 5, charged: 5, free: 0, total: 10,
  startedAt: '2026-01-01T00:00:00Z', finishedAt: null, error: null, ...over,
});

describe('frame notices of jobs', () => {
  it('a loading job a view shows is not repeated in the frame; a following one is not «loading»', () => {
    const jobs = { a: job({ jobId: 'a' }), b: job({ jobId: 'b' }), c: job({ jobId: 'c', state: 'following' }) };
    expect(bannerJobs(jobs, { a: 1 }).map((j) => j.jobId)).toEqual(['b']);
  });

  it('an ended job is due once; several merge into one notice with plural forms, no filter id', () => {
    const running = job({ jobId: 'a' });
    const done = job({ jobId: 'a', state: 'done', items: 12, charged: 12 });
    expect(justEnded(running, done, {})).toBe(true);
    expect(justEnded(done, done, {})).toBe(false);
    expect(justEnded(undefined, done, {})).toBe(true);
    expect(justEnded(undefined, running, {})).toBe(false);
    expect(justEnded(running, done, { a: 1 })).toBe(false);
    const one = mergeEnded([], done);
    expect(endedText(one, 'ru')).toBe('«поиск без названия»: готово — 12 объектов, списано 12 ед.');
    const two = mergeEnded(mergeEnded(one, job({ jobId: 'b', label: 'ИТ', state: 'cancelled', items: 2, charged: 1 })), done);
    expect(two).toHaveLength(2);
    expect(endedText(two, 'ru')).toBe('Завершено: 2 загрузки — 14 объектов, списано 13 ед.');
    expect(endedText(two, 'en')).toBe('Finished: 2 syncs — 14 items, 13 units charged');
    expect(endedText(two, 'ru')).not.toMatch(/flt_/);
    // A search without a label is named by its criteria summary when known.
    expect(endedText(one, 'ru', new Map([['flt_abc', 'ремонт · Москва']]))).toBe('«ремонт · Москва»: готово — 12 объектов, списано 12 ед.');
  });
});

describe('one wording of a job, wherever it is told of', () => {
  const docs = (over: Partial<SyncJob>): SyncJob => job({ filterId: 'documents:list:lst_1', label: 'Документы списка «Проверка порядка»', charged: 0, ...over });

  it('a name quoted inside a quoted label nests „…“ inside «…» (never «…«…»»)', () => {
    expect(quoted('Документы списка «Проверка порядка»', 'ru')).toBe('«Документы списка „Проверка порядка“»');
    expect(quoted('Компьютеры', 'ru')).toBe('«Компьютеры»');
    expect(quoted('Documents of list "Checks"', 'en')).toBe('“Documents of list ‘Checks’”');
    const text = endedText([docs({ state: 'done', items: 3 })], 'ru');
    expect(text).toBe('«Документы списка „Проверка порядка“»: готово — 3 документа');
    expect(text).not.toContain('»»');
  });

  it('a documents job counts documents with Russian plurals (1, 3, 5) and, being free, says nothing of units', () => {
    expect([1, 3, 5].map((items) => jobFigures([docs({ items })], 'ru'))).toEqual(['1 документ', '3 документа', '5 документов']);
    expect(jobFigures([docs({ items: 3 })], 'en')).toBe('3 documents');
    const auto = docs({ filterId: 'documents:auto', label: 'Документы (автозагрузка)', state: 'done', items: 5 });
    expect(endedText([auto], 'ru')).toBe('«Документы (автозагрузка)»: готово — 5 документов');
    expect(endedText([auto, docs({ jobId: 'b', state: 'done', items: 1 })], 'ru')).toBe('Завершено: 2 загрузки — 6 документов');
    expect(endedText([auto], 'ru')).not.toMatch(/списано|ед\./);
  });

  it('a paying job still counts objects and the units charged; jobs of both kinds do too', () => {
    expect(jobFigures([job({ items: 1, charged: 1 })], 'ru')).toBe('1 объект, списано 1 ед.');
    expect(jobFigures([job({ items: 2, charged: 2 }), docs({ items: 3 })], 'ru')).toBe('5 объектов, списано 2 ед.');
  });

  it('the running banner names each job by its label and offers «Отменить» for it', () => {
    const auto = docs({ jobId: 'auto', filterId: 'documents:auto', label: 'Документы (автозагрузка)', items: 0 });
    expect(runningText([auto], 'ru')).toBe('Загрузка: «Документы (автозагрузка)» — 0 документов');
    expect(runningText([auto, job({ jobId: 'x', label: 'ИТ', items: 3, charged: 3 })], 'ru')).toBe('Загрузка: «Документы (автозагрузка)», «ИТ» — 3 объекта, списано 3 ед.');
    expect(cancelJobText(auto, 'ru')).toEqual({ text: 'Отменить', label: 'Отменить «Документы (автозагрузка)»' });
    expect(cancelJobText(auto, 'en')).toEqual({ text: 'Cancel', label: 'Cancel “Документы (автозагрузка)”' });
  });
});

describe('a tender\'s stage follows its deadline', () => {
  const now = Date.parse('2026-11-25T12:00:00+03:00');
  it('an active tender past its deadline is not shown as taking bids: the commission is at work (D-STATUS-1)', () => {
    expect(tenderStageName('active', '2026-11-25T10:00:00+03:00', 'ru', now)).toBe('Работа комиссии');
    expect(tenderStageName('active', '2026-11-24', 'en', now)).toBe('Under review by the commission');
    // Bids close AT the deadline, as on the server.
    expect(tenderStageName('active', '2026-11-25T12:00:00+03:00', 'ru', now)).toBe('Работа комиссии');
  });
  it('before the deadline, without one, or in another status, the status is named as it is', () => {
    expect(tenderStageName('active', '2026-11-25T18:00:00+03:00', 'ru', now)).toBe('Подача заявок');
    expect(tenderStageName('active', '2026-11-25', 'ru', now)).toBe('Подача заявок');
    expect(tenderStageName('active', null, 'ru', now)).toBe('Подача заявок');
    expect(tenderStageName('completed', '2026-11-01', 'ru', now)).toBe('Завершена');
    expect(tenderStageName(null, '2026-11-01', 'ru', now)).toBe('—');
  });
});
