/**
 * Reordering a list's members: a handle in the «№» cell drags a member onto another's place
 * (@dnd-kit, pointer), and the registry's «Переместить выше/ниже» (Alt+↑/↓, or the palette) move the active row
 * by one (VirtualTable's `moveRow`). The words name those keys from the registry (`moveKeys`). Both say the
 * place in the list's own order (`listPosition`, which counts members not held here too), so the core puts the
 * member exactly there (`lists.moveItem`). Offered only while the table shows the list's own order, whole: a
 * drop in another sort or a filtered view would have no clear place.
 */
import { useMemo, type ReactNode } from 'react';
import { closestCenter, DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import type { ListMemberRow } from '../../../src-main/contract/ipc';
import { formatInt } from '../../format/format';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { keysOf } from '../../state/commands/registry';

/** The keys that move a member, as the palette shows them: «Alt+↑ / Alt+↓». */
export function moveKeys(): string {
  return `${keysOf('row.moveUp')} / ${keysOf('row.moveDown')}`;
}

const strings: Strings<{
  handle: (name: string, keys: string) => string;
  picked: (name: string) => string;
  over: (name: string, place: string) => string;
  dropped: (name: string, place: string) => string;
  cancelled: (name: string) => string;
  instructions: (keys: string) => string;
}> = {
  ru: {
    handle: (name, keys) => `Перетащите, чтобы переставить «${name}» (или ${keys} в строке)`,
    picked: (name) => `«${name}» взята.`,
    over: (name, place) => `«${name}» над местом ${place}.`,
    dropped: (name, place) => `«${name}» поставлена на место ${place}.`,
    cancelled: (name) => `Перестановка «${name}» отменена.`,
    instructions: (keys) => `Порядок меняется клавишами ${keys} в строке таблицы.`,
  },
  en: {
    handle: (name, keys) => `Drag to move «${name}» (or ${keys} on its row)`,
    picked: (name) => `«${name}» picked up.`,
    over: (name, place) => `«${name}» over place ${place}.`,
    dropped: (name, place) => `«${name}» moved to place ${place}.`,
    cancelled: (name) => `Moving «${name}» cancelled.`,
    instructions: (keys) => `${keys} on a row of the table change the order.`,
  },
};

interface MemberData {
  name: string;
  place: number;
}

const dataOf = (data: unknown): MemberData => (data as MemberData | undefined) ?? { name: '', place: 0 };

/** The drag context around the members' table; a drop asks `move` to put the member on the target's place. */
export function MemberOrderDnd({ move, children }: { move(tenderId: number, place: number): void; children: ReactNode }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => s.picked(dataOf(active.data.current).name),
      onDragOver: ({ active, over }) => (over ? s.over(dataOf(active.data.current).name, formatInt(dataOf(over.data.current).place, locale)) : undefined),
      onDragEnd: ({ active, over }) => (over ? s.dropped(dataOf(active.data.current).name, formatInt(dataOf(over.data.current).place, locale)) : s.cancelled(dataOf(active.data.current).name)),
      onDragCancel: ({ active }) => s.cancelled(dataOf(active.data.current).name),
    }),
    [s, locale],
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: s.instructions(moveKeys()) } }}
      onDragEnd={({ active, over }) => {
        const from = dataOf(active.data.current).place;
        const to = over ? dataOf(over.data.current).place : from;
        if (to !== from) move(Number(active.id), to);
      }}
    >
      {children}
    </DndContext>
  );
}

/**
 * The «№» cell: the member's place, and with `movable` a drop target and a handle. The handle is for the
 * pointer only (the keyboard has Alt+↑/↓ on the row, a focusable handle inside a grid row would be one more
 * stop): hidden from the accessibility tree, its tooltip names the keys. Its grip is drawn by CSS, so the
 * cell's text stays the place alone (what a screen reader and a copy read).
 */
export function MemberPlace({ row, movable }: { row: ListMemberRow; movable: boolean }) {
  const locale = useLocale();
  const place = formatInt(row.listPosition, locale);
  if (!movable) return <>{place}</>;
  return <MovablePlace row={row} place={place} />;
}

function MovablePlace({ row, place }: { row: ListMemberRow; place: string }) {
  const s = useStrings(strings);
  const data: MemberData = { name: row.name ?? String(row.id), place: row.listPosition };
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: row.id, data });
  const { setNodeRef: dragRef, listeners, isDragging } = useDraggable({ id: row.id, data });
  return (
    <span ref={dropRef} className={`lists__place${isOver && !isDragging ? ' lists__place--over' : ''}${isDragging ? ' lists__place--dragging' : ''}`} data-testid="lists-member-place" data-place={row.listPosition}>
      <span ref={dragRef} className="lists__handle" aria-hidden="true" title={s.handle(data.name, moveKeys())} data-testid="lists-member-handle" {...listeners} />
      {place}
    </span>
  );
}
