/**
 * Cards of the current generation: a cached card of the newest held version opens with no request (free,
 * offline), also when asked for by its platform or registry number; otherwise it is fetched, stored and
 * reported as charged or free. Where the server cannot be reached (the app offline), a held version without a
 * cached card is shown from its stored feed object (positions are then not known). The app's card.* and the
 * CLI's `card` and `open` are adapters over this.
 */
import type { CacheDb } from '../cache/database';
import { listStore } from '../cache/listStore';
import type { ObjectKind } from '../cache/types';
import { versionStore } from '../cache/versionStore';
import { viewQueries } from '../cache/viewQueries';
import { cachedCard, fetchCard, resolveCachedId, type CardRequest, type OpenedCard } from '../cards/openCard';
import type { CardResult, ContractRow } from '../contract/ipc';
import { appError } from '../domain/appError';
import type { StoredVersion } from './deps';
import type { CurrentNet } from './net';
import { contractRow } from './rows';

export interface CardDeps {
  readonly cache: CacheDb;
  readonly net: CurrentNet;
  /** Hears the version a fetched card stored (CurrentDeps.onVersionsStored). */
  onStored?(items: readonly StoredVersion[]): void;
}

/** The versions of an object held here, each with when it came, how, and whether it was charged. */
export function versionsOf(cache: CacheDb, kind: ObjectKind, id: number): CardResult['versions'] {
  const deliveries = versionStore(cache).deliveries(kind, id);
  const origins = versionStore(cache).origins(kind, id);
  return versionStore(cache)
    .history(kind, id)
    .map((v) => ({
      version: v.version,
      receivedAt: v.firstReceivedAt,
      billed: deliveries.some((d) => d.version === v.version && d.billed),
      via: v.firstVia,
      from: origins.get(v.version) ?? 'api',
    }));
}

export class CardUseCases {
  constructor(private readonly deps: CardDeps) {}

  /** The card: cached, else fetched (a charge unless this version was delivered before), else the stored object. */
  async open(req: CardRequest): Promise<OpenedCard> {
    const { cache, net } = this.deps;
    const cached = cachedCard(cache, req);
    if (cached) return cached;
    const stored = () => this.storedAsCard(req);
    const standIn = net.worthTrying() ? undefined : stored();
    if (standIn) return standIn;
    let fetched: OpenedCard;
    try {
      fetched = await net.call((client) => fetchCard(cache, client, req));
    } catch (e) {
      const fallback = net.unreachable(e) ? stored() : undefined;
      if (!fallback) throw e;
      return fallback;
    }
    this.deps.onStored?.([{ kind: req.kind, id: fetched.id, version: fetched.version, object: fetched.card }]);
    return fetched;
  }

  /** `open`, with the versions held and (a tender) the lists it is in: what the app's card view shows. */
  async openForView(req: CardRequest): Promise<CardResult & { id: number }> {
    const opened = await this.open(req);
    return {
      kind: req.kind,
      card: opened.card,
      version: opened.version,
      source: opened.source,
      charged: opened.charged,
      positionsPage: req.positionsPage,
      positionsLimit: req.positionsLimit,
      versions: versionsOf(this.deps.cache, req.kind, opened.id),
      listIds: req.kind === 'tender' ? listStore(this.deps.cache).listsOf(opened.id) : [],
      ...(opened.storedObject ? { storedObject: true } : {}),
      id: opened.id,
    };
  }

  /** One stored version of an object, as it was delivered. */
  version(kind: ObjectKind, id: number, version: number): { object: Record<string, unknown>; receivedAt: string } {
    const stored = versionStore(this.deps.cache).get(kind, id, version);
    if (!stored) throw appError('not_found', 'Эта версия не сохранена в кэше.', 'This version is not stored in the cache.');
    return { object: stored.object as Record<string, unknown>, receivedAt: stored.firstReceivedAt };
  }

  /** The contracts of a tender held here (read into the cache by a contracts query of its id). */
  relatedContracts(tenderId: number): ContractRow[] {
    const views = viewQueries(this.deps.cache);
    return views.objects('contract', views.contractIdsOfTender(tenderId)).map(contractRow);
  }

  /** The held version's stored object, when there is no network to fetch its card. */
  private storedAsCard(req: CardRequest): OpenedCard | undefined {
    const { cache } = this.deps;
    const id = resolveCachedId(cache, req);
    if (id === undefined) return undefined;
    const latest = versionStore(cache).latest(req.kind, id);
    if (!latest) return undefined;
    return { card: latest.object as Record<string, unknown>, id, version: latest.version, source: 'cache', charged: false, storedObject: true };
  }
}
