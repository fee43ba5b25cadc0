/**
 * How a tender's marks look wherever they are shown (tables, the card, the board): a tag as a chip in its
 * colour with readable text, the pipeline status by its name («На рассмотрении», never the code).
 */
import type { ReactNode } from 'react';
import type { PipelineStatus, RowMarks } from '../../src-main/domain/marks';
import { pipelineStatusName, pipelineStatusShortName } from '../../src-main/i18n/codes';
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

/**
 * Our status as a chip; `short` in a table's row, where the whole name does not fit beside the tender's name at
 * 1366 px: the short form (never cut) with the whole name as its tooltip.
 */
export function PipelineBadge({ status, short = false }: { status: PipelineStatus | null; short?: boolean }) {
  const locale = useLocale();
  if (status === null) return null;
  const name = pipelineStatusName(status, locale);
  return (
    <span className={`mark-status mark-status--${status}`} data-testid="mark-status" data-status={status} title={short ? name : undefined}>
      {short ? pipelineStatusShortName(status, locale) : name}
    </span>
  );
}

/**
 * How many characters of marks a row shows whole beside its name (our status's short form and a single tag);
 * more go into the count, so the name keeps its room (at 1366 px the name column is 220 px at least, and chips
 * of this many characters take about 130 px). «На рассм.» with «Срочно» are whole; «Готовим» with «Нам
 * подходит» show «Готовим +1» rather than «Нам подх…».
 */
export const WHOLE_MARKS_CHARS = 16;

/**
 * A table row's tender name with its marks: the name first and always most of the cell; after it
 * our status (short) and a single tag when they are short together (WHOLE_MARKS_CHARS), else the tags as a
 * count («+2» after the status, the tags' colours as dots): a chip is never cut («Нам подх…» read as another word).
 * Where the name's column is narrow (more columns chosen), the marks shrink to one count of them all, with
 * their colours (marks.css, a container query on the cell). The whole status and every tag name are the
 * marks' tooltip and the counts' accessible name.
 */
export function TenderNameCell({ name, marks, lead, nameTitle }: { name: string; marks: RowMarks | undefined; lead?: ReactNode; nameTitle?: string }) {
  const locale = useLocale();
  const tags = marks?.tags ?? [];
  const status = marks?.status ?? null;
  const statusChars = status ? pipelineStatusShortName(status, locale).length : 0;
  const wholeTag = tags.length === 1 && statusChars + tags[0]!.name.length <= WHOLE_MARKS_CHARS;
  const names = [status ? pipelineStatusName(status, locale) : null, ...tags.map((t) => t.name)].filter((n): n is string => n !== null);
  return (
    <span className="tt__nameCell">
      {lead}
      <span className="tt__name" data-testid="row-name" title={nameTitle}>
        {name}
      </span>
      {names.length > 0 ? (
        <span className="tt__marks" title={names.join(' · ')}>
          <span className="tt__marksFull">
            {status ? <PipelineBadge status={status} short /> : null}
            {wholeTag ? <TagChip name={tags[0]!.name} color={tags[0]!.color} /> : null}
            {tags.length > 0 && !wholeTag ? (
              <span className="mark-tagCount" data-testid="mark-tag-count" data-count={tags.length} aria-label={tags.map((t) => t.name).join(', ')}>
                {tags.slice(0, 3).map((t) => (
                  <span key={t.name} className="mark-tagCount__dot" style={{ background: t.color }} />
                ))}
                {status ? `+${tags.length}` : tags.length}
              </span>
            ) : null}
          </span>
          <span className="mark-tagCount tt__marksCompact" aria-label={names.join(', ')}>
            {status ? <span className={`mark-tagCount__dot mark-status--${status}`} /> : null}
            {tags.slice(0, status ? 1 : 2).map((t) => (
              <span key={t.name} className="mark-tagCount__dot" style={{ background: t.color }} />
            ))}
            {names.length}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/** A table cell's marks: nothing at all for a tender never marked. */
export const rowTags = (marks: RowMarks | undefined) => (marks ? <TagChips tags={marks.tags} /> : null);
