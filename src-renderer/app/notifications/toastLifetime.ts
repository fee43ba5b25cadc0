/** How long an in-app toast of each kind stays, apart from the component so it is tested without a browser. */
import type { EventPayload } from '../../../src-main/contract/ipc';
import { NOTICE_LIFETIME_MS } from '../../components/useLifetime';

/** A deadline a day away or a marked tender's change (its card or its documentation) stays longer than a search's news or a quiet-hours summary. */
export function toastLifetimeMs(kind: EventPayload<'notify'>['kind']): number {
  return kind === 'deadline_soon' || kind === 'marked_tender_changed' || kind === 'marked_documents_changed' ? NOTICE_LIFETIME_MS.important : NOTICE_LIFETIME_MS.info;
}
