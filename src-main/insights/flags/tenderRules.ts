/** The flag judged on one tender: its submission period against the legal minimum (OCP R003). Pure. */
import type { TenderFact } from '../../domain/insights';
import { procedureOf } from './classify';
import type { FlagSink } from './sink';
import { isoOf } from './sink';
import { submissionMinimum, submissionPeriod } from './submissionMinimums';

export function shortSubmission(t: TenderFact, sink: FlagSink): void {
  const procedure = procedureOf(t.placement_name);
  // Single-supplier purchases take no bids; other procedures have no minimum we know of. Neither is a gap.
  if (procedure === 'single_supplier' || procedure === 'other') return;
  if (
    sink.lacks('short_submission', [
      t.publish_at === null && 'tender.publish_date',
      t.end_at === null && 'tender.end_date',
      procedure === null && 'tender.placement_type',
    ])
  )
    return;
  const law = t.law;
  if (sink.lacks('short_submission', [law === null && 'tender.law'])) return;
  const minimum = submissionMinimum(law!, procedure!, t);
  if (minimum === null) return;
  sink.check('short_submission');
  const period = submissionPeriod(t.publish_at!, t.end_at!, minimum.unit);
  if (period >= minimum.days) return;
  sink.raise('short_submission', { kind: 'tender', id: String(t.id), name: t.name }, `OCP R003; ${minimum.article.ru}`, {
    notice: t.etp_id,
    law,
    placement: t.placement_name,
    initial_price: t.price,
    published_at: isoOf(t.publish_at!),
    deadline_at: isoOf(t.end_at!),
    period_days: period,
    minimum_days: minimum.days,
    day_unit: minimum.unit,
    article: minimum.article,
    minimum_confirmed: minimum.confirmed,
    customer_inn: t.customer_inn,
  });
}
