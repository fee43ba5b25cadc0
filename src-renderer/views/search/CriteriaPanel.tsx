/**
 * The criteria form of the server search, folded after a run into one line: the criteria in words (the same
 * summary the saved searches show) and a button that unfolds the form again, so the results get the screen.
 * A new run folds it again. `/` (or «К полю поиска» in the command palette) unfolds it and puts the cursor into the keywords.
 */
import { useState, type ReactNode } from 'react';
import { useSearchShortcut } from '../../components/searchShortcut';
import { useStrings, type Strings } from '../../i18n/i18n';

const strings: Strings<{ criteria: string; edit: string; editHint: string }> = {
  ru: { criteria: 'Условия поиска', edit: 'Изменить условия', editHint: 'Развернуть форму условий (/)' },
  en: { criteria: 'Search criteria', edit: 'Edit criteria', editHint: 'Unfold the criteria form (/)' },
};

/** Where `/` puts the cursor: the keywords field of the criteria form. */
const SEARCH_FIELD_ID = 'keywords';

export function CriteriaPanel({ runKey, summary, children }: { runKey: string | null; summary: string; children: ReactNode }) {
  const s = useStrings(strings);
  // The run the user unfolded the form for: a new run (another key) folds it again.
  const [unfoldedFor, setUnfoldedFor] = useState<string | null>(null);
  const folded = runKey !== null && unfoldedFor !== runKey;
  const focusField = () => requestAnimationFrame(() => document.getElementById(SEARCH_FIELD_ID)?.focus());
  useSearchShortcut(() => {
    setUnfoldedFor(runKey);
    focusField();
  });
  if (!folded) return <>{children}</>;
  return (
    <div className="criteria__folded" data-testid="criteria-summary" role="group" aria-label={s.criteria}>
      <span className="criteria__label">{s.criteria}:</span>
      <span className="criteria__text" title={summary} data-testid="criteria-summary-text">
        {summary}
      </span>
      <button type="button" data-testid="criteria-expand" title={s.editHint} aria-expanded={false} onClick={() => setUnfoldedFor(runKey)}>
        {s.edit}
      </button>
    </div>
  );
}
