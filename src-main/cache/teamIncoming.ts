/**
 * What a team pull brings, written into this cache (issue 17): one page of one team table per call, in ONE local
 * transaction inside `teamLinkStore.asPulled` (so the change-log triggers do not log it for the next push).
 *
 * Versions and cards go through the cache's one write path (deliveryWriter, cardStore), as an API delivery
 * would: the search index, the insight tables, the app's views and the saved searches' membership follow by
 * the same code. Each version keeps its first delivery as the team row tells it (request id, filter, event,
 * when, `billed`), under a `delivery_request` row whose `team_machine` names the pusher, so what an export's
 * rows cost and the audit's "delivered in that request" stay true; no charge is logged (no response told
 * this machine of one). Ledger rows and saved searches are inserted when missing; a local saved search wins.
 *
 * A row already held is skipped, not logged again: a rerun after kill -9 (the pull's cursor moves only after
 * every page is written) and a version this machine fetched itself both leave the cache as it was. Each call
 * answers how many rows were new here.
 */
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
  /** Versions new here (stored for the first time). */
  versions(rows: readonly PulledVersionRow[]): number;
  /** Card pages new here. */
  cards(rows: readonly PulledCardRow[]): number;
  ledgerRows(rows: readonly PulledLedgerRow[]): number;
  savedSearches(rows: readonly PulledSavedSearchRow[]): number;
}

const EVENTS: readonly DeliveryEvent[] = ['created', 'updated'];

function createTeamIncoming(cache: CacheDb): TeamIncoming {
  const writer = deliveryWriter(cache);
  const link = teamLinkStore(cache);
  const held = versionStore(cache);
  const cards = cardStore(cache);
  const ledger = ledgerStore(cache);
  const searches = searchStore(cache);

  /** One page in one transaction, with the writer's upkeep after its commit. */
  const inPulled = <T>(write: () => T): T => writer.transact(() => link.asPulled(write));

  return {
    versions(rows) {
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
          object: JSON.parse(r.body) as unknown,
        });
      }
      if (groups.size === 0) return 0;
      // Reads and compression before the transaction, as for an API page (deliveryWriter's two halves).
      const prepared = [...groups.values()].map((g) => ({ request: g.request, prepared: writer.prepare(g.items) }));
      return inPulled(() => prepared.reduce((n, g) => n + writer.write(g.request, g.prepared).newVersions, 0));
    },

    cards(rows) {
      const fresh = rows.filter(
        (r) => !cards.cachedPages(r.kind, r.id, r.version).some((p) => p.positionsPage === r.positionsPage && p.positionsLimit === r.positionsLimit),
      );
      if (fresh.length === 0) return 0;
      const parsed = fresh.map((r) => ({ r, card: JSON.parse(r.body) as unknown }));
      return inPulled(() => {
        for (const { r, card } of parsed) {
          cards.saveCard({
            kind: r.kind,
            id: r.id,
            version: r.version,
            positionsPage: r.positionsPage,
            positionsLimit: r.positionsLimit,
            requestId: r.requestId,
            receivedAt: r.deliveredAt,
            billed: r.billed,
            card,
            teamMachine: r.machineId,
          });
        }
        return parsed.length;
      });
    },

    ledgerRows(rows) {
      if (rows.length === 0) return 0;
      return inPulled(() =>
ledger.upsertRows(rows.map(({ machineId: _pusher, ...row }) => row)),
      );
    },

    savedSearches(rows) {
      if (rows.length === 0) return 0;
      return inPulled(() => {
        let added = 0;
        for (const r of rows) {
          // A search this machine holds stays as it is here (its label, its parameters).
          if (searches.get(r.filterId) !== undefined) continue;
          const told = JSON.parse(r.events) as unknown;
          const events = EVENTS.filter((e) => Array.isArray(told) && told.includes(e));
          // A label this machine already gives another search stays that one's: the pulled search comes unnamed.
          const label = r.label !== null && searches.getByLabel(r.label) === undefined ? r.label : null;
          searches.upsert({
            filterId: r.filterId,
            params: JSON.parse(r.params) as unknown,
            label,
            events: events.length > 0 ? events : EVENTS,
            createdAt: r.createdAt,
            expiresAt: r.expiresAt,
          });
          added += 1;
        }
        return added;
      });
    },
  };
}

export const teamIncoming = perCache(createTeamIncoming);
