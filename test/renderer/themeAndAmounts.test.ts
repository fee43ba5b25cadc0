import { describe, expect, it } from 'vitest';
import { resolveTheme } from '../../src-renderer/state/theme';
import { caretAfterGrouping, groupAmountInput } from '../../src-renderer/format/format';

describe('the theme', () => {
  it('the theme follows the OS unless the user chose one', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('a price field groups its digits as they are typed', () => {
  it('groups the whole part by threes and keeps a decimal part; leaves anything else as typed', () => {
    expect(groupAmountInput('1500000')).toBe('1\u00a0500\u00a0000');
    expect(groupAmountInput('1 500 0005')).toBe('15\u00a0000\u00a0005');
    expect(groupAmountInput('1234,5')).toBe('1\u00a0234,5');
    expect(groupAmountInput('12a')).toBe('12a');
    expect(groupAmountInput('')).toBe('');
  });

  it('keeps the caret after the same digit', () => {
    // «1500|000» typed (caret after the fourth digit) → «1 500| 000».
    expect(caretAfterGrouping('1500000', 4, '1\u00a0500\u00a0000')).toBe(5);
    expect(caretAfterGrouping('1500000', 7, '1\u00a0500\u00a0000')).toBe(9);
  });
});
