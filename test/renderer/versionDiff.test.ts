import { describe, expect, it } from 'vitest';
import { diffVersions, formatValue, labelOf } from '../../src-renderer/components/versionDiff';

const NBSP = /[\u00a0\u202f]/g;
const plain = (s: string): string => s.replace(NBSP, ' ');

function tender(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 5,
    etp_id: '32613400017',
    version: 1,
    name: 'Оказание услуг по обучению',
    law: '223-FZ',
    status: { id: 1, code: 'active', name: 'Подача заявок' },
    region: { id: 78, name: 'Санкт-Петербург' },
    price: 599372.11,
    currency: 'RUB',
    end_date: '2026-07-16T09:00:00+03:00',
    update_date: '2026-07-09T08:45:53+03:00',
    okpd2: [{ code: '85.30.11.000', name: 'Услуги по профессиональному обучению' }],
    organization: { name: 'АО «Горэлектросеть»', inn: '7807093158', kpp: '780701002', ogrn: '1127840151890', address: 'г. Санкт-Петербург' },
    lots: [
      { ordinal: 1, title: 'Лот № 1: Обучение', price: 400000 },
      { ordinal: 2, title: 'Лот № 2: Аттестация', price: 199372.11 },
    ],
    positions: [
      { lot_ordinal: 1, position_ordinal: 1, title: 'Обучение', quantity: 1, unit: 'усл. ед', price: 400000, amount: 400000, okpd2_code: '85.30.11.000', ktru_code: null },
      { lot_ordinal: 2, position_ordinal: 2, title: 'Аттестация', quantity: 3, unit: 'чел', price: 66457.37, amount: 199372.11, okpd2_code: '85.30.11.000', ktru_code: null },
    ],
    positions_page: 1,
    positions_page_size: 20,
    positions_pages: 1,
    documents: [
      { id: 51, name: 'Извещение', url: 'https://zakupki.gov.ru/doc?id=1', extension: 'pdf' },
      { id: 52, name: 'Документация', url: 'https://zakupki.gov.ru/doc?id=2', extension: 'docx' },
    ],
    contract_ids: [],
    billed: true,
    request_id: 'req_1',
    ...over,
  };
}

