/**
 * lists.*: thin over the session's workbench (current/lists.ts, whose edits go through the app's outbox
 * sender: queued with no network, sent once when it returns); a list's feed is read as a job and its CSV
 * written to the host's save target (csvExport.ts). A teammate's list edits a team sync pulled emit `lists.changed`.
 */
import { onPulledChanges } from '../cache/sharedChangeStore';
import type { Handlers, ListSort } from '../contract/ipc';
import { exportListCsv } from '../export/listExport';
import { tendersMarkedAs, withRowMarks } from '../marks/rowMarks';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { chosenColumns, datedFileName, exportColumns, exportToTarget } from './csvExport';
import { listPageByRelevance, withRelevance } from './relevanceRows';

type ListHandlers = Pick<
  Handlers,
  | 'lists.list'
  | 'lists.create'
  | 'lists.rename'
  | 'lists.delete'
  | 'lists.addItems'
  | 'lists.removeItems'
  | 'lists.moveItem'
  | 'lists.members'
  | 'lists.sync'
  | 'lists.estimate'
  | 'lists.exportColumns'
  | 'lists.export'
>;

export function listHandlers(ctx: AppContext, platform: HostPlatform): ListHandlers {
  /** The list use cases of the active workbench; edits go through the app's outbox sender (queued offline). */
  const lists = () => ctx.workbench().lists;
  // A team sync writes a teammate's list edits (name, members...) into the cache outside these handlers: those of
  // the session's cache are told, so the open list views reload (a pull into a cache no longer active is nobody's view).
  onPulledChanges((pulledInto, applied) => {
    if (applied.listIds.length > 0 && ctx.sessionOrNull()?.cache === pulledInto) ctx.emit('lists.changed', { listIds: applied.listIds });
  });
  return {
    'lists.list': async () => lists().lists({ refresh: true }),

    'lists.create': async ({ name, description }) => {
      ctx.currentGeneration();
      return lists().create(name, description);
    },

    'lists.rename': async ({ listId, name }) => {
      ctx.currentGeneration();
      const wb = lists();
      return wb.info(wb.rename(listId, name).list);
    },

    'lists.delete': async ({ listId }) => {
      ctx.currentGeneration();
      return lists().delete(listId);
    },

    'lists.addItems': async ({ listId, ids }) => {
      ctx.currentGeneration();
      const wb = lists();
      wb.require(listId);
      const e = await wb.editItems('list.add', listId, ids);
      return { added: e.changed, alreadyPresent: e.unchanged, queued: e.queued };
    },

    'lists.removeItems': async ({ listId, ids }) => {
      ctx.currentGeneration();
      const wb = lists();
      wb.require(listId);
      const e = await wb.editItems('list.remove', listId, ids);
      return { removed: e.changed, notPresent: e.unchanged, queued: e.queued };
    },

    'lists.moveItem': async ({ listId, tenderId, place }) => {
      ctx.currentGeneration();
      return lists().move(listId, tenderId, place);
    },

    'lists.members': async ({ listId, sort, offset, limit, marks }) => {
      const { cache } = ctx.session();
      const only = tendersMarkedAs(cache, marks);
      const triage = ctx.settings.value.triage;
      // «Релевантность» sorts the whole list by the triage model; until it is ready, the list's own order.
      const own = sort?.column === 'relevance' ? undefined : (sort as ListSort | undefined);
      const page = await lists().members(listId, own, offset, limit, only);
      const ranked = sort?.column === 'relevance' ? listPageByRelevance(cache, listId, sort.direction, offset, limit, only, triage) : null;
      return { ...page, rows: withRelevance(cache, withRowMarks(cache, ranked ?? page.rows), triage) };
    },

    'lists.sync': async ({ listId, maxSpend, confirmCost }) => {
      ctx.currentGeneration();
      const wb = lists();
      const list = wb.require(listId);
      const serverId = wb.serverIdOf(listId);
      await wb.refreshMembers(serverId);
      const { jobId } = await ctx.currentWorkbench().feedJob('tender', { list_id: serverId }, {
        label: list.name,
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
      });
      return { jobId };
    },

    'lists.estimate': async ({ listId, maxSpend }) => {
      ctx.currentGeneration();
      const wb = lists();
      wb.require(listId);
      return (await ctx.currentWorkbench().feedEstimate('tender', { list_id: wb.serverIdOf(listId) }, maxSpend)).spend;
    },

    'lists.exportColumns': async () => exportColumns(ctx.locale, true),

    'lists.export': async ({ listId, columns, delimiter, excel, format }) => {
      const session = ctx.session();
      const list = lists().require(listId);
      const chosen = chosenColumns(columns, true);
      // From the members held here, never waiting on the network: the list view's refresh reads them.
      return exportToTarget(platform, ctx.rootDir, session, datedFileName(list.name, 'list', format), (target) =>
        exportListCsv(session.cache, listId, chosen, target, { delimiter, keepTextAsText: excel, format, locale: ctx.locale }),
      );
    },
  };
}
