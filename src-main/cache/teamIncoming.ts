/**
 * What a team pull brings, written into this cache: one page of one team table per call, in ONE local
 * transaction inside `teamLinkStore.asPulled` (so the change-log triggers do not log it for the next push).
 *
 * Versions and cards go through the cache's one write path (deliveryWriter, cardStore), as an API delivery
 * would: the search index, the insight tables, the app's views and the saved searches' membership follow by
 * the same code. Each version keeps its first delivery as the team row tells it (request id, filter, event,
 * when, `billed`), under a `delivery_request` row whose `team_machine` names the pusher, so what an export's
 * rows cost and the audit's "delivered in that request" stay true; no charge is logged (no response told
 * this machine of one). Ledger rows are inserted when missing, as a teammate's claim apart from the API's ledger
 * (ledgerStore); saved searches too, and a teammate's change to one replaces it here unless this
 * machine changed it since its last push (savedSearches says why).
 *
 * Every row here was checked by the pull first (team/pulledRows.ts: safe ids, object bodies that name their
 * row, readable times not in the future).
 *
 * A row already held is skipped, not logged again: a rerun after kill -9 (the pull's cursor moves only after
 * every page is written) and a version this machine fetched itself both leave the cache as it was. Each call
 * answers how many rows were new here.
 */
import { isDeepStrictEqual } from 'node:util';
import type { PulledCardRow, PulledLedgerRow, PulledSavedSearchRow, PulledVersionRow } from '../teamdb/pullStore';
import { cardStore } from './cardStore';
import { perCache, type CacheDb } from './database';
import { deliveryWriter, type DeliveredItem, type DeliveryRequestInfo } from './deliveryWriter';
import { ledgerStore } from './ledgerStore';
import { searchStore } from './searchStore';
import { teamLinkStore } from './teamLink';
import type { DeliveryEvent } from './types';
import { versionStore } from './versionStore';

export interface TeamIncoming {
  /**
   * Versions new here (stored for the first time); `stored` hears them after their transaction committed (the
   * app's «marked tender changed», as for a card fetched).
   */
  versions(rows: readonly PulledVersionRow[], stored?: (items: readonly DeliveredItem[]) => void): number;
  /** Card pages new here. */
  cards(rows: readonly PulledCardRow[]): number;
  ledgerRows(rows: readonly PulledLedgerRow[]): number;
  /**
   * Saved searches new here, and those a teammate changed that this machine has not changed since its last push
   * (`pushedUpTo`: the push cursor's outgoingSeq); answers how many were added or changed.
   */
  savedSearches(rows: readonly PulledSavedSearchRow[], pushedUpTo?: number): number;
}

const EVENTS: readonly DeliveryEvent[] = ['created', 'updated'];

