/**
 * A button that opens a dialog over the rows it acts on («Добавить в список…», «Отметить…»): disabled while
 * nothing is chosen, opened by a click or by a new `openRequest` (a shortcut of the command registry, as a
 * click would), closed by the dialog or by the form inside it (`close`). A form holding typed input registers a
 * guard (`setGuard`): Escape, the backdrop or «Закрыть» then ask it first, so nothing typed is lost silently.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Answers whether the dialog may close now; a form with unsaved input asks the user instead and answers false. */
export type CloseGuard = () => boolean;
import { Dialog } from './Dialog';
import { titleWithKeys, type ActionId } from '../state/commands/registry';

export function DialogButton(props: { label: string; title: string; disabled: boolean; testId: string; openRequest?: number; action?: ActionId; children(close: () => void, setGuard: (guard: CloseGuard | null) => void): ReactNode }) {
  const { label, title, disabled, testId, openRequest = 0, children } = props;
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(openRequest > 0), [openRequest]);
  const guard = useRef<CloseGuard | null>(null);
  const close = () => {
    guard.current = null;
    setOpen(false);
  };
  const requestClose = () => {
    if (guard.current && !guard.current()) return;
    close();
  };
  const setGuard = (g: CloseGuard | null) => {
    guard.current = g;
  };
  return (
    <>
      {/* Its key, where a shortcut opens it (every repeated action's key is in its tooltip). */}
      <button type="button" onClick={() => setOpen(true)} disabled={disabled} data-testid={testId} title={props.action && props.openRequest !== undefined ? titleWithKeys(label, props.action) : undefined}>
        {label}
      </button>
      {open && (
        <Dialog title={title} onClose={requestClose} testId={`${testId}-dialog`}>
          {children(close, setGuard)}
        </Dialog>
      )}
    </>
  );
}
