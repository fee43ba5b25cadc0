/**
 * src-main/calendar — the deadlines calendar: the dated events of the tenders an analyst works on,
 * read from the cache, offline and free, for the app's calendar view, the ICS export and `tenderwb calendar`.
 * Shapes and UID rules: domain/calendar.ts; Russian working days (the ICS reminder): domain/workingDays.ts.
 *
 * | Module | What it does |
 * |---|---|
 * | `index.ts` | `deadlineEvents(cache, scope, range?)` (`scopeCalendar`: also how many of the scope's tenders are held, and which events lack a link because their tender's card was never opened): the scope's tenders (marked, a list, a saved search), their latest cached versions and contracts, the events in time order. |
 * | `eventsOf.ts` | The events one tender and its contracts carry, read defensively (only `end_date` is guaranteed). |
 * | `ics.ts` | The ICS file (RFC 5545, ical-generator): one VEVENT per event, an alarm one working day before, written atomically (`writeCalendarFile` in index.ts adds its provenance sidecar). |
 * | `scopeName.ts` | What a scope's calendar file is called («Сроки — <list or search>»). |
 */
import type { CacheDb } from '../cache/database';
import { contractFactsByTenderIds } from '../cache/insightStore';
import { markedTenderIds } from '../cache/markStore';
import { versionStore } from '../cache/versionStore';
import { cardStore } from '../cache/cardStore';
import type { CalendarEvent, CalendarScope } from '../domain/calendar';
import { cardLink } from '../export/cardLinks';
import { objectsCost, provenanceOf, writeProvenanceSidecar } from '../export/provenance';
import type { Provenance } from '../domain/provenance';
import { writeIcs, type IcsOptions } from './ics';
import { calendarScopeName } from './scopeName';
import { tenderSetOf } from '../insights/scopes';
import { contractEvents, isRecord, tenderBasics, tenderEvents, type Json } from './eventsOf';

export { writeIcs, icsText, type IcsOptions } from './ics';

/**
 * The scope's ICS file with its provenance beside it (`FILE.provenance.json`, as a CSV export's: an ICS has no
 * place of its own a calendar would keep): whose deadlines, when, how many events, and the delivery of the
 * tenders and contracts they come from. The caller records it in the export history.
 */
export async function writeCalendarFile(cache: CacheDb, scope: CalendarScope, events: readonly CalendarEvent[], target: string, options: IcsOptions): Promise<{ rows: number; provenance: Provenance }> {
  const { rows } = await writeIcs(events, target, options);
  const tender = [...new Set(events.map((e) => e.tender_id))];
  const contract = [...new Set(events.flatMap((e) => (e.contract_id === undefined ? [] : [e.contract_id])))];
  const what = { kind: 'calendar', scope, name: calendarScopeName(cache, scope, options.locale) } as const;
  const provenance = provenanceOf(what, 'ics', rows, objectsCost(cache, { tender, contract }), options.now);
  await writeProvenanceSidecar(target, provenance);
  return { rows, provenance };
}

/** A range of instants, `from` inclusive, `to` exclusive (epoch milliseconds). */
export interface CalendarRange {
  from: number;
  to: number;
}

/** The tender ids of a scope; `not_found` (in the user's language) for a list or saved search the cache does not know. */
export function scopeTenderIds(cache: CacheDb, scope: CalendarScope): number[] {
  if (scope.kind === 'marked') return markedTenderIds(cache, scope.filter ?? {});
  return tenderSetOf(cache, scope).ids;
}

/**
 * The contract's newest object: its card when one is held (the card carries the execution's stages on servers
 * that send them, a feed's summary may not), else its latest delivered version.
 */
function contractObject(cache: CacheDb, id: number): { object: Json; version: number | undefined } | null {
  const card = cardStore(cache).lastReceivedCardJson('contract', id);
  const latest = versionStore(cache).latest('contract', id);
  if (card !== undefined) {
    try {
      const parsed: unknown = JSON.parse(card);
      const cardVersion = isRecord(parsed) && typeof parsed.version === 'number' ? parsed.version : null;
      // A card older than the newest version held is stale: the version is what the calendar reads then.
      if (isRecord(parsed) && (latest === undefined || cardVersion === null || cardVersion >= latest.version)) return { object: parsed, version: cardVersion ?? latest?.version };
    } catch {
      // An unreadable card: the delivered version below.
    }
  }
  return latest !== undefined && isRecord(latest.object) ? { object: latest.object, version: latest.version } : null;
}

/** A scope's events with how many of its tenders the cache holds (a list's members may not be loaded yet). */
export interface ScopeCalendar {
  events: CalendarEvent[];
  tenders: number;
  held: number;
  /**
   * Events without a link to the notice because their tender's card was never opened (only a card carries
   * `source_url`; no address is built from a notice number), and those tenders: opening their cards first
   * gives the links (free for the versions held, current/enrich.ts cardTargets).
   */
  unlinked: { events: number; tenderIds: number[] };
}

/**
 * Every event of the scope's tenders (latest cached versions only; a cancelled tender's events kept, flagged by
 * `tender_status`) whose instant is in the range, in time order (then by UID, so two reads agree).
 */
export const deadlineEvents = (cache: CacheDb, scope: CalendarScope, range?: CalendarRange): CalendarEvent[] => scopeCalendar(cache, scope, range).events;

/** deadlineEvents, with the count of the scope's tenders and of those held, for a word about the missing ones. */
export function scopeCalendar(cache: CacheDb, scope: CalendarScope, range?: CalendarRange): ScopeCalendar {
  const ids = scopeTenderIds(cache, scope);
  let held = 0;
  const versions = versionStore(cache);
  const events: CalendarEvent[] = [];
  const basicsById = new Map<number, ReturnType<typeof tenderBasics>>();
  const cards = cardStore(cache);
  const cardless = new Set<number>();
  for (const id of ids) {
    const latest = versions.latest('tender', id);
    if (latest === undefined || !isRecord(latest.object)) continue;
    held++;
    const tender = latest.object;
    const basics = tenderBasics(tender, typeof tender.source_url === 'string' ? undefined : cardLink(cache, id), latest.version);
    if (basics === null) continue;
    basicsById.set(id, basics);
    if (basics.url === undefined && cards.lastReceivedCardJson('tender', id) === undefined) cardless.add(id);
    events.push(...tenderEvents(tender, basics));
  }
  for (const fact of basicsById.size === 0 ? [] : contractFactsByTenderIds(cache, [...basicsById.keys()])) {
    const basics = fact.tender_id === null ? null : basicsById.get(fact.tender_id);
    const contract = basics ? contractObject(cache, fact.id) : null;
    if (basics && contract) events.push(...contractEvents(contract.object, basics, contract.version));
  }
  const inRange = range === undefined ? events : events.filter((e) => {
    const ms = Date.parse(e.at);
    return ms >= range.from && ms < range.to;
  });
  const sorted = inRange.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const unlinkedEvents = sorted.filter((e) => cardless.has(e.tender_id));
  const unlinked = { events: unlinkedEvents.length, tenderIds: [...new Set(unlinkedEvents.map((e) => e.tender_id))] };
  return { events: sorted, tenders: ids.length, held, unlinked };
}
