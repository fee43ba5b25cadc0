/**
 * Row selection of a paged, virtualized table, free of React: a click toggles one row; a shift-click selects
 * (or clears) every row between the last clicked row (the anchor) and this one. Rows not loaded yet are named
 * by index so the owner can fetch their ids first.
 */

export interface Selection {
  ids: ReadonlySet<number>;
  /** Index of the row clicked last without shift: the start of the next shift-range. */
  anchor: number | null;
}

export const emptySelection = (): Selection => ({ ids: new Set(), anchor: null });

export type ClickOutcome = { selection: Selection; missing: number[] };

/**
 * The selection after a click on the row at `index` whose id is `id`. With shift and an anchor, every row in
 * the range takes the new state of the clicked row; `idAt(i)` gives the id of a loaded row. Indices whose rows
 * are not loaded come back in `missing` (the selection then holds only the loaded ones of the range).
 */
export function clickRow(sel: Selection, index: number, id: number, shift: boolean, idAt: (i: number) => number | undefined): ClickOutcome {
  const ids = new Set(sel.ids);
  const select = !ids.has(id);
  if (!shift || sel.anchor === null || sel.anchor === index) {
    if (select) ids.add(id);
    else ids.delete(id);
    return { selection: { ids, anchor: index }, missing: [] };
  }
  const lo = Math.min(sel.anchor, index);
  const hi = Math.max(sel.anchor, index);
  const missing: number[] = [];
  for (let i = lo; i <= hi; i++) {
    const rowId = i === index ? id : idAt(i);
    if (rowId === undefined) {
      missing.push(i);
      continue;
    }
    if (select) ids.add(rowId);
    else ids.delete(rowId);
  }
  return { selection: { ids, anchor: index }, missing };
}

/** Adds (or removes) ids fetched for the missing rows of a shift-range. */
export function applyToIds(sel: Selection, more: readonly number[], select: boolean): Selection {
  const ids = new Set(sel.ids);
  for (const id of more) {
    if (select) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: sel.anchor };
}

/** Index ranges `[offset, limit]` that cover the given (sorted or not) indices in pages of `pageSize`. */
export function pagesCovering(indices: readonly number[], pageSize: number): { offset: number; limit: number }[] {
  const pages = [...new Set(indices.map((i) => Math.floor(i / pageSize)))].sort((a, b) => a - b);
  return pages.map((p) => ({ offset: p * pageSize, limit: pageSize }));
}
