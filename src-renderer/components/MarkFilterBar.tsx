/**
 * Filter chips over marks, for offline search and the results tables: the conditions in force as chips (each
 * removable), and pickers to add a tag, a status (by name) or an assignee. The rows are then asked for with
 * the `marks` argument, so the filtering is the core's (the cache's join), not the page's.
 */
import { useId, useState } from 'react';
import { PIPELINE_STATUSES, type MarkFilter, type PipelineStatus } from '../../src-main/domain/marks';
import { pipelineStatusName } from '../../src-main/i18n/codes';
import { call } from '../bridge/client';
import { useLocale, useStrings } from '../i18n/i18n';
import { useAppStore } from '../state/store';
import { useLoad } from '../state/useLoad';
import { chipsOf, withChip, withoutChip, type MarkChip } from './markFilter';
import { marksStrings } from './marksStrings';
import './marks.css';

export function MarkFilterBar({ filter, onChange, testId = 'mark-filter' }: { filter: MarkFilter; onChange(filter: MarkFilter): void; testId?: string }) {
  const s = useStrings(marksStrings);
  const locale = useLocale();
  const uid = useId();
  const epoch = useAppStore((st) => st.epoch);
  const [asked, setAsked] = useState(0);
  // The tags and names are read when the user opens a picker (focus), and again each time: they change as marks are set.
  const tags = useLoad(() => call('marks.tags', {}), `filter-tags-${epoch}-${asked}`, asked > 0);
  const assignees = useLoad(() => call('marks.assignees', {}), `filter-assignees-${epoch}-${asked}`, asked > 0);
  const [assignee, setAssignee] = useState('');
  const chips = chipsOf(filter);
  const chipText = (c: MarkChip): string => (c.kind === 'tag' ? s.chipTag(c.value) : c.kind === 'status' ? s.chipStatus(pipelineStatusName(c.value, locale)) : s.chipAssignee(c.value));
  const ask = () => setAsked((n) => n + 1);

  return (
    <span className="mark-filter" role="group" aria-label={s.filterTitle} data-testid={testId} data-count={chips.length}>
      {chips.map((c) => (
        <span key={`${c.kind}:${c.value}`} className="mark-filter__chip" data-testid={`${testId}-chip`} data-kind={c.kind} data-value={c.value}>
          {chipText(c)}
          <button type="button" aria-label={s.removeChip(chipText(c))} onClick={() => onChange(withoutChip(filter, c))}>
            ×
          </button>
        </span>
      ))}
      <select
        aria-label={s.filterTag}
        value=""
        onFocus={ask}
        onMouseDown={ask}
        onChange={(e) => e.target.value && onChange(withChip(filter, { kind: 'tag', value: e.target.value }))}
        data-testid={`${testId}-tag`}
      >
        <option value="">{s.filterTag}</option>
        {(tags.data ?? [])
          .filter((t) => !(filter.tags ?? []).includes(t.name))
          .map((t) => (
            <option key={t.id} value={t.name}>
              {t.name}
            </option>
          ))}
      </select>
      <select
        aria-label={s.filterStatus}
        value=""
        onChange={(e) => e.target.value && onChange(withChip(filter, { kind: 'status', value: e.target.value as PipelineStatus }))}
        data-testid={`${testId}-status`}
      >
        <option value="">{s.filterStatus}</option>
        {PIPELINE_STATUSES.filter((st) => !(filter.status ?? []).includes(st)).map((st) => (
          <option key={st} value={st}>
            {pipelineStatusName(st, locale)}
          </option>
        ))}
      </select>
      <input
        list={`${uid}-assignees`}
        value={assignee}
        placeholder={s.filterAssignee}
        aria-label={s.filterAssignee}
        maxLength={200}
        onFocus={ask}
        onChange={(e) => setAssignee(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && assignee.trim()) {
            e.preventDefault();
            onChange(withChip(filter, { kind: 'assignee', value: assignee }));
            setAssignee('');
          }
        }}
        data-testid={`${testId}-assignee`}
      />
      <datalist id={`${uid}-assignees`}>
        {(assignees.data ?? []).map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      {chips.length > 0 && (
        <button type="button" className="btn--link" onClick={() => onChange({})} data-testid={`${testId}-clear`}>
          {s.clearFilter}
        </button>
      )}
    </span>
  );
}
