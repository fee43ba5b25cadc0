/**
 * How a tender's marks look wherever they are shown (tables, the card, the board): a tag as a chip in its
 * colour with readable text, the pipeline status by its name («На рассмотрении», never the code).
 */
import type { PipelineStatus, RowMarks } from '../../src-main/domain/marks';
import { pipelineStatusName } from '../../src-main/i18n/codes';
import { useLocale } from '../i18n/i18n';
import { textOn } from './markEdits';
import './marks.css';

export function TagChip({ name, color, suffix }: { name: string; color: string; suffix?: string }) {
  return (
    <span className="mark-tag" style={{ background: color, color: textOn(color) }} data-testid="mark-tag" data-tag={name}>
      {name}
      {suffix ? <span className="mark-tag__suffix"> · {suffix}</span> : null}
    </span>
  );
}

export function TagChips({ tags }: { tags: readonly { name: string; color: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="mark-tags" title={tags.map((t) => t.name).join(', ')}>
      {tags.map((t) => (
        <TagChip key={t.name} name={t.name} color={t.color} />
      ))}
    </span>
  );
}

export function PipelineBadge({ status }: { status: PipelineStatus | null }) {
  const locale = useLocale();
  if (status === null) return null;
  return (
    <span className={`mark-status mark-status--${status}`} data-testid="mark-status" data-status={status}>
      {pipelineStatusName(status, locale)}
    </span>
  );
}

/** A table cell's marks: nothing at all for a tender never marked. */
export const rowTags = (marks: RowMarks | undefined) => (marks ? <TagChips tags={marks.tags} /> : null);
