import { describe, expect, it } from 'vitest';
import { chosenKeys, moveColumn } from '../../src-renderer/components/csvColumns';
import { parseIds } from '../../src-renderer/views/lists/listInput';

describe('pasted ids', () => {
  it('reads ids separated by spaces, new lines, commas and semicolons; keeps order; drops repeats', () => {
    expect(parseIds('5, 7;9\n5\t12  ')).toEqual({ ids: [5, 7, 9, 12], invalid: [], duplicates: 1 });
  });
  it('reports tokens that are not positive integers instead of guessing', () => {
    expect(parseIds('5 12a -3 0 1.5')).toEqual({ ids: [5], invalid: ['12a', '-3', '0', '1.5'], duplicates: 0 });
  });
  it('an empty paste is no ids', () => {
    expect(parseIds('  \n ')).toEqual({ ids: [], invalid: [], duplicates: 0 });
  });
  it('beyond the limit of one request, the rest is reported', () => {
    expect(parseIds('1 2 3', 2)).toEqual({ ids: [1, 2], invalid: ['3'], duplicates: 0 });
  });
});

describe('export columns', () => {
  const cols = [
    { key: 'id', title: 'ID', checked: true },
    { key: 'name', title: 'Наименование', checked: false },
    { key: 'price', title: 'Цена', checked: true },
  ];
  it('moves a column up and down, never out of range', () => {
    expect(moveColumn(cols, 2, -1).map((c) => c.key)).toEqual(['id', 'price', 'name']);
    expect(moveColumn(cols, 0, 1).map((c) => c.key)).toEqual(['name', 'id', 'price']);
    expect(moveColumn(cols, 0, -1).map((c) => c.key)).toEqual(['id', 'name', 'price']);
    expect(moveColumn(cols, 2, 1).map((c) => c.key)).toEqual(['id', 'name', 'price']);
  });
  it('exports the checked keys in the chosen order', () => {
    expect(chosenKeys(moveColumn(cols, 2, -1))).toEqual(['id', 'price']);
  });
});
