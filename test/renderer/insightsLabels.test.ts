/**
 * The insights view's words for codes: no raw `completed`, `44-FZ`, placement or region id, month
 * or evidence key reaches the screen; the price form turns the contract's schema issues into field messages
 * in the user's language.
 */
import { describe, expect, it } from 'vitest';
import { compactRub, countByName, hhiLevel, monthName, percent } from '../../src-renderer/views/insights/insightsLabels';
import { evidenceLines, evidenceName, evidenceValue, fieldName } from '../../src-renderer/views/insights/flagEvidence';
import { buildPriceQuery, EMPTY_PRICE_FORM, formOfQuery } from '../../src-renderer/views/insights/priceForm';

const row = (key: string, label: string | null = null) => ({ key, label, count: 1, value: 0 });

describe('breakdown names', () => {
  it('statuses, laws, placements, regions and OKPD2 classes by their names, in both languages', () => {
    expect(countByName('status', row('completed'), 'ru')).toBe('Завершена');
    expect(countByName('status', row('completed'), 'en')).toBe('Completed');
    expect(countByName('law', row('44-FZ'), 'ru')).toBe('44-ФЗ');
    expect(countByName('law', row('commercial'), 'ru')).toBe('Коммерческая закупка');
    // The answer's own name wins; a bare id is named from the query builder's dictionary.
    expect(countByName('placement', row('7', 'Закупка у единственного поставщика'), 'ru')).toBe('Закупка у единственного поставщика');
    expect(countByName('placement', row('1'), 'ru')).not.toMatch(/^#?1$/);
    expect(countByName('region', row('16'), 'ru')).toBe('Республика Татарстан');
    // A class by the classifier's name (OK 034-2014; CPA 2008 in English); two digits it has no class for keep the answer's label, else the code.
    expect(countByName('okpd2', row('26'), 'ru')).toBe('26 — Оборудование компьютерное, электронное и оптическое');
    expect(countByName('okpd2', row('26'), 'en')).toBe('26 — Computer, electronic and optical products');
    expect(countByName('okpd2', row('04', 'Нет такого класса'), 'ru')).toBe('04 — Нет такого класса');
    expect(countByName('okpd2', row('04'), 'ru')).toBe('04');
  });
  it('a value the server did not send is named as such, not as `unknown`', () => {
    for (const d of ['status', 'law', 'placement', 'region', 'okpd2'] as const) {
      expect(countByName(d, row('unknown'), 'ru')).toBe('Не указано');
      expect(countByName(d, row('unknown'), 'en')).toBe('Not stated');
    }
  });
});

describe('numbers and months', () => {
  it('months as words, not YYYY-MM', () => {
    expect(monthName('2024-03', 'ru')).toBe('март 2024');
    expect(monthName('2024-03', 'en')).toBe('Mar 2024');
    expect(monthName('2024-12', 'ru')).toBe('дек 2024');
  });
  it('percent in the locale’s way, a dash when unknown', () => {
    expect(percent(12.5, 'ru')).toBe('12,5 %');
    expect(percent(12.5, 'en')).toBe('12.5%');
    expect(percent(null, 'ru')).toBe('—');
  });
  it('compact rubles on a chart axis', () => {
    expect(compactRub(1_200_000, 'ru')).toBe('1,2\u00a0млн ₽');
    expect(compactRub(1_200_000, 'en')).toBe('1.2M ₽');
  });
  it('HHI levels at the thresholds: 2 500 itself is not yet highly concentrated', () => {
    expect(hhiLevel(null)).toBeNull();
    expect(hhiLevel(1499.9)).toBe('low');
    expect(hhiLevel(1500)).toBe('moderate');
    expect(hhiLevel(2500)).toBe('moderate');
    expect(hhiLevel(2500.1)).toBe('high');
  });
});

describe('flag evidence in words', () => {
  it('known keys by name, values formatted: rubles, Moscow time, law, day unit, bilingual, booleans', () => {
    const lines = evidenceLines(
      {
        notice: '0373100000124000001',
        law: '44-FZ',
        initial_price: 1500000,
        deadline_at: '2024-03-01T09:00:00.000Z',
        period_days: 5,
        day_unit: 'calendar',
        article: { ru: 'ст. 49 ч. 2 44-ФЗ', en: '44-FZ art. 49 part 2' },
        minimum_confirmed: true,
      },
      'ru',
    );
    expect(lines.map(([, name, value]) => [name, value])).toEqual([
      ['Номер извещения', '0373100000124000001'],
      ['Закон', '44-ФЗ'],
      ['НМЦК', '1\u00a0500\u00a0000,00\u00a0₽'],
      ['Окончание подачи заявок', '01.03.2024, 12:00 МСК'],
      ['Срок подачи заявок, дней', '5'],
      ['Дни', 'календарные'],
      ['Статья', 'ст. 49 ч. 2 44-ФЗ'],
      ['Минимум сверен с текстом закона', 'да'],
    ]);
  });
  it('an unknown key is still shown, spaced out, with its value formatted by its suffix', () => {
    expect(evidenceName('some_new_field', 'ru')).toBe('Some new field');
    expect(evidenceValue('growth_pct', 12.345, 'ru')).toBe('12,35 %');
    expect(evidenceValue('final_price', 100, 'en')).toBe('RUB\u00a0100.00');
    expect(evidenceValue('x', null, 'ru')).toBe('—');
  });
});

describe('price benchmark form', () => {
  it('a valid form becomes the query the contract accepts', () => {
    expect(buildPriceQuery({ code: ' 26.20 ', region: '16', from: '2024-01-01', to: '2024-12-31', unit: ' шт ' }, 'ru')).toEqual({
      ok: true,
      query: { code: '26.20', region: 16, from: '2024-01-01', to: '2024-12-31', unit: 'шт' },
    });
    expect(buildPriceQuery({ ...EMPTY_PRICE_FORM, code: '26.20.11.110-00000138' }, 'en')).toEqual({ ok: true, query: { code: '26.20.11.110-00000138' } });
  });
  it('no code, a bad code and a period backwards are named on their fields, in the user’s language', () => {
    expect(buildPriceQuery(EMPTY_PRICE_FORM, 'ru')).toEqual({ ok: false, problems: { code: 'Введите код ОКПД2 (например, 26.20) или КТРУ.' } });
    const bad = buildPriceQuery({ ...EMPTY_PRICE_FORM, code: 'абв' }, 'en');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.code).toMatch(/neither an OKPD2 nor a KTRU code/);
    expect(buildPriceQuery({ ...EMPTY_PRICE_FORM, code: '26.20', from: '2024-05-01', to: '2024-01-01' }, 'ru')).toEqual({ ok: false, problems: { from: 'Дата «с» позже даты «по».' } });
  });
  it('a query opened again fills the form', () => {
    expect(formOfQuery({ code: '26.20', region: 77 })).toEqual({ code: '26.20', region: '77', from: '', to: '', unit: '' });
    expect(formOfQuery(undefined)).toEqual(EMPTY_PRICE_FORM);
  });
});

