import { describe, expect, it } from 'vitest';
import { editCountsStated } from '../../src-renderer/components/editCounts';

describe('list edit counts', () => {
  it('counts that cover every distinct id sent were stated', () => {
    expect(editCountsStated([1, 2, 3, 4], 3, 1)).toBe(true);
    expect(editCountsStated([5, 5, 6], 0, 2)).toBe(true);
  });
  it('a server that answered {} (0 and 0 for ids sent) stated nothing', () => {
    expect(editCountsStated([1, 2, 3, 4], 0, 0)).toBe(false);
  });
});
