/**
 * Which columns of a table are shown and how wide the user made them, free of React: read from and written to
 * the window's localStorage under one key per table, so the layout is remembered between sessions. The stored
 * text is checked with zod (another version of the app may have written it); anything unreadable is ignored.
 */
import { z } from 'zod';

export interface ColumnLayout {
  /** Keys of the columns the user hid. */
  hidden: string[];
  /** Widths in pixels the user dragged columns to. */
  widths: Record<string, number>;
}

/** What a table tells the layout about one of its columns. */
export interface LayoutColumn {
  key: string;
  /** Its default width: pixels, or a CSS grid track such as `minmax(200px, 3fr)`. */
  width: number | string;
  /** The narrowest it may be dragged to (pixels). */
  minWidth?: number;
  /** Cannot be hidden (the table makes no sense without it). */
  required?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
}

export const MIN_COLUMN_WIDTH = 48;
const MAX_COLUMN_WIDTH = 2000;

const storedSchema = z.object({
  hidden: z.array(z.string().max(100)).max(100),
  widths: z.record(z.string().max(100), z.number().finite()),
});

export const storageKeyOf = (table: string): string => `tenderwb.columns.${table}`;

export function defaultLayout(columns: readonly LayoutColumn[]): ColumnLayout {
  return { hidden: columns.filter((c) => c.hiddenByDefault && !c.required).map((c) => c.key), widths: {} };
}

/** The stored layout of a table, or its default when nothing (readable) is stored. */
export function parseLayout(text: string | null, columns: readonly LayoutColumn[]): ColumnLayout {
  if (text === null) return defaultLayout(columns);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return defaultLayout(columns);
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return defaultLayout(columns);
  const known = new Map(columns.map((c) => [c.key, c]));
  const widths: Record<string, number> = {};
  for (const [key, w] of Object.entries(parsed.data.widths)) {
    const c = known.get(key);
    if (c) widths[key] = clampWidth(w, c);
  }
  return { hidden: parsed.data.hidden.filter((k) => known.has(k) && !known.get(k)!.required), widths };
}

export function clampWidth(width: number, column: LayoutColumn): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(column.minWidth ?? MIN_COLUMN_WIDTH, width)));
}

/** The columns to draw, in their order. At least one stays visible whatever was stored. */
export function visibleColumns<C extends LayoutColumn>(columns: readonly C[], layout: ColumnLayout): C[] {
  const shown = columns.filter((c) => c.required || !layout.hidden.includes(c.key));
  return shown.length > 0 ? shown : columns.slice(0, 1);
}

/** Shows or hides one column; a required column, or the last one shown, stays. */
export function toggleColumn(layout: ColumnLayout, columns: readonly LayoutColumn[], key: string): ColumnLayout {
  const column = columns.find((c) => c.key === key);
  if (!column || column.required) return layout;
  if (layout.hidden.includes(key)) return { ...layout, hidden: layout.hidden.filter((k) => k !== key) };
  const next = { ...layout, hidden: [...layout.hidden, key] };
  const stillShown = columns.filter((c) => c.required || !next.hidden.includes(c.key));
  return stillShown.length > 0 ? next : layout;
}

export function resizeColumn(layout: ColumnLayout, column: LayoutColumn, width: number): ColumnLayout {
  return { ...layout, widths: { ...layout.widths, [column.key]: clampWidth(width, column) } };
}

/** One CSS grid track per column: the dragged width in pixels, else the column's own default. */
export function gridTracks(columns: readonly LayoutColumn[], layout: ColumnLayout): string[] {
  return columns.map((c) => {
    const dragged = layout.widths[c.key];
    if (dragged !== undefined) return `${dragged}px`;
    return typeof c.width === 'number' ? `${c.width}px` : c.width;
  });
}

/**
 * The least width the columns need (pixels): below it the table scrolls sideways instead of squeezing cells
 * to nothing. A `minmax(Npx, …)` track counts N; another flexible track counts its minimum width.
 */
export function minimumWidth(columns: readonly LayoutColumn[], layout: ColumnLayout): number {
  let total = 0;
  for (const c of columns) {
    const dragged = layout.widths[c.key];
    if (dragged !== undefined) total += dragged;
    else if (typeof c.width === 'number') total += c.width;
    else {
      const m = /^minmax\(\s*(\d+)px/.exec(c.width);
      total += m ? Number(m[1]) : (c.minWidth ?? MIN_COLUMN_WIDTH);
    }
  }
  return total;
}
