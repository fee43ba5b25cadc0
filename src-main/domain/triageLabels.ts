/**
 * What the analyst's marks teach the triage model. Pure rules, shared by the label store, the
 * triage workbench, the CLI and the app.
 *
 * - A pipeline status of «На рассмотрении», «Готовим заявку», «Заявка подана», «Выиграли» or «Проиграли» means
 *   the analyst pursued the tender: a positive. «Отказались» is a negative. «Новая» says nothing yet.
 * - The explicit «Интересно / Неинтересно» of a row gives the same signal without choosing a status.
 * - Each label keeps its time; when a tender carries both, the later decision is the label (a tender declined
 *   after it was marked interesting is a negative). On equal times the explicit word wins: it was said about
 *   exactly this question.
 */
import type { PipelineStatus } from './marks';

export const POSITIVE_STATUSES: readonly PipelineStatus[] = ['reviewing', 'preparing', 'submitted', 'won', 'lost'];
export const NEGATIVE_STATUSES: readonly PipelineStatus[] = ['declined'];

/** The signal of a status alone: true pursued, false declined, null none. */
export function statusSignal(status: PipelineStatus | null): boolean | null {
  if (status === null) return null;
  if (POSITIVE_STATUSES.includes(status)) return true;
  if (NEGATIVE_STATUSES.includes(status)) return false;
  return null;
}

export type LabelSource = 'status' | 'explicit';

export interface TriageLabel {
  tender_id: number;
  /** true: the analyst pursues tenders like this one. */
  positive: boolean;
  /** ISO-8601 UTC instant of the decision. */
  at: string;
  source: LabelSource;
}

/** What the marks hold of one tender's decisions (a row of `tender_mark`). */
export interface MarkDecisions {
  tender_id: number;
  status: PipelineStatus | null;
  /** When the status last changed; a row from before these times were kept falls back to `marked_at`. */
  status_at: string | null;
  /** 1 «Интересно», 0 «Неинтересно», null none. */
  interest: 0 | 1 | null;
  interest_at: string | null;
  marked_at: string;
}

/** A tender's decisions as the label store reads them, with where its status came from. */
export interface DecisionRow extends MarkDecisions {
  /**
   * The status came from a teammate (the winning change of the field was pulled from another machine):
   * such a status trains the model only when the analyst allows it.
   */
  status_from_teammate: boolean;
  /** The same of the explicit «Интересно / Неинтересно»: it travels as the status does. */
  interest_from_teammate: boolean;
}

/**
 * The labels the marks give, with or without a teammate's decisions (a setting the analyst allows). Left out, a
 * teammate's decision is as if it were not there: the tender's other decision, if it is this analyst's, stands.
 */
export function labelsFrom(rows: readonly DecisionRow[], teammates: boolean): TriageLabel[] {
  const out: TriageLabel[] = [];
  for (const row of rows) {
    let own: MarkDecisions = row;
    if (!teammates && row.status_from_teammate) own = { ...own, status: null, status_at: null };
    if (!teammates && row.interest_from_teammate) own = { ...own, interest: null, interest_at: null };
    const label = labelOf(own);
    if (label !== null) out.push(label);
  }
  return out;
}

/** The one label of a tender's marks, or null when they carry none. */
export function labelOf(m: MarkDecisions): TriageLabel | null {
  const fromStatus = statusSignal(m.status);
  const status = fromStatus === null ? null : { positive: fromStatus, at: m.status_at ?? m.marked_at, source: 'status' as const };
  const explicit = m.interest === null ? null : { positive: m.interest === 1, at: m.interest_at ?? m.marked_at, source: 'explicit' as const };
  const chosen = status === null ? explicit : explicit === null ? status : explicit.at >= status.at ? explicit : status;
  return chosen === null ? null : { tender_id: m.tender_id, ...chosen };
}

/**
 * The key of what a model was trained on: the labels in a fixed order (by tender id) and the version of each
 * tender whose features were read, so the same marks over the same versions always give the same key.
 */
export function labelsKey(labels: readonly TriageLabel[], versionOf: (tenderId: number) => number | null = () => null): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const sorted = [...labels].sort((a, b) => a.tender_id - b.tender_id);
  for (const l of sorted) {
    const s = `${l.tender_id}:${l.positive ? 1 : 0}:${versionOf(l.tender_id) ?? ''};`;
    for (let i = 0; i < s.length; i++) {
      h1 = Math.imul(h1 ^ s.charCodeAt(i), 16777619) >>> 0;
      h2 = Math.imul(h2 ^ s.charCodeAt(i), 2246822519) >>> 0;
    }
  }
  return `${sorted.length}:${h1.toString(16)}${h2.toString(16)}`;
}
