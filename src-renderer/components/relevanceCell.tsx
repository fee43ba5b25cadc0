/**
 * A row's relevance in a table cell: the one wording of i18n/triageText.ts (relevanceText, as «Разбор»
 * and the CLI say it), «мало отметок» while the model has too few labels, a dash where the source gave none.
 */
import { relevanceText } from '../../src-main/i18n/triageText';
import type { Locale } from '../../src-main/contract/ipc';

export function relevanceCell(relevance: number | null | undefined, locale: Locale) {
  if (relevance === undefined) return '—';
  return (
    <span className={relevance === null ? 'muted' : undefined} data-testid="relevance-cell">
      {relevanceText(relevance, locale)}
    </span>
  );
}
