import { describe, expect, it } from 'vitest';
import { buildContractQuery, type ContractForm } from '../../src-renderer/views/contracts/contractQuery';

const form = (over: Partial<ContractForm>): ContractForm => ({ mode: 'customer', customerInn: '', supplierInn: '', supplierName: '', listId: '', ...over });

describe('contracts form', () => {
  it('customer INN with a valid checksum: the set and the rows filter', () => {
    expect(buildContractQuery(form({ customerInn: ' 7807 093158 ' }))).toEqual({
      ok: true,
      set: { by: 'customer', inn: ['7807093158'] },
      rows: { customerInn: '7807093158' },
      postFilter: false,
    });
  });
  it('a wrong check digit is refused before anything is sent', () => {
    expect(buildContractQuery(form({ customerInn: '7807093159' }))).toEqual({
      ok: false,
      problems: [
        {
          field: 'customerInn',
          problem: 'customerInnInvalid',
          text: { ru: 'ИНН 7807093159: неверное контрольное число — проверьте цифры', en: 'INN 7807093159: the check digits do not match — check the digits' },
        },
      ],
    });
    // The domain's words, as in the search form and the CLI: a wrong length is not called a checksum problem.
    const short = buildContractQuery(form({ mode: 'supplier', supplierInn: '78070931' }));
    expect(short.ok ? null : short.problems[0]!.text!.ru).toBe('ИНН «78070931» должен содержать 10 цифр (организация) или 12 цифр (ИП, физлицо)');
    expect(buildContractQuery(form({ customerInn: '' }))).toEqual({ ok: false, problems: [{ field: 'customerInn', problem: 'customerInnRequired' }] });
  });
  it('a supplier beside a customer is a post-filter of the rows, not part of the set', () => {
    const q = buildContractQuery(form({ customerInn: '7807093158', supplierInn: '7840935242' }));
    expect(q).toEqual({ ok: true, set: { by: 'customer', inn: ['7807093158'] }, rows: { customerInn: '7807093158', supplierInn: '7840935242' }, postFilter: true });
  });
  it('a supplier alone is a supplier subscription by INN and/or name', () => {
    expect(buildContractQuery(form({ mode: 'supplier', supplierName: ' Атлант ' }))).toEqual({
      ok: true,
      set: { by: 'supplier', name: 'Атлант' },
      rows: { supplierName: 'Атлант' },
      postFilter: false,
    });
    expect(buildContractQuery(form({ mode: 'supplier', supplierInn: '500100732259' }))).toMatchObject({ ok: true, set: { by: 'supplier', inn: ['500100732259'] } });
    expect(buildContractQuery(form({ mode: 'supplier' }))).toEqual({ ok: false, problems: [{ field: 'supplierInn', problem: 'supplierRequired' }] });
    expect(buildContractQuery(form({ mode: 'supplier', supplierInn: '500100732258', supplierName: 'А' })).ok).toBe(false);
  });
  it('by list: a list must be chosen', () => {
    expect(buildContractQuery(form({ mode: 'list' }))).toEqual({ ok: false, problems: [{ field: 'listId', problem: 'listRequired' }] });
    expect(buildContractQuery(form({ mode: 'list', listId: 'lst_1' }))).toEqual({ ok: true, set: { by: 'list', listId: 'lst_1' }, rows: { listId: 'lst_1' }, postFilter: false });
  });
});
