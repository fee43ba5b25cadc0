/**
 * A button that opens a dialog over the rows it acts on («Добавить в список…», «Отметить…»): disabled while
 * nothing is chosen, opened by a click or by a new `openRequest` (a shortcut of the command registry, as a
 * click would), closed by the dialog or by the form inside it (`close`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export function DialogButton(props: { label: string; title: string; disabled: boolean; testId: string; openRequest?: number; children(close: () => void): ReactNode }) {
  const { label, title, disabled, testId, openRequest = 0, children } = props;
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(openRequest > 0), [openRequest]);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={disabled} data-testid={testId}>
        {label}
      </button>
      {open && (
        <Dialog title={title} onClose={close} testId={`${testId}-dialog`}>
          {children(close)}
        </Dialog>
      )}
    </>
  );
}
