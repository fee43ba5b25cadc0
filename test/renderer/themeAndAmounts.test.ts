import { describe, expect, it } from 'vitest';
import { resolveTheme } from '../../src-renderer/state/theme';
import { caretAfterGrouping, groupAmountInput, RU_GROUP } from '../../src-renderer/format/format';
import { parseUnitsInput } from '../../src-renderer/components/amountInput';

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
    expect(groupAmountInput('1500000')).toBe(`1${RU_GROUP}500${RU_GROUP}000`);
    expect(groupAmountInput('1 500 0005')).toBe(`15${RU_GROUP}000${RU_GROUP}005`);
    expect(groupAmountInput('1234,5')).toBe(`1${RU_GROUP}234,5`);
    expect(groupAmountInput('12a')).toBe('12a');
    expect(groupAmountInput('')).toBe('');
  });

  it('groups with the separator the Russian tables show (Intl\'s no-break space), so a field reads like them', () => {
    expect(RU_GROUP).toMatch(/^[\u00a0\u202f]$/);
    expect(groupAmountInput('1234567')).toBe(new Intl.NumberFormat('ru-RU').format(1234567));
  });

  it('a spend field reads its grouped text back as the same whole number; empty is no limit; anything else is refused', () => {
    expect(parseUnitsInput(groupAmountInput('1500000'))).toBe(1_500_000);
    expect(parseUnitsInput('1\u202f000')).toBe(1000);
    expect(parseUnitsInput('  ')).toBeNull();
    expect(parseUnitsInput('1,5')).toBe('invalid');
    expect(parseUnitsInput('-5')).toBe('invalid');
    expect(parseUnitsInput('1'.repeat(13))).toBe('invalid');
  });

  it('keeps the caret after the same digit', () => {
    // «1500|000» typed (caret after the fourth digit) → «1 500| 000».
    expect(caretAfterGrouping('1500000', 4, '1\u00a0500\u00a0000')).toBe(5);
    expect(caretAfterGrouping('1500000', 7, '1\u00a0500\u00a0000')).toBe(9);
  });
});
