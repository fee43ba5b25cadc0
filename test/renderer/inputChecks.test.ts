/**
 * The domain's input checks, shared by the query builder, the Contracts view, the CLI and the core: real
 * calendar days named when they do not exist, tax ids by checksum, OKPD2 by shape, over a QUERY body; and the
 * IPC contract refusing the same values at the main-process boundary.
 */
import { describe, expect, it } from 'vitest';
import { contractSetSchema, tenderCriteriaSchema } from '../../src-main/contract/ipc';
import { checkIsoDate, checkTypedDate, dateProblemText } from '../../src-main/domain/calendarDate';
import { checkQueryCriteria } from '../../src-main/domain/queryCriteriaCheck';
import { isOkpd2Code } from '../../src-main/domain/okpd2';
import { openAttempts, parseOpenReference } from '../../src-main/domain/openReference';

describe('calendar dates', () => {
  it('typed dates: dd.mm.yyyy, d.m.yyyy, dd/mm/yyyy, ISO; a day past the month end is its own problem', () => {
    expect(checkTypedDate('1.2.2026')).toEqual({ ok: true, iso: '2026-02-01' });
    expect(checkTypedDate('29/02/2028')).toEqual({ ok: true, iso: '2028-02-29' });
    const feb31 = checkTypedDate('31.02.2026');
    expect(feb31).toEqual({ ok: false, problem: 'no_such_day', year: 2026, month: 2, day: 31 });
    if (feb31.ok) throw new Error('unreachable');
    expect(dateProblemText(feb31).ru).toBe('31 февраля 2026 года не существует (в этом месяце 28 дн.)');
    expect(checkTypedDate('31-02-2026')).toEqual({ ok: false, problem: 'format' });
    expect(checkTypedDate('01.13.2026')).toMatchObject({ ok: false, problem: 'no_such_month' });
    expect(checkTypedDate('01.01.1890')).toMatchObject({ ok: false, problem: 'year' });
  });

  it('QUERY dates: yyyy-mm-dd or a timestamp with an offset, on a real day and time', () => {
    expect(checkIsoDate('2026-02-28')).toEqual({ ok: true, iso: '2026-02-28' });
    expect(checkIsoDate('2026-02-28T23:59:59+03:00').ok).toBe(true);
    expect(checkIsoDate('2026-02-28T10:00:00.123Z').ok).toBe(true);
    expect(checkIsoDate('2026-02-31')).toMatchObject({ ok: false, problem: 'no_such_day' });
    expect(checkIsoDate('2026-02-28T24:00')).toMatchObject({ ok: false, problem: 'time' });
    expect(checkIsoDate('28.02.2026')).toMatchObject({ ok: false, problem: 'format' });
  });
});

describe('a QUERY body checked before sending', () => {
  it('names every wrong field by its path; a valid body has no problems', () => {
    expect(checkQueryCriteria({ keywords: ['бумага'], customer: { inn: ['7830002293'] }, okpd2: ['26.20.11.110'], publish_date: { from: '2026-01-01', to: '2026-01-31' } })).toEqual([]);
    const problems = checkQueryCriteria({
      customer: { inn: ['7830002293', '7830002294'], ogrn: '1027700132194' },
      supplier: { inn: ['12345'] },
      okpd2: ['26.2.0.1.1'],
      publish_date: { from: '2026-02-31' },
      end_date: { from: '2026-03-02', to: '2026-03-01' },
      start_date: '2026-01-01',
    });
    expect(problems.map((p) => p.path)).toEqual(['customer.inn[1]', 'customer.ogrn', 'supplier.inn[0]', 'okpd2[0]', 'publish_date.from', 'start_date', 'end_date']);
    expect(problems.find((p) => p.path === 'publish_date.from')!.message.en).toBe('31 February 2026 does not exist (the month has 28 days)');
  });

  it('OKPD2 codes by their shape: a class, a prefix at any level, a full code', () => {
    for (const code of ['26', '26.2', '26.20', '26.20.1', '26.20.11', '26.20.11.110']) expect(isOkpd2Code(code)).toBe(true);
    for (const code of ['2', '26.', '26.200', 'A26', '26.20.11.1100']) expect(isOkpd2Code(code)).toBe(false);
  });

  it('the IPC contract refuses 2026-02-31 and a supplier INN with a wrong check digit, in Russian', () => {
    const dates = tenderCriteriaSchema.safeParse({ publish_date: { from: '2026-02-31' } });
    expect(dates.success).toBe(false);
    expect(dates.error!.issues[0]!.message).toMatch(/^31 февраля 2026 года не существует/);
    const supplier = contractSetSchema.safeParse({ by: 'supplier', inn: ['7830002294'] });
    expect(supplier.success).toBe(false);
    expect(supplier.error!.issues[0]!.message).toMatch(/контрольное число/);
    expect(contractSetSchema.safeParse({ by: 'supplier', inn: ['7830002293'] }).success).toBe(true);
  });
});

describe('what an analyst pastes to open a card', () => {
  const target = (text: string) => {
    const parsed = parseOpenReference(text);
    return parsed.ok ? parsed.target : parsed.message.ru;
  };
  it('notice numbers, registry numbers, platform ids and EIS links', () => {
    expect(target('32615951326')).toEqual({ kind: 'tender', externalId: '32615951326' });
    expect(target('№ 0173 1000 0742 6000 018')).toEqual({ kind: 'either', number: '0173100007426000018', tenderFirst: true });
    expect(target('3770444839126000005')).toEqual({ kind: 'either', number: '3770444839126000005', tenderFirst: false });
    expect(target('COM-2001476')).toEqual({ kind: 'tender', externalId: 'COM-2001476' });
    expect(target('www.zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0173100007426000018')).toEqual({ kind: 'tender', externalId: '0173100007426000018' });
    expect(target('https://zakupki.gov.ru/epz/contract/contractCard/common-info.html?reestrNumber=3770444839126000005')).toEqual({ kind: 'contract', reestr: '3770444839126000005' });
    expect(openAttempts({ kind: 'either', number: '3770444839126000005', tenderFirst: false }).map((a) => a.kind)).toEqual(['contract', 'tender']);
    // The ID a card shows: the API's own id, a tender's first.
    expect(target('2930')).toEqual({ kind: 'internal', id: '2930' });
    expect(target('ID 2930')).toEqual({ kind: 'internal', id: '2930' });
    expect(openAttempts({ kind: 'internal', id: '2930' })).toEqual([
      { kind: 'tender', idType: 'internal', id: '2930' },
      { kind: 'contract', idType: 'internal', id: '2930' },
    ]);
  });
  it('what is neither is named', () => {
    expect(target('')).toMatch(/^Вставьте номер извещения/);
    expect(target('поставка')).toMatch(/не номер и не ссылка/);
    expect(target('123456789012')).toMatch(/^Номер из 12 цифр/);
    expect(target('https://zakupki.gov.ru.evil.example/?regNumber=0173100007426000018')).toMatch(/^Открываются только ссылки/);
    expect(target('https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?noticeInfoId=1')).toMatch(/regNumber=/);
  });
});
