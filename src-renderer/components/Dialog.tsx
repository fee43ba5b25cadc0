/**
 * A modal dialog: a labelled `role="dialog"` over a dimmed page, Escape cancels, focus starts inside. The
 * command palette is one too (`look="palette"`: near the top, its title read to screen readers, not shown).
 * `ConfirmDialog` is the yes/no form used before anything that cannot be undone.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ title, children, onClose, testId, look = 'dialog' }: { title: string; children: ReactNode; onClose(): void; testId?: string; look?: 'dialog' | 'palette' }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const focusInside = () => (el.querySelector<HTMLElement>('input, select, textarea, button') ?? el).focus();
    focusInside();
    // Content that arrives later (a form replacing its «loading» line) removes the field that had the focus,
    // which then falls to the page's body, out of the dialog and its Escape: it is put back inside.
    const observer = new MutationObserver(() => {
      if (document.activeElement === null || document.activeElement === document.body) focusInside();
    });
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className={`${look}__backdrop`} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={look}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={titleId}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id={titleId} className={look === 'dialog' ? 'dialog__title' : 'visually-hidden'}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmText: string;
  cancelText: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}) {
  return (
    <Dialog title={props.title} onClose={props.onCancel} testId={props.testId}>
      <div className="dialog__body">{props.children}</div>
      <div className="dialog__actions">
        <button type="button" onClick={props.onCancel}>
          {props.cancelText}
        </button>
        <button type="button" className={props.danger ? 'btn--danger' : 'btn--primary'} disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmText}
        </button>
      </div>
    </Dialog>
  );
}
