/**
 * Which tenders a competitors or flags page is read over: one of the saved searches (named by their label or
 * their criteria in words, never by a `flt_` id) or the lists, and for flags also the whole cache.
 */
import { useMemo } from 'react';
import { useLocale, useStrings } from '../../i18n/i18n';
import type { InsightsScope } from '../../state/store';
import { savedSearchName } from '../../../src-main/i18n/criteriaSummary';
import { insightsStrings } from './insightsStrings';
import { useScopes } from './useInsights';

export type PickedScope = InsightsScope | { kind: 'all' };

const valueOf = (scope: PickedScope | undefined): string =>
  scope === undefined ? '' : scope.kind === 'search' ? `search:${scope.filterId}` : scope.kind === 'list' ? `list:${scope.listId}` : 'all';

function scopeOf(value: string): PickedScope | undefined {
  if (value === 'all') return { kind: 'all' };
  const [kind, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (kind === 'search') return { kind: 'search', filterId: id };
  if (kind === 'list') return { kind: 'list', listId: id };
  return undefined;
}

/** The scope's name as the analyst knows it. */
export function useScopeNames(): ReadonlyMap<string, string> {
  const locale = useLocale();
  const { searches, lists } = useScopes();
  return useMemo(
    () =>
      new Map([
        ...(searches.data ?? []).map((x) => [`search:${x.filterId}`, savedSearchName(x, locale)] as const),
        ...(lists.data ?? []).map((l) => [`list:${l.listId}`, l.name] as const),
      ]),
    [searches.data, lists.data, locale],
  );
}

export function scopeKey(scope: PickedScope): string {
  return valueOf(scope);
}

export function ScopePicker({ value, onChange, allowAll, testId }: { value: PickedScope | undefined; onChange(scope: PickedScope): void; allowAll?: boolean; testId: string }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const { searches, lists } = useScopes();
  const none = (searches.data?.length ?? 0) === 0 && (lists.data?.length ?? 0) === 0 && !searches.loading && !lists.loading;
  return (
    <div className="field">
      <label className="field__label" htmlFor={testId}>
        {s.scope}
      </label>
      <select id={testId} data-testid={testId} value={valueOf(value)} onChange={(e) => { const picked = scopeOf(e.target.value); if (picked) onChange(picked); }}>
        <option value="" disabled>
          {s.chooseScope}
        </option>
        {allowAll && <option value="all">{s.scopeAll}</option>}
        {(searches.data ?? []).length > 0 && (
          <optgroup label={s.scopeSearch}>
            {(searches.data ?? []).map((x) => (
              <option key={x.filterId} value={`search:${x.filterId}`}>
                {savedSearchName(x, locale)}
              </option>
            ))}
          </optgroup>
        )}
        {(lists.data ?? []).length > 0 && (
          <optgroup label={s.scopeList}>
            {(lists.data ?? []).map((l) => (
              <option key={l.listId} value={`list:${l.listId}`}>
                {l.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {none && !allowAll && <div className="field__hint">{s.noScopes}</div>}
    </div>
  );
}
