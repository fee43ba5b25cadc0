/**
 * The insights.* arguments are checked at the boundary (contract/ipc.ts) before any handler runs: an INN with a
 * wrong check digit, a code that is neither OKPD2 nor KTRU, a region outside 1–99, a period the wrong way round,
 * a flag object whose id does not fit its kind. Each refusal names the field, in Russian by default.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';

const refused = (name: Parameters<typeof parseArgs>[0], args: unknown): { fields: string[]; message: string } => {
  const r = parseArgs(name, args);
  if (r.ok) throw new Error(`${name} accepted ${JSON.stringify(args)}`);
  return { fields: r.error.fields ?? [], message: r.error.message };
};

describe('insights.* arguments', () => {
  it('a dossier takes a valid INN only, and says what is wrong with one', () => {
    expect(parseArgs('insights.customer', { inn: '7707083893' }).ok).toBe(true);
    expect(parseArgs('insights.supplier', { inn: '500100732259' }).ok).toBe(true);
    const bad = refused('insights.customer', { inn: '7707083894' });
    expect(bad.fields).toEqual(['inn']);
    expect(bad.message).toContain('контрольное число');
    expect(refused('insights.supplier', { inn: '123' }).message).toContain('10 цифр');
    expect(refused('insights.customer', { inn: '7707083893', extra: 1 }).fields.length).toBeGreaterThan(0);
  });

  it('a price benchmark takes an OKPD2 or KTRU code or prefix, a region 1–99 and a period in order', () => {
    for (const code of ['26', '26.20', '26.20.11.110', '26.20.11.110-00000138', '26.20.11.110-0000']) {
      expect(parseArgs('insights.prices', { code }).ok, code).toBe(true);
    }
    const ok = parseArgs('insights.prices', { code: '26.20', region: 77, from: '2025-01-01', to: '2025-12-31', unit: 'шт' });
    expect(ok.ok && ok.value).toEqual({ code: '26.20', region: 77, from: '2025-01-01', to: '2025-12-31', unit: 'шт' });
    expect(refused('insights.prices', { code: 'компьютеры' }).message).toContain('не код ОКПД2 и не код КТРУ');
    expect(refused('insights.prices', { code: '26.20.11.110-123456789' }).fields).toEqual(['code']);
    expect(refused('insights.prices', { code: '26', region: 0 }).fields).toEqual(['region']);
    expect(refused('insights.prices', { code: '26', region: 100 }).fields).toEqual(['region']);
    expect(refused('insights.prices', { code: '26', from: '2025-02-30' }).message).toContain('февраля');
    expect(refused('insights.prices', { code: '26', from: '2025-01-01T10:00:00Z' }).fields).toEqual(['from']);
    expect(refused('insights.prices', { code: '26', from: '2025-03-01', to: '2025-02-01' }).message).toContain('from');
    expect(refused('insights.prices', { code: '26', unit: '   ' }).fields).toEqual(['unit']);
    expect(parseArgs('insights.pricesExport', { query: { code: '26.20' } }).ok).toBe(true);
  });

  it('competitors and flags take a scope of the right kind with a well-formed id', () => {
    expect(parseArgs('insights.competitors', { scope: { kind: 'search', filterId: 'flt_abc' } }).ok).toBe(true);
    expect(parseArgs('insights.competitors', { scope: { kind: 'list', listId: 'lst_1' } }).ok).toBe(true);
    expect(parseArgs('insights.competitors', { scope: { kind: 'list', listId: 'flt_1' } }).ok).toBe(false);
    expect(parseArgs('insights.competitors', { scope: { kind: 'all' } }).ok).toBe(false);
    for (const scope of [{ kind: 'customer', inn: '7707083893' }, { kind: 'supplier', inn: '7707083893' }, { kind: 'search', filterId: 'flt_x' }, { kind: 'list', listId: 'lst_x' }, { kind: 'all' }]) {
      expect(parseArgs('insights.flags', { scope }).ok, scope.kind).toBe(true);
    }
    expect(parseArgs('insights.flags', { scope: { kind: 'customer', inn: '7707083894' } }).ok).toBe(false);
  });

  it('a flag is dismissed on a tender or contract by its id, on a customer by its INN', () => {
    expect(parseArgs('insights.dismissFlag', { code: 'R031', object: { kind: 'contract', id: '42' }, note: 'торги были' }).ok).toBe(true);
    expect(parseArgs('insights.dismissFlag', { code: 'single_share', object: { kind: 'customer', id: '7707083893' } }).ok).toBe(true);
    expect(parseArgs('insights.restoreFlag', { code: 'R031', object: { kind: 'tender', id: '7' } }).ok).toBe(true);
    expect(parseArgs('insights.dismissFlag', { code: 'R031', object: { kind: 'tender', id: '7707083894x' } }).ok).toBe(false);
    expect(parseArgs('insights.dismissFlag', { code: 'R031', object: { kind: 'customer', id: '7707083894' } }).ok).toBe(false);
    expect(parseArgs('insights.dismissFlag', { code: 'bad code!', object: { kind: 'tender', id: '7' } }).ok).toBe(false);
    expect(parseArgs('insights.restoreFlag', { code: 'R031', object: { kind: 'tender', id: '7' }, note: 'x' }).ok).toBe(false);
  });
});