describe('version diff', () => {
  it('two identical versions differ only in bookkeeping: no entries', () => {
    const d = diffVersions(tender(), tender({ version: 2, update_date: '2026-07-10T00:00:00+03:00', billed: false, request_id: 'req_2', updated_at: 'x' }), 'ru');
    expect(d.entries).toEqual([]);
    expect(d.notCompared).toEqual([]);
  });

  it('a price change reads as rubles old → new, the deadline in Moscow time', () => {
    const d = diffVersions(tender(), tender({ version: 2, price: 550000, end_date: '2026-07-20T06:00:00Z' }), 'ru');
    const price = d.entries.find((e) => e.path === 'price');
    expect(price).toMatchObject({ kind: 'changed', label: 'Цена' });
    if (price?.kind !== 'changed') throw new Error('no price change');
    expect(plain(price.before)).toBe('599 372,11 ₽');
    expect(plain(price.after)).toBe('550 000,00 ₽');
    const deadline = d.entries.find((e) => e.path === 'end_date');
    if (deadline?.kind !== 'changed') throw new Error('no deadline change');
    expect(deadline.before).toBe('16.07.2026, 09:00 МСК');
    expect(deadline.after).toBe('20.07.2026, 09:00 МСК');
  });

  it('a status is read by its code and named as the stage every surface shows, at the clock given', () => {
    const beforeDeadline = Date.parse('2026-07-15T12:00:00+03:00');
    const d = diffVersions(tender(), tender({ status: { id: 2, code: 'completed', name: 'Завершена' } }), 'ru', beforeDeadline);
    expect(d.entries).toEqual([{ kind: 'changed', path: 'status', label: 'Статус', before: 'Подача заявок', after: 'Завершена' }]);
    // The same versions read after the deadline: the open one was under the commission's review (D-STATUS-1).
    const afterDeadline = Date.parse('2026-07-17T12:00:00+03:00');
    expect(diffVersions(tender(), tender({ status: { id: 2, code: 'completed', name: 'Завершена' } }), 'ru', afterDeadline).entries[0]).toMatchObject({ before: 'Работа комиссии', after: 'Завершена' });
  });

  it('a status name the server changed without changing its code is no change (a stale cached name)', () => {
    const d = diffVersions(tender(), tender({ version: 2, status: { id: 1, code: 'active', name: 'Работа комиссии' } }), 'ru', Date.parse('2026-07-15T12:00:00+03:00'));
    expect(d.entries).toEqual([]);
  });

  it('a deadline moved past the clock changes the stage shown: both are listed', () => {
    const now = Date.parse('2026-07-18T12:00:00+03:00');
    const d = diffVersions(tender(), tender({ version: 2, end_date: '2026-07-20T09:00:00+03:00' }), 'ru', now);
    expect(d.entries.find((e) => e.path === 'status')).toMatchObject({ before: 'Работа комиссии', after: 'Подача заявок' });
    expect(d.entries.find((e) => e.path === 'end_date')).toBeDefined();
  });

  it('lots and documents added and removed are named; a changed lot price is labelled with its lot', () => {
    const before = tender();
    const after = tender({
      lots: [{ ordinal: 1, title: 'Лот № 1: Обучение', price: 350000 }, { ordinal: 3, title: 'Лот № 3: Медосмотр', price: 10000 }],
      documents: [{ id: 51, name: 'Извещение', url: 'https://zakupki.gov.ru/doc?id=1', extension: 'pdf' }, { id: 60, name: 'Изменения извещения', url: 'https://zakupki.gov.ru/doc?id=9', extension: 'pdf' }],
    });
    const d = diffVersions(before, after, 'ru');
    const lotPrice = d.entries.find((e) => e.path === 'lots[1].price');
    expect(lotPrice?.kind).toBe('changed');
    expect(lotPrice?.label).toBe('Лот № 1: цена лота');
    const added = d.entries.filter((e) => e.kind === 'added').map((e) => (e.kind === 'added' ? plain(e.item) : ''));
    const removed = d.entries.filter((e) => e.kind === 'removed').map((e) => (e.kind === 'removed' ? plain(e.item) : ''));
    expect(added).toEqual(['Лот № 3 · Лот № 3: Медосмотр · 10 000,00 ₽', 'Документ «Изменения извещения»']);
    expect(removed).toEqual(['Лот № 2 · Лот № 2: Аттестация · 199 372,11 ₽', 'Документ «Документация»']);
  });

  it('positions are matched by lot and ordinal; a quantity change names the position', () => {
    const pos = (tender().positions as Record<string, unknown>[]).map((p) => ({ ...p }));
    pos[1] = { ...pos[1], quantity: 5 };
    const d = diffVersions(tender(), tender({ positions: pos }), 'en');
    expect(d.entries).toEqual([{ kind: 'changed', path: 'positions[2.2].quantity', label: 'Position 2.2: quantity', before: '3', after: '5' }]);
  });

  it('positions of different pages are not compared', () => {
    const d = diffVersions(tender(), tender({ positions_page: 2, positions: [] }), 'ru');
    expect(d.entries).toEqual([]);
    expect(d.notCompared).toEqual(['Позиции']);
  });

  it('a feed item against a card: sections only the card has are "not compared", not "added"', () => {
    const summary = tender();
    for (const k of ['lots', 'positions', 'documents', 'positions_page', 'positions_page_size', 'positions_pages']) delete summary[k];
    const d = diffVersions(summary, tender({ version: 2, price: 1 }), 'ru');
    expect(d.entries.map((e) => e.path)).toEqual(['price']);
    expect(d.notCompared).toEqual(['Лоты', 'Позиции', 'Документы']);
  });

  it('numbers in lists of ids: contracts added', () => {
    const d = diffVersions(tender(), tender({ contract_ids: [3, 4] }), 'ru');
    expect(d.entries.map((e) => (e.kind === 'added' ? e.item : ''))).toEqual(['Контракт 3', 'Контракт 4']);
  });

  it('contract: supplier keyed by INN, execution stage and paid amount', () => {
    const contract = (code: string, stage: string, paid: number) => ({
      id: 3,
      version: 1,
      suppliers: [{ name: 'ЧОУ ДПО «Атлант»', inn: '7840935242', kpp: '784001003' }],
      execution: { stage: { id: 1, code, name: stage }, paid, stages: [{ ordinal: 1, planned_date: '2026-11-13T00:00:00+03:00', amount: 543601.44, paid }] },
    });
    const d = diffVersions(contract('executing', 'Исполнение', 0), contract('executed', 'Исполнение завершено', 543601.44), 'ru');
    expect(d.entries.map((e) => e.label)).toEqual(['Стадия исполнения', 'Оплачено', 'Этап 1: оплачено по этапу']);
    // The stage is named as the dossiers name it (domain/contractStage.ts), not in the server's words.
    expect(d.entries[0]).toMatchObject({ before: 'Исполнение', after: 'Исполнен' });
    const paid = d.entries[1];
    if (paid?.kind !== 'changed') throw new Error('no paid change');
    expect(plain(paid.before)).toBe('0,00 ₽');
    expect(plain(paid.after)).toBe('543 601,44 ₽');
  });

  it('unknown fields are still compared, by their path', () => {
    const d = diffVersions(tender({ extra: { flag: 'a' } }), tender({ extra: { flag: 'b' } }), 'ru');
    expect(d.entries).toEqual([{ kind: 'changed', path: 'extra.flag', label: 'Extra, flag', before: 'a', after: 'b' }]);
  });

  it('formats a Moscow midnight as a day and a missing value as a dash', () => {
    expect(formatValue('execution.end_date', '2026-11-13T00:00:00+03:00', 'ru')).toBe('13.11.2026');
    expect(formatValue('price', null, 'ru')).toBe('—');
    expect(formatValue('end_date_computed', true, 'en')).toBe('yes');
  });
});

describe('version diff speaks in field names and tells a missing field from a change', () => {
  it('a nested field without a label of its own is named by its parent and words, never by its raw key', () => {
    const d = diffVersions({ organization: { name: 'А', administrator: { position: 'x', name: 'Иванов' } } }, { organization: { name: 'А', administrator: { position: 'y', name: 'Иванов' } } }, 'ru');
    expect(d.entries).toHaveLength(1);
    expect(d.entries[0]!.label).toBe('Контактное лицо заказчика: position');
    expect(labelOf('organization.administrator', 'ru')).toBe('Контактное лицо заказчика');
    expect(labelOf('organization.administrator.address', 'ru')).toBe('Контактное лицо заказчика: адрес');
    expect(labelOf('organization.administrator', 'ru')).not.toContain('.');
  });

  it('a field only the newer version carries is «в этой версии поля не было», not a change from «—»', () => {
    const d = diffVersions({ organization: { name: 'А' } }, { organization: { name: 'А', address: 'Москва, ул. Тверская, 1' } }, 'ru');
    expect(d.entries).toEqual([{ kind: 'changed', path: 'organization.address', label: 'Адрес заказчика', before: 'в этой версии поля не было', after: 'Москва, ул. Тверская, 1', absent: 'before' }]);
  });
});
