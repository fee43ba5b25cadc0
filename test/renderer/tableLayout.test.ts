/**
 * Tables you can work in, the logic without a browser: the remembered column layout (what is read
 * back from storage, what can be hidden, how resized widths become grid tracks), where a popup goes so it stays
 * inside the window, and which keys mean "focus the search".
 */
import { describe, expect, it } from 'vitest';
import { gridTracks, minimumWidth, parseLayout, resizeColumn, toggleColumn, visibleColumns, type LayoutColumn } from '../../src-renderer/components/columnLayout';
import { placePopup } from '../../src-renderer/components/popupPlacement';

const columns: LayoutColumn[] = [
  { key: 'date', width: 110 },
  { key: 'name', width: 'minmax(200px, 3fr)', required: true },
  { key: 'region', width: 'minmax(100px, 1fr)' },
  { key: 'law', width: 130, hiddenByDefault: true },
];

describe('column layout', () => {
  it('nothing stored: columns hidden by default are hidden, widths are the defaults', () => {
    const layout = parseLayout(null, columns);
    expect(visibleColumns(columns, layout).map((c) => c.key)).toEqual(['date', 'name', 'region']);
    expect(gridTracks(visibleColumns(columns, layout), layout)).toEqual(['110px', 'minmax(200px, 3fr)', 'minmax(100px, 1fr)']);
  });

  it('a stored layout comes back; unknown columns, required ones hidden and unreadable text are ignored', () => {
    const stored = JSON.stringify({ hidden: ['region', 'name', 'gone'], widths: { name: 320, gone: 50, date: 5 } });
    const layout = parseLayout(stored, columns);
    expect(layout.hidden).toEqual(['region']);
    // A width below the least a column may have is raised to it.
    expect(layout.widths).toEqual({ name: 320, date: 48 });
    expect(parseLayout('{not json', columns)).toEqual(parseLayout(null, columns));
    expect(parseLayout(JSON.stringify({ hidden: 'region' }), columns)).toEqual(parseLayout(null, columns));
  });

  it('a required column cannot be hidden, and the last shown column stays', () => {
    let layout = parseLayout(null, columns);
    expect(toggleColumn(layout, columns, 'name')).toBe(layout);
    layout = toggleColumn(layout, columns, 'law');
    expect(visibleColumns(columns, layout).map((c) => c.key)).toContain('law');
    const two: LayoutColumn[] = [{ key: 'a', width: 10 }, { key: 'b', width: 10 }];
    const one = toggleColumn(parseLayout(null, two), two, 'a');
    expect(toggleColumn(one, two, 'b')).toBe(one);
  });

  it('a dragged width becomes that column’s track, and the least width of the table counts it', () => {
    const layout = resizeColumn(parseLayout(null, columns), columns[1]!, 260.4);
    expect(gridTracks(visibleColumns(columns, layout), layout)).toEqual(['110px', '260px', 'minmax(100px, 1fr)']);
    expect(minimumWidth(visibleColumns(columns, layout), layout)).toBe(110 + 260 + 100);
  });
});

describe('popup placement', () => {
  const viewport = { width: 1366, height: 900 };
  it('under the button and aligned to it when it fits', () => {
    expect(placePopup({ left: 300, top: 100, right: 400, bottom: 130 }, { width: 420, height: 300 }, viewport)).toEqual({ left: 300, top: 132, maxHeight: 900 - 8 - 132, above: false });
  });

  it('moved left so its right edge stays inside the window (the region list at the right of the form)', () => {
    const p = placePopup({ left: 1200, top: 100, right: 1290, bottom: 130 }, { width: 420, height: 300 }, viewport);
    expect(p.left + 420).toBeLessThanOrEqual(1366 - 8);
    expect(p.left).toBe(1366 - 8 - 420);
  });

  it('above the button near the bottom of the window when there is more room there, never taller than the room', () => {
    const p = placePopup({ left: 100, top: 800, right: 200, bottom: 830 }, { width: 420, height: 340 }, viewport);
    expect(p.above).toBe(true);
    expect(p.top).toBe(800 - 2 - 340);
    const tight = placePopup({ left: 100, top: 200, right: 200, bottom: 230 }, { width: 420, height: 340 }, { width: 900, height: 420 });
    expect(tight.top).toBeGreaterThanOrEqual(8);
    expect(tight.top + Math.min(340, tight.maxHeight)).toBeLessThanOrEqual(420 - 8);
  });

  it('a window narrower than the popup: the popup starts at the margin', () => {
    expect(placePopup({ left: 50, top: 10, right: 90, bottom: 40 }, { width: 420, height: 100 }, { width: 300, height: 600 }).left).toBe(8);
  });
});
