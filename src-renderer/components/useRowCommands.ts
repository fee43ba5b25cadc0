/**
 * The command registry's row shortcuts for a table of tenders (state/commands/registry.ts): J/K move the
 * active row (VirtualTable's handle; the grid's own arrows stay), O opens it, L and M open «Добавить в
 * список…» and «Отметить…» over the selected rows, or over the active row when none is selected. The table
 * provides them while it has rows and passes the answered open requests to its buttons (DialogButton). In a
 * table with an order of its own (a list's members) Alt+↑/↓ move the active row a place up or down.
 */
import { useRef, useState } from 'react';
import { useProvideAction } from '../state/commands/actions';
import type { Selection } from './selection';
import type { VirtualTableHandle } from './VirtualTable';

export interface RowCommandsOptions<Row extends { id: number }> {
  rowCount: number;
  /** The active row (VirtualTable's onActiveChange) and its index; undefined while nothing is active or loaded. */
  activeRow: Row | undefined;
  activeIndex: number | null;
  selection: Selection;
  setSelection(selection: Selection): void;
  open(row: Row): void;
  /** The table has «Добавить в список…» (a list's own members do not). */
  addToList: boolean;
  /** The table has «Отметить…» (rows of tenders; a contracts table's rows are not). Default: it has. */
  mark?: boolean;
  /** The rows can be moved now (a list's members in the list's own order): «Переместить выше/ниже». */
  move?: boolean;
}

export function useRowCommands<Row extends { id: number }>(o: RowCommandsOptions<Row>) {
  const table = useRef<VirtualTableHandle>(null);
  const [addRequest, setAddRequest] = useState(0);
  const [markRequest, setMarkRequest] = useState(0);
  const hasActive = o.activeRow !== undefined && o.activeIndex !== null;
  /** The rows an action acts on: the selection, else the active row (selected for it, so the user sees which). */
  const chooseRows = (): boolean => {
    if (o.selection.ids.size > 0) return true;
    if (o.activeRow === undefined || o.activeIndex === null) return false;
    o.setSelection({ ids: new Set([o.activeRow.id]), anchor: o.activeIndex });
    return true;
  };
  useProvideAction('row.next', () => table.current?.moveBy(1), o.rowCount > 0);
  useProvideAction('row.previous', () => table.current?.moveBy(-1), o.rowCount > 0);
  useProvideAction('row.open', () => o.activeRow && o.open(o.activeRow), hasActive);
  useProvideAction('row.addToList', () => chooseRows() && setAddRequest((n) => n + 1), hasActive && o.addToList);
  useProvideAction('row.mark', () => chooseRows() && setMarkRequest((n) => n + 1), hasActive && o.mark !== false);
  // Offered only where there is a place to go: not «выше» on the first row, not «ниже» on the last.
  const movable = hasActive && o.move === true;
  useProvideAction('row.moveUp', () => table.current?.moveRow(-1), movable && (o.activeIndex ?? 0) > 0);
  useProvideAction('row.moveDown', () => table.current?.moveRow(1), movable && (o.activeIndex ?? o.rowCount) < o.rowCount - 1);
  return { table, addRequest, markRequest };
}
