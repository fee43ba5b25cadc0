/** A labelled form field with its inline message (`aria-describedby` ties the message to the input). */
import type { ReactNode } from 'react';

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

export function Field({ id, label, error, hint, children, wide }: { id: string; label: string; error?: string; hint?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <div className="field__error" id={fieldErrorId(id)} data-testid={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
