import { describe, expect, it } from 'vitest';
import { chooseColumns, columnKeysOf } from '../../src-main/export/columnChoice';

const all = [{ key: 'id' }, { key: 'name' }, { key: 'price' }];

describe('one column choice for every export (export/columnChoice.ts)', () => {
  it('the chosen columns in the order given', () => {
    expect(chooseColumns(all, ['price', 'id'])).toEqual({ ok: true, columns: [{ key: 'price' }, { key: 'id' }] });
  });

  it('an unknown or repeated key is the problem, named, beside every key on offer', () => {
    expect(chooseColumns(all, ['id', 'nope', 'id', 'id', 'cost'])).toEqual({ ok: false, unknown: ['nope', 'cost'], repeated: ['id'], known: ['id', 'name', 'price'] });
  });

  it('a typed list: split at commas, trimmed, any case, empty items dropped', () => {
    expect(columnKeysOf(' Price ,, ID ,')).toEqual(['price', 'id']);
    expect(columnKeysOf('')).toEqual([]);
  });
});
