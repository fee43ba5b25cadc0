/**
 * lists.*: every edit goes through the outbox (its Idempotency-Key stored before sending), so an edit is
 * never applied twice; with no network it is queued, applied to the local copy at once, and sent when the
 * network returns. A list created offline has a temporary id until then (sync/outbox.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Handlers, ListInfo } from '../contract/ipc';
import { listStore, type CachedList } from '../cache/listStore';
import { outboxStore } from '../cache/outboxStore';
import { viewQueries } from '../cache/viewQueries';
import { listNameProblem } from '../domain/listName';
import { exportListCsv } from '../export/listExport';
import { mirrorListMembers, mirrorLists } from '../sync/mirrors';
import { countItemEdit, isLocalListId, LOCAL_LIST_PREFIX, serverListId } from '../sync/outbox';
import type { HostPlatform } from './hostPlatform';
import { isNetworkFailure } from './connectivity';
import type { AppContext, Session } from './context';
import { chosenColumns, exportColumns, exportToTarget, safeFileName } from './csvExport';
import { appError } from './errors';
import { tenderViewRow } from './rows';

type ListHandlers = Pick<
  Handlers,
  | 'lists.list'
  | 'lists.create'
  | 'lists.rename'
  | 'lists.delete'
  | 'lists.addItems'
  | 'lists.removeItems'
  | 'lists.members'
  | 'lists.sync'
  | 'lists.estimate'
  | 'lists.exportColumns'
  | 'lists.export'
>;

/** Refuses a name the reference does not allow (1-255 characters), in the user's language, rather than cutting it. */
function checkListName(name: string): void {
  const problem = listNameProblem(name);
  if (problem) throw appError('invalid_input', problem.ru, problem.en);
}


