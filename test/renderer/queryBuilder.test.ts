/**
 * The query builder's rules (API reference 4.5 and DOMAIN.md): what the form sends as QUERY criteria, and the
 * field-level messages it shows before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { tenderCriteriaSchema } from '../../src-main/contract/ipc';
import {
  buildCriteria,
  countConditions,
  criteriaToForm,
  emptyForm,
  fieldOfPath,
  innProblem,
  isoToRuDate,
  ogrnProblem,
  onlyStatus,
  parseAmount,
  parseDate,
  summarizeCriteria,
  type SearchForm,
} from '../../src-renderer/views/search/queryBuilder';
import { cleanItems, splitPasted } from '../../src-renderer/components/tokenItems';

const form = (patch: Partial<SearchForm>): SearchForm => ({ ...emptyForm(), ...patch });

function ok(f: SearchForm) {
  const r = buildCriteria(f, 'ru');
  if (!r.ok) throw new Error(`expected valid criteria, got ${JSON.stringify(r.errors)}`);
  return r.criteria;
}
function errors(f: SearchForm, locale: 'ru' | 'en' = 'ru') {
  const r = buildCriteria(f, locale);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.criteria)}`);
  return r.errors;
}

describe('4.5 keywords: OR items, phrases, minus words', () => {
  it('an empty form asks for active tenders only (the API default, said explicitly)', () => {
    expect(ok(emptyForm())).toEqual({ status: ['active'] });
  });

  it('each item is one OR alternative; a multi-word item stays one phrase', () => {
    const c = ok(form({ keywords: ['поставка  компьютеров', 'ноутбук'], exceptionKeywords: ['ремонт'] }));
    expect(c.keywords).toEqual(['поставка компьютеров', 'ноутбук']);
    expect(c.exception_keywords).toEqual(['ремонт']);
  });

  it('quotes around a phrase are dropped, blanks and case-insensitive duplicates removed', () => {
    expect(cleanItems(['«поставка бумаги»', '"Ноутбук"', 'ноутбук', '  ', 'ноутбук '])).toEqual(['поставка бумаги', 'Ноутбук']);
  });

  it('pasted text splits on lines and semicolons for phrases (commas only when nothing else separates)', () => {
    expect(splitPasted('поставка компьютеров\nноутбук\tпринтер', 'phrases')).toEqual(['поставка компьютеров', 'ноутбук', 'принтер']);
    expect(splitPasted('ноутбук, принтер', 'phrases')).toEqual(['ноутбук', 'принтер']);
    expect(splitPasted('26.20, 26.30 58.29\n62', 'codes')).toEqual(['26.20', '26.30', '58.29', '62']);
  });

  it('an item over 300 characters is refused with its field named', () => {
    const e = errors(form({ keywords: ['а'.repeat(301)] }));
    expect(Object.keys(e)).toEqual(['keywords']);
    expect(e.keywords).toMatch(/300/);
  });

  it('more than 100 items is refused', () => {
    expect(errors(form({ exceptionKeywords: Array.from({ length: 101 }, (_, i) => `слово${i}`) })).exceptionKeywords).toMatch(/100/);
  });
});

describe('4.5 dictionaries and OKPD2 prefixes', () => {
  it('regions, platforms, placement and purchase types go as sorted unique integer lists', () => {
    const c = ok(form({ regions: [77, 50, 77], platforms: [3, 1], placementTypes: [5], purchaseTypes: [2, 1] }));
    expect(c).toMatchObject({ regions: [50, 77], platforms: [1, 3], placement_types: [5], purchase_types: [1, 2] });
  });

  it('OKPD2 codes at any level are accepted; commas and trailing dots are tidied', () => {
    expect(ok(form({ okpd2: ['26', '26.2', '26,20', '26.20.11.110', '62.01.'] })).okpd2).toEqual(['26', '26.2', '26.20', '26.20.11.110', '62.01']);
  });

  it('a malformed OKPD2 code is named in the message with an example', () => {
    const e = errors(form({ okpd2: ['26.20.1111'] }));
    expect(e.okpd2).toContain('26.20.1111');
    expect(e.okpd2).toContain('26.20.11.110');
    expect(errors(form({ okpd2: ['2'] }), 'en').okpd2).toMatch(/not an OKPD2 code/);
  });
});

describe('4.5 price and dates', () => {
  it('prices are read the Russian way (spaces, decimal comma, ₽) and the English way', () => {
    expect(parseAmount('1 500 000,50')).toBe(1_500_000.5);
    expect(parseAmount('1\u00a0500\u00a0000 ₽')).toBe(1_500_000);
    expect(parseAmount('1,500,000.25')).toBe(1_500_000.25);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('12abc')).toBe('invalid');
    expect(parseAmount('1,5')).toBe(1.5);
    expect(parseAmount('1,234,567')).toBe(1_234_567);
    expect(parseAmount('1.234')).toBe('invalid'); // three decimals are not kopecks
  });

  it('a price range goes as RangeFilter; from above to is refused', () => {
    expect(ok(form({ priceFrom: '100 000', priceTo: '' })).price).toEqual({ from: 100_000 });
    expect(ok(form({ priceFrom: '1000', priceTo: '2000,5' })).price).toEqual({ from: 1000, to: 2000.5 });
    expect(errors(form({ priceFrom: '5000', priceTo: '1000' })).price).toMatch(/больше/);
    expect(errors(form({ priceFrom: '-1' })).price).toBeDefined();
    expect(errors(form({ priceTo: 'много' })).price).toMatch(/число/);
  });

  it('dates are typed dd.mm.yyyy (or ISO) and sent as whole days (yyyy-mm-dd)', () => {
    expect(parseDate('01.02.2026')).toBe('2026-02-01');
    expect(parseDate('1.2.2026')).toBe('2026-02-01');
    expect(parseDate('2026-02-01')).toBe('2026-02-01');
    expect(parseDate('31.02.2026')).toBe('invalid');
    expect(parseDate('29.02.2028')).toBe('2028-02-29');
    expect(parseDate('завтра')).toBe('invalid');
    expect(isoToRuDate('2026-02-01')).toBe('01.02.2026');
  });

  it('publish, start and end date ranges each map to their DateRangeFilter and field', () => {
    const c = ok(form({ publishFrom: '01.01.2026', publishTo: '31.01.2026', startFrom: '02.01.2026', endTo: '15.03.2026' }));
    expect(c.publish_date).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(c.start_date).toEqual({ from: '2026-01-02' });
    expect(c.end_date).toEqual({ to: '2026-03-15' });
    const e = errors(form({ publishFrom: '10.01.2026', publishTo: '01.01.2026', endFrom: '99.99.2026', startTo: 'завтра' }));
    expect(e.publishDate).toMatch(/позже/);
    expect(e.endDate).toBe('Месяца 99 нет: месяцы от 1 до 12');
    expect(e.startDate).toMatch(/дд\.мм\.гггг/);
  });

  it('«31.02.2026» is named as a day that does not exist, not as a wrong format (both languages)', () => {
    expect(errors(form({ publishFrom: '31.02.2026' })).publishDate).toBe('31 февраля 2026 года не существует (в этом месяце 28 дн.)');
    expect(errors(form({ endTo: '2026-04-31' }), 'en').endDate).toBe('31 April 2026 does not exist (the month has 30 days)');
    expect(errors(form({ startFrom: '29.02.2027' })).startDate).toMatch(/^29 февраля 2027 года не существует/);
    expect(ok(form({ startFrom: '29.02.2028' })).start_date).toEqual({ from: '2028-02-29' });
  });
});

describe('keywords: a semicolon stays inside the keyword, the chip is what is sent', () => {
  it('pasted «услуги; ремонт» is one keyword, sent as typed', () => {
    expect(splitPasted('услуги связи; ремонт', 'phrases')).toEqual(['услуги связи; ремонт']);
    expect(splitPasted('услуги; ремонт\nноутбук', 'phrases')).toEqual(['услуги; ремонт', 'ноутбук']);
    expect(ok(form({ keywords: ['услуги; ремонт'] })).keywords).toEqual(['услуги; ремонт']);
    // Codes still split on semicolons: a code never holds one.
    expect(splitPasted('26.20;26.30', 'codes')).toEqual(['26.20', '26.30']);
  });
});

describe('2.2 CustomerFilter: INN and OGRN checksums (DOMAIN.md), name length', () => {
  it('valid 10- and 12-digit INNs (the examples of DOMAIN.md) are sent as a list', () => {
    expect(ok(form({ customerInn: ['7830002293', '500100732259'] })).customer).toEqual({ inn: ['7830002293', '500100732259'] });
  });

  it('a wrong check digit is named as a checksum problem, a wrong length as a length problem', () => {
    expect(innProblem('7830002294', 'ru')).toMatch(/контрольное число/);
    expect(innProblem('500100732258', 'en')).toMatch(/check digits/);
    expect(innProblem('78300022', 'ru')).toMatch(/10 цифр/);
    expect(innProblem('7830002293', 'ru')).toBeNull();
    expect(errors(form({ customerInn: ['7830002293', '7830002294'] })).customerInn).toContain('7830002294');
  });

  it('OGRN (13) and OGRNIP (15) are checked for length, first digit and check digit', () => {
    expect(ogrnProblem('1027812400868', 'ru')).toBeNull();
    expect(ogrnProblem('1027812400869', 'ru')).toMatch(/контрольное/);
    expect(ogrnProblem('2027812400868', 'ru')).toMatch(/начинается/);
    expect(ogrnProblem('10278124008', 'en')).toMatch(/13 digits/);
    expect(ok(form({ customerOgrn: ' 1027812400868 ' })).customer).toEqual({ ogrn: '1027812400868' });
  });

  it('the customer name is 2-300 characters', () => {
    expect(errors(form({ customerName: 'А' })).customerName).toMatch(/от 2 до 300/);
    expect(ok(form({ customerName: '  ГБУЗ  «Городская больница» ' })).customer).toEqual({ name: 'ГБУЗ «Городская больница»' });
  });
});

describe('4.5 status and ids', () => {
  it('status keeps the API order; none chosen is a field error', () => {
    expect(ok(form({ status: ['cancelled', 'active'] })).status).toEqual(['active', 'cancelled']);
    expect(errors(form({ status: [] })).status).toMatch(/статус/);
  });

  it('ids are positive integers', () => {
    expect(ok(form({ ids: ['15', '7', '15'] })).ids).toEqual([15, 7]);
    expect(errors(form({ ids: ['12a'] })).ids).toContain('12a');
    expect(errors(form({ ids: ['0'] })).ids).toBeDefined();
  });
});

describe('whatever the builder sends passes the contract validator', () => {
  it('a form with every criterion is accepted by tenderCriteriaSchema', () => {
    const c = ok(
      form({
        keywords: ['поставка компьютеров', 'ноутбук'],
        exceptionKeywords: ['ремонт'],
        regions: [77],
        platforms: [1],
        placementTypes: [1],
        purchaseTypes: [1],
        okpd2: ['26.20'],
        priceFrom: '100000',
        priceTo: '5000000',
        publishFrom: '01.01.2026',
        startTo: '01.06.2026',
        endFrom: '01.02.2026',
        customerInn: ['7830002293'],
        customerOgrn: '1027812400868',
        customerName: 'Школа',
        status: ['active', 'completed'],
        ids: ['42'],
      }),
    );
    expect(tenderCriteriaSchema.safeParse(c).success).toBe(true);
    expect(countConditions(c)).toBe(14); // the customer's three fields are one criterion
  });

  it('several wrong fields are all reported at once', () => {
    const e = errors(form({ customerInn: ['1'], okpd2: ['x'], priceFrom: 'x', status: [] }));
    expect(Object.keys(e).sort()).toEqual(['customerInn', 'okpd2', 'price', 'status']);
  });

  it('paths named by the main process map back onto form fields', () => {
    expect(fieldOfPath(['criteria', 'customer', 'inn', '0'])).toBe('customerInn');
    expect(fieldOfPath(['criteria', 'customer', 'ogrn'])).toBe('customerOgrn');
    expect(fieldOfPath(['criteria', 'exception_keywords'])).toBe('exceptionKeywords');
    expect(fieldOfPath(['criteria', 'publish_date', 'from'])).toBe('publishDate');
    expect(fieldOfPath(['label'])).toBe('form');
  });
});

describe('saved criteria back into the form, and their one-line summary', () => {
  it('criteria → form → criteria is the identity', () => {
    const c = ok(
      form({
        keywords: ['поставка компьютеров'],
        regions: [50, 77],
        okpd2: ['26.20'],
        priceFrom: '1000,5',
        publishFrom: '01.01.2026',
        customerInn: ['7830002293'],
        status: ['completed'],
        ids: ['3'],
      }),
    );
    expect(ok(criteriaToForm(c))).toEqual(c);
  });

  it('criteria without status mean active (the API default)', () => {
    expect(criteriaToForm({ keywords: ['x'] }).status).toEqual(['active']);
  });

  it('the summary names phrases, minus words, regions by name, prices in rubles and dates as dd.mm.yyyy', () => {
    const text = summarizeCriteria(
      { keywords: ['поставка компьютеров', 'ноутбук'], exception_keywords: ['ремонт'], regions: [77], price: { from: 100000 }, publish_date: { from: '2026-01-01' }, status: ['active'] },
      'ru',
    );
    expect(text).toBe('«поставка компьютеров» или ноутбук · кроме ремонт · регионы: Москва · цена от 100\u00a0000,00\u00a0₽ · опубл. от 01.01.2026 · подача заявок и работа комиссии');
    expect(summarizeCriteria({}, 'en')).toBe('all tenders · accepting bids or under review');
    expect(summarizeCriteria({ customer: { inn: ['7830002293'] }, status: ['completed', 'cancelled'] }, 'en')).toBe('customer: INN 7830002293 · completed, cancelled');
  });
});

describe('the status choice is a criterion like any other (it used to say «Условия не заданы… все закупки» with «Подача заявок» checked)', () => {
  it('the form as it opens («Подача заявок» checked) counts one condition, summarised and warned of by its status', () => {
    const c = ok(emptyForm());
    expect(countConditions(c)).toBe(1);
    expect(summarizeCriteria(c, 'ru')).toBe('все закупки · подача заявок и работа комиссии');
    expect(onlyStatus(c, 'ru')).toBe('подача заявок и работа комиссии');
    expect(onlyStatus(ok(form({ status: ['completed', 'cancelled'] })), 'en')).toBe('completed, cancelled');
  });

  it('any other criterion makes the status one of several: no «only the status» warning', () => {
    const c = ok(form({ keywords: ['уголь'] }));
    expect(countConditions(c)).toBe(2);
    expect(onlyStatus(c, 'ru')).toBeNull();
    expect(summarizeCriteria(c, 'ru')).toBe('уголь · подача заявок и работа комиссии');
    // Every field that narrows the set is a part of the one summary, so none can be set and not counted.
    for (const f of [{ regions: [77] }, { okpd2: ['26.20'] }, { priceTo: '5' }, { endFrom: '01.02.2026' }, { customerName: 'Школа' }, { ids: ['3'] }, { placementTypes: [1] }]) {
      expect(onlyStatus(ok(form(f)), 'ru')).toBeNull();
    }
  });

  it('a set given by a list or a filter has no status part; a contract set leaves the status out', () => {
    expect(summarizeCriteria({ list_id: 'lst_1' }, 'ru')).toBe('список lst_1');
    expect(summarizeCriteria({ keywords: ['уголь'] }, 'ru', { contracts: true })).toBe('уголь');
  });
});
