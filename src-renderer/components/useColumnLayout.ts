/**
 * A table's column layout (columnLayout.ts) as React state, read from localStorage once per table and written
 * back on every change the user makes (a drag is written when it ends, not on every pixel).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultLayout, parseLayout, resizeColumn, storageKeyOf, toggleColumn, type ColumnLayout, type LayoutColumn } from './columnLayout';

function read(key: string | undefined, columns: readonly LayoutColumn[]): ColumnLayout {
  if (!key) return defaultLayout(columns);
  try {
    return parseLayout(window.localStorage.getItem(storageKeyOf(key)), columns);
  } catch {
    // Storage may be unavailable (a locked-down profile): the table works with its default layout.
    return defaultLayout(columns);
  }
}

function write(key: string | undefined, layout: ColumnLayout): void {
  if (!key) return;
  try {
    window.localStorage.setItem(storageKeyOf(key), JSON.stringify(layout));
  } catch {
    // Not remembered, still applied.
  }
}

export function useColumnLayout(key: string | undefined, columns: readonly LayoutColumn[]) {
  const [layout, setState] = useState<ColumnLayout>(() => read(key, columns));
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const loadedFor = useRef(key);
  useEffect(() => {
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    setState(read(key, columnsRef.current));
  }, [key]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const setLayout = useCallback(
    (next: ColumnLayout) => {
      setState(next);
      write(key, next);
    },
    [key],
  );
  const toggle = useCallback((columnKey: string) => setLayout(toggleColumn(layoutRef.current, columnsRef.current, columnKey)), [setLayout]);
  const resize = useCallback(
    (column: LayoutColumn, width: number, persist: boolean) => {
      const next = resizeColumn(layoutRef.current, column, width);
      layoutRef.current = next;
      if (persist) setLayout(next);
      else setState(next);
    },
    [setLayout],
  );
  const reset = useCallback(() => setLayout(defaultLayout(columnsRef.current)), [setLayout]);
  return { layout, setLayout, toggle, resize, reset };
}
