/**
 * Choosing and ordering the columns of a CSV export (the dialog of lists, filters and favorites). Pure.
 */

export interface ColumnChoice {
  key: string;
  title: string;
  checked: boolean;
}

/** Moves the column at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveColumn(columns: readonly ColumnChoice[], index: number, delta: -1 | 1): ColumnChoice[] {
  const target = index + delta;
  if (index < 0 || index >= columns.length || target < 0 || target >= columns.length) return [...columns];
  const out = [...columns];
  const [moved] = out.splice(index, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** The keys to export, in the chosen order. */
export function chosenKeys(columns: readonly ColumnChoice[]): string[] {
  return columns.filter((c) => c.checked).map((c) => c.key);
}
