/**
 * The column chooser of a table: a small button at the header's right end that opens a list of the columns
 * with a checkbox each (shown or hidden; a required column cannot be hidden) and a reset to the default layout
 * (columns and widths). It stays inside the window and closes with Escape or a click elsewhere.
 */
import { useId, useRef, useState } from 'react';
import { useStrings, type Strings } from '../i18n/i18n';
import type { ColumnLayout, LayoutColumn } from './columnLayout';
import { usePopupPlacement } from './popupPlacement';
import { useDismiss } from './useDismiss';

const strings: Strings<{ columns: string; reset: string; required: string }> = {
  ru: { columns: 'Столбцы таблицы', reset: 'Вернуть столбцы и ширину по умолчанию', required: 'Этот столбец нельзя скрыть' },
  en: { columns: 'Table columns', reset: 'Restore the default columns and widths', required: 'This column cannot be hidden' },
};

export function ColumnChooser({
  columns,
  layout,
  onToggle,
  onReset,
  testId,
}: {
  columns: readonly (LayoutColumn & { title: string })[];
  layout: ColumnLayout;
  onToggle(key: string): void;
  onReset(): void;
  testId?: string;
}) {
  const s = useStrings(strings);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const popupId = useId();
  useDismiss(open, [root], () => setOpen(false), button);
  const placement = usePopupPlacement(open, button, popup);
  return (
    <div className="vt__chooser" ref={root}>
      <button
        ref={button}
        type="button"
        className="vt__chooserButton"
        aria-label={s.columns}
        title={s.columns}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        data-testid={testId}
        onClick={() => setOpen(!open)}
      >
        ⋮
      </button>
      {open && (
        <div
          id={popupId}
          ref={popup}
          className="vt__chooserPopup"
          role="group"
          aria-label={s.columns}
          data-testid={testId ? `${testId}-popup` : undefined}
          style={placement ? { left: placement.left, top: placement.top, maxHeight: placement.maxHeight } : { visibility: 'hidden' }}
        >
          {columns.map((c) => (
            <label key={c.key} className="checks__item" title={c.required ? s.required : undefined}>
              <input type="checkbox" checked={c.required === true || !layout.hidden.includes(c.key)} disabled={c.required} onChange={() => onToggle(c.key)} />
              {c.title}
            </label>
          ))}
          <button type="button" className="btn--link vt__chooserReset" onClick={onReset}>
            {s.reset}
          </button>
        </div>
      )}
    </div>
  );
}
