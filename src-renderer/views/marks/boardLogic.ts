/**
 * The pipeline board's rules, pure (tested in test/renderer/marksBoard.test.ts): its columns in order (one per
 * pipeline status, «Без статуса» first for tenders with tags or notes but no status), a column's drop id, a
 * card moved between columns before the core answers, and where the keyboard takes a dragged card (the
 * neighbouring column, not 25 pixels as dnd-kit's default keyboard step would).
 */
import { PIPELINE_STATUSES, type PipelineStatus } from '../../../src-main/domain/marks';

export const BOARD_COLUMNS: readonly (PipelineStatus | null)[] = [null, ...PIPELINE_STATUSES];

const NONE = 'status:none';
export const columnId = (status: PipelineStatus | null): string => (status === null ? NONE : `status:${status}`);
export function statusOfColumn(id: string): PipelineStatus | null | undefined {
  if (id === NONE) return null;
  const status = id.startsWith('status:') ? id.slice('status:'.length) : '';
  return (PIPELINE_STATUSES as readonly string[]).includes(status) ? (status as PipelineStatus) : undefined;
}

export interface BoardColumn<Row> {
  status: PipelineStatus | null;
  rows: Row[];
}

/** The core's columns in the board's order, every column present (an empty one is a drop target too). */
export function orderedColumns<Row>(columns: readonly BoardColumn<Row>[]): BoardColumn<Row>[] {
  return BOARD_COLUMNS.map((status) => ({ status, rows: columns.find((c) => c.status === status)?.rows ?? [] }));
}

/** The board with one card moved to another column (on top), as shown until the core's answer arrives. */
export function movedCard<Row extends { id: number }>(columns: readonly BoardColumn<Row>[], tenderId: number, to: PipelineStatus | null): BoardColumn<Row>[] {
  const row = columns.flatMap((c) => c.rows).find((r) => r.id === tenderId);
  if (!row) return [...columns];
  return columns.map((c) => {
    const rest = c.rows.filter((r) => r.id !== tenderId);
    return { status: c.status, rows: c.status === to ? [row, ...rest] : rest };
  });
}

export interface Point {
  x: number;
  y: number;
}
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where ← or → moves a dragged card: into the next column to that side, at the top of it (below its title).
 * `columns` are the drop targets in board order with their measured boxes; `overId` the column the card is
 * over now. Other keys and the board's edges answer undefined (the card stays; Space drops, Escape cancels).
 */
export function keyboardTarget(key: string, columns: readonly { id: string; box: Box }[], overId: string | null, card: { width: number } | null): Point | undefined {
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (step === 0 || columns.length === 0) return undefined;
  const here = columns.findIndex((c) => c.id === overId);
  const target = columns[here === -1 ? (step > 0 ? 0 : columns.length - 1) : here + step];
  if (!target) return undefined;
  const width = card?.width ?? target.box.width;
  return { x: target.box.left + Math.max(0, (target.box.width - width) / 2), y: target.box.top + COLUMN_HEAD };
}

/** Room for a column's title above its first card. */
const COLUMN_HEAD = 44;