function createTeamIncoming(cache: CacheDb): TeamIncoming {
  const writer = deliveryWriter(cache);
  const link = teamLinkStore(cache);
  const held = versionStore(cache);
  const cards = cardStore(cache);
  const ledger = ledgerStore(cache);
  const searches = searchStore(cache);
  // A change to this search logged here (team_outgoing) past what the push has sent.
  const unpushedSearch = cache.db.prepare<[string, number], number>(
    "SELECT 1 FROM team_outgoing WHERE entity = 'saved_search' AND key = ? AND seq > ? LIMIT 1",
  ).pluck();

  /** One page in one transaction, with the writer's upkeep after its commit. */
  const inPulled = <T>(write: () => T): T => writer.transact(() => link.asPulled(write));

  return {
    versions(rows, stored) {
      // One request row per first delivery the team tells of (pusher, request, filter, way, time).
      const groups = new Map<string, { request: DeliveryRequestInfo; items: DeliveredItem[] }>();
      for (const r of rows) {
        if (held.has(r.kind, r.id, r.version)) continue;
        const key = JSON.stringify([r.machineId, r.requestId, r.filterId, r.via, r.deliveredAt, r.via === 'feed' ? r.kind : null]);
        let group = groups.get(key);
        if (!group) {
          group = {
            request: {
              via: r.via,
              requestId: r.requestId,
              filterId: r.filterId,
              feed: r.via === 'feed' ? r.kind : null,
              stream: null,
              receivedAt: r.deliveredAt,
              teamMachine: r.machineId,
            },
            items: [],
          };
          groups.set(key, group);
        }
        group.items.push({
          kind: r.kind,
          id: r.id,
          version: r.version,
          billed: r.billed,
          event: r.via === 'feed' ? r.event : null,
          object: r.object,
        });
      }
      if (groups.size === 0) return 0;
      // Reads and compression before the transaction, as for an API page (deliveryWriter's two halves).
      const prepared = [...groups.values()].map((g) => ({ request: g.request, prepared: writer.prepare(g.items) }));
      const fresh = inPulled(() => prepared.reduce((n, g) => n + writer.write(g.request, g.prepared).newVersions, 0));
      stored?.([...groups.values()].flatMap((g) => g.items));
      return fresh;
    },

    cards(rows) {
      const fresh = rows.filter(
        (r) => !cards.cachedPages(r.kind, r.id, r.version).some((p) => p.positionsPage === r.positionsPage && p.positionsLimit === r.positionsLimit),
      );
      if (fresh.length === 0) return 0;
      return inPulled(() => {
        for (const r of fresh) {
          cards.saveCard({
            kind: r.kind,
            id: r.id,
            version: r.version,
            positionsPage: r.positionsPage,
            positionsLimit: r.positionsLimit,
            requestId: r.requestId,
            receivedAt: r.deliveredAt,
            billed: r.billed,
            card: r.card,
            teamMachine: r.machineId,
          });
        }
        return fresh.length;
      });
    },

    ledgerRows(rows) {
      if (rows.length === 0) return 0;
      // A teammate's claim, kept apart from the API's ledger (ledgerStore: never a charge, never the mirror's start).
      return inPulled(() => ledger.upsertTeamRows(rows));
    },

    savedSearches(rows, pushedUpTo = 0) {
      if (rows.length === 0) return 0;
      return inPulled(() => {
        let changed = 0;
        for (const r of rows) {
          const told = JSON.parse(r.events) as unknown;
          const events = EVENTS.filter((e) => Array.isArray(told) && told.includes(e));
          const theirs = { params: JSON.parse(r.params) as unknown, events: events.length > 0 ? events : EVENTS, expiresAt: r.expiresAt };
          // A label this machine already gives another search stays that one's.
          const labelFree = (label: string): boolean => (searches.getByLabel(label)?.filterId ?? r.filterId) === r.filterId;
          const mine = searches.get(r.filterId);
          if (mine === undefined) {
            // New here; a label taken by another search here: it comes unnamed.
            searches.upsert({ filterId: r.filterId, ...theirs, label: r.label !== null && labelFree(r.label) ? r.label : null, createdAt: r.createdAt });
            changed += 1;
            continue;
          }
          // A teammate changed it (the team row is theirs: the push's ON CONFLICT DO UPDATE made it so). A change
          // made here and not pushed yet keeps the local search: it goes to the team with the next push and is
          // the later writer there. Otherwise the team's row is the newer one (a change this machine pushed
          // earlier was already in the team's order, and the teammate's came after it): taking it makes every
          // machine hold the same search, as the team database does.
          if (unpushedSearch.get(r.filterId, pushedUpTo) !== undefined) continue;
          const label = r.label !== null && !labelFree(r.label) ? mine.label : r.label;
          const same =
            label === mine.label && isDeepStrictEqual(theirs.params, mine.params) && isDeepStrictEqual(theirs.events, mine.events) &&
            // No expiry told keeps the local one (the store's rule); instants compared, not their spelling.
            (theirs.expiresAt === null || Date.parse(theirs.expiresAt) === Date.parse(mine.expiresAt ?? ''));
          if (same) continue;
          searches.upsert({ filterId: r.filterId, ...theirs, label });
          changed += 1;
        }
        return changed;
      });
    },
  };
}

export const teamIncoming = perCache(createTeamIncoming);
