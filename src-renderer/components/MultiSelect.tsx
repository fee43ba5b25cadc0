/**
 * Choosing several values from a dictionary. Short dictionaries are a group of checkboxes; long ones (regions)
 * a filterable list that opens under a button, with the chosen values as chips. Typing a code or part of a
 * name filters; Enter picks the first match.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useStrings, type Strings } from '../i18n/i18n';
import { usePopupPlacement } from './popupPlacement';
import { useDismiss } from './useDismiss';

export interface Option {
  value: number;
  label: string;
  /** Shown before the label and matched by the filter (e.g. the region code). */
  code?: string;
  group?: string;
}

const strings: Strings<{ chosen: (n: number) => string; none: string; filter: string; clear: string; remove: (v: string) => string; nothing: string }> = {
  ru: {
    chosen: (n) => `выбрано: ${n}`,
    none: 'любые',
    filter: 'Найти по коду или названию',
    clear: 'Сбросить',
    remove: (v) => `Убрать «${v}»`,
    nothing: 'Ничего не найдено',
  },
  en: {
    chosen: (n) => `${n} chosen`,
    none: 'any',
    filter: 'Find by code or name',
    clear: 'Clear',
    remove: (v) => `Remove "${v}"`,
    nothing: 'Nothing found',
  },
};

export function CheckboxGroup({ legend, options, values, onChange, testId, invalid }: { legend: string; options: Option[]; values: number[]; onChange(v: number[]): void; testId?: string; invalid?: boolean }) {
  const groups = useMemo(() => {
    const m = new Map<string, Option[]>();
    for (const o of options) m.set(o.group ?? '', [...(m.get(o.group ?? '') ?? []), o]);
    return [...m];
  }, [options]);
  return (
    <fieldset className={`checks${invalid ? ' checks--invalid' : ''}`} data-testid={testId}>
      <legend>{legend}</legend>
      {groups.map(([group, opts]) => (
        <div key={group} className="checks__group">
          {group && <div className="checks__groupTitle">{group}</div>}
          {opts.map((o) => (
            <label key={o.value} className="checks__item">
              <input
                type="checkbox"
                checked={values.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...values, o.value] : values.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}

export function FilterSelect({ label, options, values, onChange, testId }: { label: string; options: Option[]; values: number[]; onChange(v: number[]): void; testId?: string }) {
  const s = useStrings(strings);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const listId = useId();
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const matches = useMemo(() => {
    const f = filter.trim().toLocaleLowerCase('ru');
    if (f === '') return options;
    return options.filter((o) => (o.code ?? '').startsWith(f) || o.label.toLocaleLowerCase('ru').includes(f));
  }, [filter, options]);
  const toggle = (v: number) => onChange(values.includes(v) ? values.filter((x) => x !== v) : [...values, v]);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  // Under the chosen chips (not over them), so each chip's remove button stays reachable while the list is open.
  const anchor = useRef<HTMLDivElement>(null);
  // Escape from anywhere (a checkbox of the list too) and a click anywhere else close the list.
  useDismiss(open, [root], () => setOpen(false), button);
  // The list stays inside the window: moved left at the right edge, above the button near the bottom.
  const placement = usePopupPlacement(open, anchor, popup);
  return (
    <div className="fsel" data-testid={testId} ref={root}>
      <div className="fsel__row">
        <button
          ref={button}
          type="button"
          className="fsel__button"
          aria-label={`${label}: ${values.length ? s.chosen(values.length) : s.none}`}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {values.length ? s.chosen(values.length) : s.none} {open ? '▴' : '▾'}
        </button>
        {values.length > 0 && (
          <button type="button" className="btn--link" onClick={() => onChange([])}>
            {s.clear}
          </button>
        )}
      </div>
      {values.length > 0 && (
        <div className="fsel__chips">
          {values.map((v) => {
            const o = byValue.get(v);
            const text = o ? `${o.code ? `${o.code} ` : ''}${o.label}` : String(v);
            return (
              <span key={v} className="tokens__chip">
                {text}
                <button type="button" className="tokens__remove" aria-label={s.remove(text)} onClick={() => toggle(v)}>
                  ×
                </button>
              </span>
            );
          })}
        </div>
      )}
      {open && (
        <div className="fsel__anchor" ref={anchor}>
          <div
            className="fsel__popup"
            id={listId}
            ref={popup}
            data-testid={testId ? `${testId}-popup` : undefined}
            style={placement ? { left: placement.left, top: placement.top, maxHeight: placement.maxHeight } : { visibility: 'hidden' }}
          >
            <input
              className="fsel__filter"
              aria-label={`${label}: ${s.filter}`}
              placeholder={s.filter}
              value={filter}
              autoFocus
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  const first = matches[0];
                  if (first && !values.includes(first.value)) onChange([...values, first.value]);
                  setFilter('');
                }
              }}
            />
            <div className="fsel__list" role="group" aria-label={label}>
              {matches.length === 0 && <div className="fsel__empty">{s.nothing}</div>}
              {matches.map((o) => (
                <label key={o.value} className="checks__item">
                  <input type="checkbox" checked={values.includes(o.value)} onChange={() => toggle(o.value)} />
                  {o.code && <span className="fsel__code">{o.code}</span>} {o.label}
                </label>
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
