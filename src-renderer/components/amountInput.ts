/**
 * An amount field as the analyst types it: the digits grouped by threes as they are typed, with the
 * Russian tables' group separator, the caret kept after the same digit; and the typed text read back as a
 * whole number of units. Every price and spend field uses these two, so a field reads like the numbers in
 * the tables and means the same number whatever spaces it shows.
 */
import { caretAfterGrouping, groupAmountInput } from '../format/format';

/**
 * The field's text grouped (`onChange={(e) => set(typedAmount(e.currentTarget))}`); the caret is put back
 * after the same digit once React has rendered the new text.
 */
export function typedAmount(input: HTMLInputElement): string {
  const typed = input.value;
  const text = groupAmountInput(typed);
  if (text !== typed) {
    const caret = caretAfterGrouping(typed, input.selectionStart ?? typed.length, text);
    requestAnimationFrame(() => {
      if (input.value === text) input.setSelectionRange(caret, caret);
    });
  }
  return text;
}

/** A whole number of units as typed, grouped or not: '' is null (no limit), digits (up to 12) a number. */
export function parseUnitsInput(text: string): number | null | 'invalid' {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return null;
  return /^\d{1,12}$/.test(t) ? Number(t) : 'invalid';
}
