/**
 * A modal dialog: a labelled `role="dialog"` over a dimmed page, Escape cancels, focus starts inside and goes
 * back to what had it when the dialog closes. The
 * command palette is one too (`look="palette"`: near the top, its title read to screen readers, not shown).
 * `ConfirmDialog` is the yes/no form used before anything that cannot be undone.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusLost, openerNow, returnFocus } from './focusReturn';
import { useAppStore } from '../state/store';

export function Dialog({ title, children, onClose, testId, look = 'dialog' }: { title: string; children: ReactNode; onClose(): void; testId?: string; look?: 'dialog' | 'palette' }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // Where the focus was when the dialog opened (the button that opened it, even one its own click disabled):
    // it goes back there when the dialog closes, unless the dialog's action put it somewhere on purpose.
    const opener = openerNow(el);
    // A dialog whose action moved to another view (the palette's «Списки») leaves the focus to that view (App).
    const route = useAppStore.getState().route;
    // The field the dialog is for, when it marks one (`data-autofocus`: «Новый список»'s name), else its first control.
    const focusInside = () => (el.querySelector<HTMLElement>('[data-autofocus]') ?? el.querySelector<HTMLElement>('input, select, textarea, button') ?? el).focus();
    focusInside();
    // Content that arrives later (a form replacing its «loading» line) removes the field that had the focus,
    // which then falls to the page's body, out of the dialog and its Escape: it is put back inside.
    const observer = new MutationObserver(() => {
      if (focusLost()) focusInside();
    });
    observer.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      const now = document.activeElement;
      if (!opener || useAppStore.getState().route !== route || !(now === null || now === document.body || el.contains(now))) return;
      // The dialog's own control had the focus: the opener gets it back at once when it can take it; when it was
      // drawn anew or disabled by what the dialog started, once it is back (or the view's table).
      if (el.contains(now)) (now as HTMLElement).blur();
      returnFocus(opener, document.body);
    };
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
          } else if (e.key === 'Tab') keepTabInside(e, e.currentTarget);
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

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** A modal keeps Tab inside it: past its last control Tab comes back to its first, Shift+Tab the other way. */
function keepTabInside(e: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement): void {
  const all = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0 && el.tabIndex >= 0);
  if (all.length === 0) return;
  const first = all[0]!;
  const last = all[all.length - 1]!;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}
