/**
 * The pipeline board: a column per pipeline status («Без статуса» first), a card per marked tender
 * (name, customer, price, deadline in Moscow time, tags, assignee). A card moves to another status by drag
 * and drop with the mouse or the keyboard (@dnd-kit: Space picks up, ← → choose the column, Space drops,
 * Escape cancels; announced to screen readers in the interface's language). Its name opens the tender card.
 * The keyboard picks a card up by its handle (a button of its own beside the name: a card holding the name's
 * button may not itself be a button); the mouse drags it from anywhere.
 */
import { useMemo, useState, type KeyboardEventHandler } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { MarkedTender, MarkFilter, PipelineStatus } from '../../../src-main/domain/marks';
import { pipelineStatusName } from '../../../src-main/i18n/codes';
import { ErrorNotice } from '../../components/ErrorNotice';
import { MarkFilterBar } from '../../components/MarkFilterBar';
import { TagChips } from '../../components/MarkChips';
import { compact } from '../../components/markFilter';
import { marksStrings } from '../../components/marksStrings';
import { formatDate, formatDateTime, formatInt, formatRub } from '../../format/format';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { BOARD_COLUMNS, columnId, keyboardTarget, statusOfColumn } from './boardLogic';
import { marksViewStrings } from './marksViewStrings';
import { useBoard } from './useBoard';

/** ← → jump a dragged card to the neighbouring column (boardLogic.keyboardTarget); other keys do nothing. */
const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
  const columns = BOARD_COLUMNS.map((st) => columnId(st)).flatMap((id) => {
    const rect = context.droppableRects.get(id);
    return rect ? [{ id, box: { left: rect.left, top: rect.top, width: rect.width, height: rect.height } }] : [];
  });
  const target = keyboardTarget(event.code, columns, context.over ? String(context.over.id) : null, context.collisionRect);
  if (target) event.preventDefault();
  return target;
};

interface CardData {
  name: string;
  status: PipelineStatus | null;
}

export function BoardView() {
  const s = useStrings(marksViewStrings);
  const locale = useLocale();
  const [filter, setFilter] = useState<MarkFilter>({});
  const { columns, loaded, error, moving, move } = useBoard(compact(filter));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter }));
  const total = columns.reduce((n, c) => n + c.rows.length, 0);

  const columnName = (id: string | number | undefined): string => {
    const status = id === undefined ? undefined : statusOfColumn(String(id));
    return status === undefined ? '' : status === null ? s.noStatus : pipelineStatusName(status, locale);
  };
  const nameOf = (data: unknown): string => (data as CardData | undefined)?.name ?? '';
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => s.picked(nameOf(active.data.current), columnName(columnId((active.data.current as CardData | undefined)?.status ?? null))),
      onDragOver: ({ active, over }) => (over ? s.over(nameOf(active.data.current), columnName(over.id)) : s.notOver(nameOf(active.data.current))),
      onDragEnd: ({ active, over }) => (over ? s.dropped(nameOf(active.data.current), columnName(over.id)) : s.droppedNowhere(nameOf(active.data.current))),
      onDragCancel: ({ active }) => s.cancelled(nameOf(active.data.current)),
    }),
    [s, locale],
  );

  return (
    <div className="board-view">
      <p className="muted">{s.intro}</p>
      <div className="board__toolbar">
        <span data-testid="board-count" data-count={total}>
          {s.count(formatInt(total, locale))}
        </span>
        <MarkFilterBar filter={filter} onChange={setFilter} testId="board-filter" />
        {moving && <span className="muted">{s.moving}</span>}
      </div>
      <ErrorNotice error={error} testId="board-error" />
      {loaded && (
        <DndContext
          sensors={sensors}
          collisionDetection={rectIntersection}
          accessibility={{ announcements, screenReaderInstructions: { draggable: s.instructions } }}
          onDragEnd={({ active, over }) => {
            const to = over ? statusOfColumn(String(over.id)) : undefined;
            const from = (active.data.current as CardData | undefined)?.status;
            if (to !== undefined && to !== from) void move(Number(active.id), to);
          }}
        >
          {/* Eight columns of readable cards scroll sideways at 1366 px by design; the layout test knows. */}
          <div className="board" data-testid="board" data-scrolls-sideways="board">
            {columns.map((c) => (
              <BoardColumnView key={columnId(c.status)} status={c.status} rows={c.rows} title={c.status === null ? s.noStatus : pipelineStatusName(c.status, locale)} />
            ))}
          </div>
        </DndContext>
      )}
    </div>
  );
}

function BoardColumnView({ status, rows, title }: { status: PipelineStatus | null; rows: MarkedTender[]; title: string }) {
  const s = useStrings(marksViewStrings);
  const locale = useLocale();
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status) });
  return (
    <section ref={setNodeRef} className={`board__column${isOver ? ' board__column--over' : ''}`} aria-label={title} data-testid="board-column" data-status={status ?? 'none'} data-count={rows.length}>
      <h2 className="board__columnTitle">
        {title} <span className="muted">{formatInt(rows.length, locale)}</span>
      </h2>
      {rows.length === 0 && <p className="board__empty muted">{s.empty}</p>}
      {rows.map((r) => (
        <BoardCard key={r.id} row={r} status={status} />
      ))}
    </section>
  );
}

function BoardCard({ row, status }: { row: MarkedTender; status: PipelineStatus | null }) {
  const s = useStrings(marksViewStrings);
  const m = useStrings(marksStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const name = row.name ?? s.notHeld(String(row.id));
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, isDragging } = useDraggable({
    id: row.id,
    data: { name, status } satisfies CardData,
    // Read out by screen readers in the interface's language (dnd-kit's default is the English "draggable").
    attributes: { roleDescription: s.roleDescription },
  });
  // The pointer drags from anywhere on the card; the keyboard only from the handle, so Enter on the name opens it.
  const { onKeyDown, ...pointer } = listeners ?? {};
  return (
    <article
      ref={setNodeRef}
      className={`board__card${isDragging ? ' board__card--dragging' : ''}`}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      data-testid="board-card"
      data-id={row.id}
      {...pointer}
    >
      <div className="board__cardHead">
        <button type="button" className="linkish board__cardName" onClick={() => navigate({ view: 'card', kind: 'tender', id: row.id, back: { view: 'marks' } })} aria-label={s.open(name)} data-testid="board-card-open">
          {name}
        </button>
        <button type="button" ref={setActivatorNodeRef} className="board__handle" {...attributes} onKeyDown={onKeyDown as KeyboardEventHandler | undefined} aria-label={s.move(name)} title={s.move(name)} data-testid="board-card-handle">
          ⠿
        </button>
      </div>
      {row.customer_name && <div className="board__cardLine muted">{row.customer_name}</div>}
      <div className="board__cardLine">
        <strong>{formatRub(row.price, locale)}</strong>
      </div>
      {row.end_date && (
        <div className="board__cardLine">
          {/* A date-only deadline is a Moscow day, not midnight UTC. */}
          {s.deadline}: {row.end_date.length > 10 ? formatDateTime(row.end_date, locale) : formatDate(row.end_date, locale)}
        </div>
      )}
      <TagChips tags={row.marks.tags} />
      {row.marks.assignee && (
        <div className="board__cardLine" data-testid="board-card-assignee">
          <span className="muted">{m.assignee}:</span> {row.marks.assignee}
        </div>
      )}
    </article>
  );
}
