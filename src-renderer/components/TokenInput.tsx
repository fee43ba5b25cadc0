/**
 * A field of several values shown as chips: keywords and phrases (Enter adds the typed item, spaces and `;` stay
 * inside a phrase: a chip is exactly the item sent) or codes and ids (Enter, space, comma or semicolon add). Pasted text is split into items;
 * what is left typed when the field loses focus is added too, so nothing typed is silently dropped.
 */
import { useState } from 'react';
import { cleanItems, splitPasted } from './tokenItems';
import { useStrings, type Strings } from '../i18n/i18n';

const strings: Strings<{ remove: (v: string) => string }> = {
  ru: { remove: (v) => `Убрать «${v}»` },
  en: { remove: (v) => `Remove "${v}"` },
};

export interface TokenInputProps {
  id: string;
  label: string;
  values: string[];
  onChange(values: string[]): void;
  kind: 'phrases' | 'codes';
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  /** Shown on a chip before its text, e.g. "−" for minus words. */
  chipPrefix?: string;
}

export function TokenInput({ id, label, values, onChange, kind, placeholder, invalid, describedBy, testId, chipPrefix }: TokenInputProps) {
  const s = useStrings(strings);
  const [text, setText] = useState('');
  const commit = (raw: string) => {
    // A phrase chip is the item as it will be sent: spaces collapsed, quotes around it dropped (cleanItems).
    const items = kind === 'phrases' ? cleanItems(splitPasted(raw, kind)) : splitPasted(raw, kind);
    if (items.length === 0) return;
    const lower = new Set(values.map((v) => v.toLocaleLowerCase('ru')));
    const added = items.filter((v) => !lower.has(v.toLocaleLowerCase('ru')));
    if (added.length) onChange([...values, ...added]);
  };
  // `;` is an ordinary character of a phrase (an API keyword may hold it); only Enter ends a phrase.
  const separators = kind === 'codes' ? [' ', ',', ';', 'Enter'] : ['Enter'];
  return (
    <div className={`tokens${invalid ? ' tokens--invalid' : ''}`} data-testid={testId} onClick={(e) => (e.currentTarget.querySelector('input') as HTMLInputElement | null)?.focus()}>
      {values.map((v, i) => (
        <span key={`${v}-${i}`} className="tokens__chip" title={v} data-testid={testId ? `${testId}-chip` : undefined}>
          {/* A long phrase is cut with an ellipsis inside its chip (the whole text in the title), never over its neighbours. */}
          <span className="tokens__text">
            {chipPrefix}
            {v}
          </span>
          <button type="button" className="tokens__remove" aria-label={s.remove(v)} onClick={() => onChange(values.filter((_, j) => j !== i))}>
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="tokens__input"
        value={text}
        placeholder={values.length === 0 ? placeholder : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (separators.includes(e.key)) {
            if (text.trim() === '') {
              if (e.key === 'Enter') return; // let Enter submit the form when nothing is typed
              e.preventDefault();
              return;
            }
            e.preventDefault();
            commit(text);
            setText('');
          } else if (e.key === 'Backspace' && text === '' && values.length > 0) {
            onChange(values.slice(0, -1));
          }
        }}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          if ((kind === 'codes' ? /[\n;,\t]/ : /[\n,\t]/).test(pasted) || (kind === 'codes' && /\s/.test(pasted.trim()))) {
            e.preventDefault();
            commit(text + pasted);
            setText('');
          }
        }}
        onBlur={() => {
          if (text.trim() !== '') {
            commit(text);
            setText('');
          }
        }}
      />
    </div>
  );
}
