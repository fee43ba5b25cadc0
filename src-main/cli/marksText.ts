/**
 * How the CLI writes marks: the `--json` object of a marked tender exactly as the issue gives it, and
 * a readable line with names, not codes (status «На рассмотрении», deadline in Moscow time, tender status).
 */
import type { MarkedTender, Tag, TenderMarks } from '../domain/marks';
import { pipelineStatusName, tenderStageName } from '../i18n/codes';
import type { Locale } from '../i18n/text';
import { interestName } from '../i18n/triageText';
import { moscowMomentText } from './insightsText';
import { formatRub } from './output';

/** `{"id","tags":[names],"status","assignee","notes":[{"text","at"}]}`, notes newest first. */
export function markedTenderJson(m: TenderMarks): { id: number; tags: string[]; status: string | null; assignee: string | null; notes: { text: string; at: string }[] } {
  return { id: m.tender_id, tags: m.tags.map((t) => t.name), status: m.status, assignee: m.assignee, notes: m.notes.map((n) => ({ text: n.text, at: n.at })) };
}

export function markedTenderText(row: MarkedTender, locale: Locale): string {
  const en = locale === 'en';
  const m = row.marks;
  const head = row.held
    ? `${row.id}  ${row.name ?? ''} — ${row.customer_name ?? (en ? 'customer not stated' : 'заказчик не указан')}, ${formatRub(row.price)}, ${tenderStageName(row.tender_status, row.end_date, locale)}`
    : `${row.id}  ${en ? '(not held in the cache)' : '(нет в кэше)'}`;
  const parts = [
    `${en ? 'Status' : 'Статус'}: ${m.status === null ? (en ? 'none' : 'нет') : pipelineStatusName(m.status, locale)}`,
    ...(m.tags.length > 0 ? [`${en ? 'Tags' : 'Метки'}: ${m.tags.map((t) => t.name).join(', ')}`] : []),
    ...(m.assignee !== null ? [`${en ? 'Assignee' : 'Ответственный'}: ${m.assignee}`] : []),
    ...(m.interest !== null ? [interestName(m.interest, locale)] : []),
    ...(row.end_date !== null ? [`${en ? 'Bids until' : 'Подача до'} ${moscowMomentText(row.end_date, locale)}`] : []),
    ...(m.changed_since_marked ? [en ? 'changed since marked' : 'изменилась после отметки'] : []),
  ];
  const notes = m.notes.map((n) => `    ${moscowMomentText(n.at, locale)}: ${n.text}`);
  return [head, `    ${parts.join(' · ')}`, ...notes].join('\n');
}

export function tagLineText(tag: Tag, locale: Locale): string {
  const missing = tag.count - (tag.held ?? tag.count);
  const apart = missing === 0 ? '' : locale === 'en' ? `, not held in the cache: ${missing}` : `, из них нет в кэше: ${missing}`;
  return `${tag.name}  ${tag.color}  ${locale === 'en' ? `tenders: ${tag.count}` : `закупок: ${tag.count}`}${apart}`;
}
