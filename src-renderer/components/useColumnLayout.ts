/**
 * A table's column layout (columnLayout.ts) as React state, read once per table and written back on every change
 * the user makes (a drag is written when it ends, not on every pixel). It is kept in the core's settings
 * (state/columnLayoutStore.ts), which outlive browser mode's changing origin, and in localStorage for the first paint.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultLayout, parseLayout, resizeColumn, storageKeyOf, toggleColumn, type ColumnLayout, type LayoutColumn } from './columnLayout';
import { coreLayout, loadCoreLayouts, saveCoreLayout } from '../state/columnLayoutStore';

function read(key: string | undefined, columns: readonly LayoutColumn[]): ColumnLayout {
  if (!key) return defaultLayout(columns);
  const kept = coreLayout(key);
  // Through the same parse as the page's copy: columns this version no longer has are dropped, widths clamped.
  if (kept) return parseLayout(JSON.stringify(kept), columns);
  try {
    return parseLayout(window.localStorage.getItem(storageKeyOf(key)), columns);
  } catch {
    // Storage may be unavailable (a locked-down profile): the table works with its default layout.
    return defaultLayout(columns);
  }
}

function write(key: string | undefined, layout: ColumnLayout): void {
  if (!key) return;
  saveCoreLayout(key, layout);
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
  /** The user changed this table's layout since it was read: the core's copy arriving later must not undo it. */
  const changed = useRef(false);
  useEffect(() => {
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    changed.current = false;
    setState(read(key, columnsRef.current));
  }, [key]);
  useEffect(() => {
    if (!key || coreLayout(key) !== undefined) return;
    let current = true;
    void loadCoreLayouts().then(() => {
      if (current && !changed.current && coreLayout(key)) setState(read(key, columnsRef.current));
    });
    return () => {
      current = false;
    };
  }, [key]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const setLayout = useCallback(
    (next: ColumnLayout) => {
      changed.current = true;
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
      changed.current = true;
      if (persist) setLayout(next);
      else setState(next);
    },
    [setLayout],
  );
  const reset = useCallback(() => setLayout(defaultLayout(columnsRef.current)), [setLayout]);
  return { layout, setLayout, toggle, resize, reset };
}