describe('fields a flag needs, in words', () => {
  it('the catalogue’s and the gaps’ API names are named; an unknown one stays as sent', () => {
    expect(fieldName('tender.placement_type (card only)', 'ru')).toBe('способ определения поставщика (только в карточке)');
    expect(fieldName('contract.price', 'en')).toBe('contract price');
    // The supplier-concentration rule's own field (FlagGap.field), named since the CLI shows it too.
    expect(fieldName('contract.customer.inn', 'ru')).toBe('ИНН заказчика контракта');
    expect(fieldName('contract.customer.inn', 'en')).toBe('the contract’s customer INN');
    expect(fieldName('tender (not cached)', 'ru')).toBe('закупка контракта (нет в кэше)');
    expect(fieldName('contract.new_field', 'ru')).toBe('contract.new_field');
  });
});

describe('price benchmark form dates', () => {
  it('dates typed as in the search form (dd.mm.yyyy), a day that does not exist named as such', () => {
    expect(buildPriceQuery({ ...EMPTY_PRICE_FORM, code: '26.20', from: '01.02.2024', to: '29.02.2024' }, 'ru')).toEqual({ ok: true, query: { code: '26.20', from: '2024-02-01', to: '2024-02-29' } });
    const bad = buildPriceQuery({ ...EMPTY_PRICE_FORM, code: '26.20', to: '31.02.2024' }, 'ru');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.problems)).toEqual(['to']);
    expect(formOfQuery({ code: '26.20', from: '2024-02-01' }).from).toBe('01.02.2024');
  });
});

describe('the reduction sample in the dative («по N контрактам»)', () => {
  it('declines after «по»', async () => {
    const { insightsStrings } = await import('../../src-renderer/views/insights/insightsStrings');
    expect([1, 2, 5, 11, 21, 112].map((n) => insightsStrings.ru.reductionSample(n))).toEqual(['по 1 контракту', 'по 2 контрактам', 'по 5 контрактам', 'по 11 контрактам', 'по 21 контракту', 'по 112 контрактам']);
  });
});