/** Queued edits per list (a list made offline counts its own creation). */
function pendingByList(session: Session): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of outboxStore(session.cache).pending()) {
    const p = (e.payload ?? {}) as { listId?: unknown; localId?: unknown };
    const id = typeof p.listId === 'string' ? p.listId : typeof p.localId === 'string' ? p.localId : null;
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

function listInfo(session: Session, list: CachedList, pending = pendingByList(session)): ListInfo {
  return { listId: list.listId, name: list.name, serverName: list.serverName, description: list.description, createdAt: list.createdAt, itemsCount: list.itemsCount, pendingEdits: pending.get(list.listId) ?? 0 };
}

function requireList(session: Session, listId: string): CachedList {
  const list = listStore(session.cache).getList(listId);
  if (!list || list.hiddenAt !== null) throw appError('not_found', 'Такого списка нет в кэше: обновите перечень списков.', 'This list is not in the cache: refresh the lists.');
  return list;
}

/** A list made offline is known to the server under another id once its creation was sent. */
function serverIdOf(session: Session, listId: string): string {
  if (!isLocalListId(listId)) return listId;
  const id = serverListId(session.cache, listId);
  if (!id) {
    throw appError('offline', 'Список создан без сети и ещё не отправлен на сервер: он будет отправлен, когда связь появится.', 'The list was made offline and has not reached the server yet: it is sent when the network returns.');
  }
  return id;
}

/** Refreshes a list's members from the server when that is possible and safe (no edits of it queued). */
async function refreshMembers(ctx: AppContext, session: Session, listId: string): Promise<void> {
  if (!ctx.online || isLocalListId(listId) || session.generation !== 'current' || (pendingByList(session).get(listId) ?? 0) > 0) return;
  try {
    await ctx.net((client) => mirrorListMembers(client, session.cache, listId));
  } catch (e) {
    if (!isNetworkFailure(e)) throw e;
  }
}


export function listHandlers(ctx: AppContext, platform: HostPlatform): ListHandlers {
  return {
    'lists.list': async () => {
      const session = ctx.session();
      if (ctx.online && session.generation === 'current') {
        try {
          await ctx.net((client) => mirrorLists(client, session.cache));
        } catch (e) {
          if (!isNetworkFailure(e)) throw e;
        }
      }
      const pending = pendingByList(session);
      return listStore(session.cache)
        .lists()
        .map((l) => listInfo(session, l, pending));
    },

    'lists.create': async ({ name, description }) => {
      const session = ctx.currentGeneration();
      checkListName(name);
      const localId = `${LOCAL_LIST_PREFIX}${randomBytes(8).toString('hex')}`;
      const outcome = await ctx.mutateOrQueue({ op: 'list.create', payload: { name, ...(description !== undefined ? { description } : {}), localId } });
      const listId = outcome.queued ? localId : String(outcome.result.list_id);
      if (outcome.queued) listStore(session.cache).upsertList({ listId, name, description: description ?? '', createdAt: new Date().toISOString() });
      return listInfo(session, requireList(session, listId));
    },

    'lists.rename': async ({ listId, name }) => {
      const session = ctx.currentGeneration();
      const list = requireList(session, listId);
      if (name !== null) checkListName(name);
      // The server's name again when the new one is the server's (or null): nothing local to keep.
      const local = name === null || name === list.serverName ? null : name;
      listStore(session.cache).renameLocally(listId, local);
      return listInfo(session, requireList(session, listId));
    },

    'lists.delete': async ({ listId }) => {
      const session = ctx.currentGeneration();
      requireList(session, listId);
      // Queued edits would still reach the server after the list is gone from view; let them go first.
      if ((pendingByList(session).get(listId) ?? 0) > 0) {
        throw appError(
          'conflict',
          'У списка есть правки, ещё не отправленные на сервер: удалите его, когда они будут отправлены.',
          'The list has edits not sent to the server yet: delete it once they are sent.',
        );
      }
      return { deleted: listStore(session.cache).hideList(listId) };
    },

    'lists.addItems': async ({ listId, ids }) => {
      const session = ctx.currentGeneration();
      requireList(session, listId);
      const before = memberIds(session, listId);
      const outcome = await ctx.mutateOrQueue({ op: 'list.add', payload: { listId, ids } });
      if (!outcome.queued) {
        // The answer's body is "not shown" (4.12): its counts when it gives them, else the local mirror's.
        const { added, already_present: alreadyPresent } = outcome.result;
        if (typeof added === 'number' && typeof alreadyPresent === 'number') return { added, alreadyPresent, queued: false };
        const counted = countItemEdit('list.add', ids, before);
        return { added: counted.changed, alreadyPresent: counted.unchanged, queued: false };
      }
      const local = listStore(session.cache).addItems(listId, ids);
      return { added: local.added, alreadyPresent: local.alreadyPresent, queued: true };
    },

    'lists.removeItems': async ({ listId, ids }) => {
      const session = ctx.currentGeneration();
      requireList(session, listId);
      const before = memberIds(session, listId);
      const outcome = await ctx.mutateOrQueue({ op: 'list.remove', payload: { listId, ids } });
      if (!outcome.queued) {
        // As for adding: the server's counts when given (4.13 shows no body), else the local mirror's.
        const { removed, not_present: notPresent } = outcome.result;
        if (typeof removed === 'number' && typeof notPresent === 'number') return { removed, notPresent, queued: false };
        const counted = countItemEdit('list.remove', ids, before);
        return { removed: counted.changed, notPresent: counted.unchanged, queued: false };
      }
      const local = listStore(session.cache).removeItems(listId, ids);
      return { removed: local.removed, notPresent: local.notPresent, queued: true };
    },

    'lists.members': async ({ listId, sort, offset, limit }) => {
      const session = ctx.session();
      requireList(session, listId);
      if (offset === 0) await refreshMembers(ctx, session, listId);
      const page = viewQueries(session.cache).listTenders(listId, sort, offset, limit);
      return { rows: page.rows.map((r) => ({ ...tenderViewRow(r), listPosition: r.listPosition })), count: page.count, missing: page.missing };
    },

    'lists.sync': async ({ listId, maxSpend, confirmCost }) => {
      const session = ctx.currentGeneration();
      const list = requireList(session, listId);
      const serverId = serverIdOf(session, listId);
      await refreshMembers(ctx, session, serverId);
      const { jobId } = await ctx.feedJob('tender', { list_id: serverId }, {
        label: list.name,
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
      });
      return { jobId };
    },

    'lists.estimate': async ({ listId, maxSpend }) => {
      const session = ctx.currentGeneration();
      requireList(session, listId);
      const serverId = serverIdOf(session, listId);
      return (await ctx.feedEstimate('tender', { list_id: serverId }, maxSpend)).spend;
    },

    'lists.exportColumns': async () => exportColumns(ctx.locale),

    'lists.export': async ({ listId, columns, delimiter, excel }) => {
      const session = ctx.session();
      const list = requireList(session, listId);
      const chosen = chosenColumns(columns);
      // From the members held here, never waiting on the network (issue 13): the list view's refresh reads them.
      return exportToTarget(platform, session, safeFileName(list.name, 'list'), (target) =>
        exportListCsv(session.cache, listId, chosen, target, { delimiter, keepTextAsText: excel }),
      );
    },
  };
}

/** The members the local mirror holds now, to count an edit whose answer has no counts. */
function memberIds(session: Session, listId: string): Set<number> {
  return new Set(listStore(session.cache).items(listId).map((m) => m.tenderId));
}
