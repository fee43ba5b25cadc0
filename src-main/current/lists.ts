/**
 * Lists of the current generation. Every edit goes through the outbox (its Idempotency-Key stored before
 * sending), so an edit is never applied twice; the app's edit sender queues it with no network and it is then
 * applied to the local copy at once and sent when the network returns (a list created offline has a temporary
 * id until then, sync/outbox.ts). Rename and delete are local only: the API has neither route (2.6a). The
 * app's lists.* and the CLI's `list` are adapters over this.
 */
import { randomBytes } from 'node:crypto';
import type { CacheDb } from '../cache/database';
import { listStore, type CachedList } from '../cache/listStore';
import { outboxStore } from '../cache/outboxStore';
import { isProvisional } from '../cache/versionMatch';
import { versionStore } from '../cache/versionStore';
import { viewQueries, type ListSort } from '../cache/viewQueries';
import type { ListInfo, MethodResult } from '../contract/ipc';
import { appError } from '../domain/appError';
import { listNameProblem } from '../domain/listName';
import { mirrorListMembers, mirrorLists } from '../sync/mirrors';
import { countItemEdit, isLocalListId, LOCAL_LIST_PREFIX, mutate, serverListId, type Mutation } from '../sync/outbox';
import type { MutationOutcome } from './deps';
import { tryCall, type CurrentNet } from './net';
import { tenderViewRow } from './rows';

export interface ListDeps {
  readonly cache: CacheDb;
  readonly net: CurrentNet;
  /** Sends an edit through the outbox (the app's queues it when the network is away). */
  mutate(m: Mutation): Promise<MutationOutcome>;
}

/** The edit sender without a queue (the CLI): through the outbox (its key stored first) and sent at once. */
export function sendNow(cache: CacheDb, net: CurrentNet): ListDeps['mutate'] {
  return async (m) => ({ queued: false, result: await net.call((client) => mutate(cache, client, m)) });
}

/** What an item edit did: the server's counts when its answer gives them, else counted here; queued offline. */
export type ItemEdit = { changed: number; unchanged: number; queued: boolean; answer: Record<string, unknown> | null };

/** Refuses a name the reference does not allow (1-255 characters), in both languages, rather than cutting it. */
export function checkListName(name: string): void {
  const problem = listNameProblem(name);
  if (problem) throw appError('invalid_input', problem.ru, problem.en);
}

export class ListUseCases {
  constructor(private readonly deps: ListDeps) {}

  /** A list held here and not deleted here. */
  visible(listId: string): CachedList | undefined {
    const list = listStore(this.deps.cache).getList(listId);
    return list && list.hiddenAt === null ? list : undefined;
  }

  require(listId: string): CachedList {
    const list = this.visible(listId);
    if (!list) throw appError('not_found', `Списка ${listId} нет в кэше: обновите перечень списков.`, `List ${listId} is not in the cache: refresh the lists.`);
    return list;
  }

  /** The lists held here, read again from the server first when that is worth trying. */
  async lists({ refresh }: { refresh: boolean }): Promise<ListInfo[]> {
    if (refresh) await tryCall(this.deps.net, (client) => mirrorLists(client, this.deps.cache));
    const pending = this.pendingByList();
    return listStore(this.deps.cache)
      .lists()
      .map((l) => this.info(l, pending));
  }

  info(list: CachedList, pending = this.pendingByList()): ListInfo {
    return { listId: list.listId, name: list.name, serverName: list.serverName, description: list.description, createdAt: list.createdAt, itemsCount: list.itemsCount, pendingEdits: pending.get(list.listId) ?? 0 };
  }

  async create(name: string, description?: string): Promise<ListInfo> {
    checkListName(name);
    const localId = `${LOCAL_LIST_PREFIX}${randomBytes(8).toString('hex')}`;
    const outcome = await this.deps.mutate({ op: 'list.create', payload: { name, ...(description !== undefined ? { description } : {}), localId } });
    const listId = outcome.queued ? localId : String(outcome.result.list_id);
    if (outcome.queued) listStore(this.deps.cache).upsertList({ listId, name, description: description ?? '', createdAt: new Date().toISOString() });
    return this.info(this.require(listId));
  }

  /** A name of the list here only; null (or the server's name again) goes back to the server's name. */
  rename(listId: string, name: string | null): { list: CachedList; local: string | null } {
    const list = this.require(listId);
    if (name !== null) checkListName(name);
    const local = name === null || name === list.serverName ? null : name;
    listStore(this.deps.cache).renameLocally(listId, local);
    return { list: this.require(listId), local };
  }

