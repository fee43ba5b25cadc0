/** Row selection of the results table: click toggles, shift-click selects a range, unloaded rows are fetched. */
import { describe, expect, it } from 'vitest';
import { applyToIds, clickRow, emptySelection, pagesCovering } from '../../src-renderer/components/selection';

const ids = [100, 101, 102, 103, 104, 105];
const idAt = (i: number) => ids[i];

describe('row selection', () => {
  it('a click toggles one row and sets the anchor', () => {
    const a = clickRow(emptySelection(), 2, 102, false, idAt);
    expect([...a.selection.ids]).toEqual([102]);
    expect(a.selection.anchor).toBe(2);
    const b = clickRow(a.selection, 2, 102, false, idAt);
    expect([...b.selection.ids]).toEqual([]);
  });

  it('shift-click selects every row between the anchor and the clicked row, either direction', () => {
    const a = clickRow(emptySelection(), 4, 104, false, idAt).selection;
    const b = clickRow(a, 1, 101, true, idAt);
    expect([...b.selection.ids].sort()).toEqual([101, 102, 103, 104]);
    expect(b.missing).toEqual([]);
  });

  it('shift-click on a selected row clears the range', () => {
    let sel = clickRow(emptySelection(), 0, 100, false, idAt).selection;
    sel = clickRow(sel, 3, 103, true, idAt).selection;
    sel = clickRow(sel, 1, 101, false, idAt).selection; // anchor 1, 101 cleared
    sel = clickRow(sel, 1, 101, false, idAt).selection; // 101 back on, anchor 1
    const out = clickRow(sel, 3, 103, true, idAt).selection; // 103 is selected → clear 1..3
    expect([...out.ids]).toEqual([100]);
  });

  it('rows of the range that are not loaded are reported, then added by id', () => {
    const sparse = (i: number) => (i < 2 ? ids[i] : undefined);
    const a = clickRow(emptySelection(), 0, 100, false, sparse).selection;
    const b = clickRow(a, 5, 105, true, sparse);
    expect(b.missing).toEqual([2, 3, 4]);
    expect([...b.selection.ids].sort()).toEqual([100, 101, 105]);
    const c = applyToIds(b.selection, [102, 103, 104], true);
    expect(c.ids.size).toBe(6);
    expect(pagesCovering([2, 3, 450, 451, 1], 200)).toEqual([
      { offset: 0, limit: 200 },
      { offset: 400, limit: 200 },
    ]);
  });
});
