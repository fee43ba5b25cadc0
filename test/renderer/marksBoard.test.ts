/** The pipeline board: its columns, a card moved, and where the keyboard takes a dragged card. */
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, columnId, keyboardTarget, movedCard, orderedColumns, statusOfColumn } from '../../src-renderer/views/marks/boardLogic';

describe('pipeline board', () => {
  it('has «Без статуса» first, then every pipeline status in order; column ids go both ways', () => {
    expect(BOARD_COLUMNS).toEqual([null, 'new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined']);
    for (const s of BOARD_COLUMNS) expect(statusOfColumn(columnId(s))).toBe(s);
    expect(statusOfColumn('status:bogus')).toBeUndefined();
    expect(statusOfColumn('tender:5')).toBeUndefined();
  });

  it('shows every column even when the core sends only some, in the board order', () => {
    const cols = orderedColumns([{ status: 'won', rows: [{ id: 1 }] }, { status: null, rows: [{ id: 2 }] }]);
    expect(cols.map((c) => c.status)).toEqual(BOARD_COLUMNS);
    expect(cols[0]!.rows).toEqual([{ id: 2 }]);
    expect(cols[5]!.rows).toEqual([{ id: 1 }]);
  });

  it('a moved card leaves its column and goes on top of the other; an unknown card changes nothing', () => {
    const cols = orderedColumns([{ status: 'new', rows: [{ id: 1 }, { id: 2 }] }, { status: 'reviewing', rows: [{ id: 3 }] }]);
    const after = movedCard(cols, 2, 'reviewing');
    expect(after.find((c) => c.status === 'new')!.rows).toEqual([{ id: 1 }]);
    expect(after.find((c) => c.status === 'reviewing')!.rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(movedCard(cols, 99, 'won')).toEqual(cols);
  });

  it('→ and ← take a dragged card to the neighbouring column, not past the edges; other keys do not move it', () => {
    const columns = ['status:none', 'status:new', 'status:reviewing'].map((id, i) => ({ id, box: { left: 100 + i * 200, top: 50, width: 180, height: 600 } }));
    expect(keyboardTarget('ArrowRight', columns, 'status:new', { width: 160 })).toEqual({ x: 510, y: 94 });
    expect(keyboardTarget('ArrowLeft', columns, 'status:new', { width: 160 })).toEqual({ x: 110, y: 94 });
    expect(keyboardTarget('ArrowLeft', columns, 'status:none', { width: 160 })).toBeUndefined();
    expect(keyboardTarget('ArrowRight', columns, 'status:reviewing', { width: 160 })).toBeUndefined();
    expect(keyboardTarget('ArrowDown', columns, 'status:new', { width: 160 })).toBeUndefined();
    // Not over a column yet (the drag just started outside every box): the first column to that side.
    expect(keyboardTarget('ArrowRight', columns, null, null)).toEqual({ x: 100, y: 94 });
  });
});