  /** Hidden here: the server keeps it. Refused while edits of it are queued (they would still reach it). */
  delete(listId: string): { deleted: boolean } {
    this.require(listId);
    if ((this.pendingByList().get(listId) ?? 0) > 0) {
      throw appError(
        'conflict',
        'У списка есть правки, ещё не отправленные на сервер: удалите его, когда они будут отправлены.',
        'The list has edits not sent to the server yet: delete it once they are sent.',
      );
    }
    return { deleted: listStore(this.deps.cache).hideList(listId) };
  }

  /**
   * Adds or removes tenders. The answer's body is "not shown" (4.12, 4.13): its counts when it gives them,
   * else counted against the members held before the edit. Queued offline: applied to the local copy now.
   */
  async editItems(op: 'list.add' | 'list.remove', listId: string, ids: number[]): Promise<ItemEdit> {
    const lists = listStore(this.deps.cache);
    const before = new Set(lists.items(listId).map((m) => m.tenderId));
    const outcome = await this.deps.mutate({ op, payload: { listId, ids } });
    if (outcome.queued) {
      const local = op === 'list.add' ? lists.addItems(listId, ids) : lists.removeItems(listId, ids);
      const [changed, unchanged] = 'added' in local ? [local.added, local.alreadyPresent] : [local.removed, local.notPresent];
      return { changed, unchanged, queued: true, answer: null };
    }
    const r = outcome.result;
    const [changed, unchanged] = op === 'list.add' ? [r.added, r.already_present] : [r.removed, r.not_present];
    if (typeof changed === 'number' && typeof unchanged === 'number') return { changed, unchanged, queued: false, answer: r };
    return { ...countItemEdit(op, ids, before), queued: false, answer: r };
  }

  /**
   * Moves a member to `place` (1-based) in the list's own order, the one its table and exports follow. Here only:
   * the API has no route for member order, and a sync keeps the analyst's order from now on (D-LIST-8).
   */
  move(listId: string, tenderId: number, place: number): { position: number } {
    this.require(listId);
    const position = listStore(this.deps.cache).moveItem(listId, tenderId, place);
    if (position === null) throw appError('not_found', `Закупки ${tenderId} нет в списке.`, `Tender ${tenderId} is not in the list.`);
    return { position };
  }

  /**
   * A page of the list's members held here (`among`: only these tenders); the first page reads them again from
   * the server when safe.
   */
  async members(listId: string, sort: ListSort | undefined, offset: number, limit: number, among?: readonly number[]): Promise<MethodResult<'lists.members'>> {
    this.require(listId);
    if (offset === 0) await this.refreshMembers(listId);
    const page = viewQueries(this.deps.cache).listTenders(listId, sort, offset, limit, among);
    return { rows: page.rows.map((r) => ({ ...tenderViewRow(r), listPosition: r.listPosition })), count: page.count, missing: page.missing };
  }

  /**
   * Each member with the version held here (the feed item's, 2.4, not the object's own: a tender object need
   * not carry one; null when the server stated none) and that version's object, null when none is held.
   */
  heldMembers(listId: string): { tenderId: number; version: number | null; object: Record<string, unknown> | null }[] {
    const versions = versionStore(this.deps.cache);
    return listStore(this.deps.cache)
      .items(listId)
      .map((m) => {
        const held = versions.latest('tender', m.tenderId);
        return { tenderId: m.tenderId, version: held && !isProvisional(held.version) ? held.version : null, object: held ? (held.object as Record<string, unknown>) : null };
      });
  }

  /** Reads a list's members again from the server when that is possible and safe (no edits of it queued). */
  async refreshMembers(listId: string): Promise<void> {
    if (isLocalListId(listId) || (this.pendingByList().get(listId) ?? 0) > 0) return;
    await tryCall(this.deps.net, (client) => mirrorListMembers(client, this.deps.cache, listId));
  }

  /** A list made offline is known to the server under another id once its creation was sent. */
  serverIdOf(listId: string): string {
    if (!isLocalListId(listId)) return listId;
    const id = serverListId(this.deps.cache, listId);
    if (!id) {
      throw appError('offline', 'Список создан без сети и ещё не отправлен на сервер: он будет отправлен, когда связь появится.', 'The list was made offline and has not reached the server yet: it is sent when the network returns.');
    }
    return id;
  }

  /** Queued edits per list (a list made offline counts its own creation). */
  private pendingByList(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const e of outboxStore(this.deps.cache).pending()) {
      const p = (e.payload ?? {}) as { listId?: unknown; localId?: unknown };
      const id = typeof p.listId === 'string' ? p.listId : typeof p.localId === 'string' ? p.localId : null;
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }
}
