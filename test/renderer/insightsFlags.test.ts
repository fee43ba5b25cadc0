/**
 * The flags page's states (the analyst's trial): "checked, none found" is told apart from "not checked",
 * a raised flag with gaps says both, and each missing field names what fills it (the cards for a card-only field).
 */
import { describe, expect, it } from 'vitest';
import type { FlagGap, RaisedFlag } from '../../src-main/domain/insights';
import { flagsHeadline, flagSummary, gapRemedy } from '../../src-renderer/views/insights/flagStates';

const flag = (code: string, id: string, dismissed = false): RaisedFlag => ({ code, object: { kind: 'tender', id, name: null }, evidence: {}, source: '', dismissed });
const gap = (code: string, field: string, objects: number): FlagGap => ({ code, field, objects });

describe('flag states', () => {
  it('nothing raised and nothing missing is "clean", a gap without hits "unchecked", a hit "raised"', () => {
    expect(flagSummary([], [])).toEqual({ state: 'clean', open: 0, unchecked: 0, checked: null });
    expect(flagSummary([], [gap('a', 'contract.price', 72)])).toEqual({ state: 'unchecked', open: 0, unchecked: 72, checked: null });
    expect(flagSummary([flag('a', '1'), flag('a', '2', true)], [gap('a', 'tender.okpd2', 3), gap('a', 'tender.price', 5)])).toEqual({ state: 'raised', open: 1, unchecked: 5, checked: null });
  });

  it('only dismissed hits leave the flag "clean" when nothing is missing', () => {
    expect(flagSummary([flag('a', '1', true)], []).state).toBe('clean');
  });

  it('the headline counts raised flags, clean checks and checks that could not run', () => {
    const codes = ['short', 'near', 'single'];
    expect(flagsHeadline(codes, [flag('short', '1'), flag('short', '2')], [gap('short', 'tender.okpd2', 4), gap('near', 'contract.price', 72)])).toEqual({ open: 2, clean: 1, unchecked: 2 });
  });

  it('names the remedy of a missing field', () => {
    expect(gapRemedy('tender.placement_type')).toBe('cards');
    expect(gapRemedy('tender.placement_type (card only)')).toBe('cards');
    expect(gapRemedy('tender.okpd2')).toBe('cards');
    expect(gapRemedy('tender (not cached)')).toBe('tenders');
    expect(gapRemedy('peers')).toBe('peers');
    // A contract that does not name its tender: no sync brings the link.
    expect(gapRemedy('contract.tender_id')).toBe('none');
    expect(gapRemedy('contract.price')).toBe('none');
  });
});

describe('flag states with the core\'s counts', () => {
  it('judged on some objects is clean even with gaps on others; judged on none is unchecked', () => {
    expect(flagSummary([], [gap('a', 'contract.price', 3)], 5)).toEqual({ state: 'clean', open: 0, unchecked: 3, checked: 5 });
    expect(flagSummary([], [], 0).state).toBe('unchecked');
    expect(flagsHeadline(['a', 'b'], [], [gap('a', 'contract.price', 3)], { a: 0, b: 4 })).toEqual({ open: 0, clean: 1, unchecked: 1 });
  });

  it('the unchecked count names the widest gap\'s objects when the core says what they are', () => {
    expect(flagSummary([], [{ ...gap('a', 'contract.price', 47), object_kind: 'contract' as const }, gap('a', 'tender.price', 3)]).uncheckedKind).toBe('contract');
  });

  it('the core\'s in_card wins over the field-name rule', () => {
    expect(gapRemedy('tender.okpd2', false)).toBe('none');
    expect(gapRemedy('contract.price', true)).toBe('cards');
  });
});
