/**
 * documents.*: thin over the use cases in src-main/documents, the ones `tenderwb docs` calls. All of
 * it reads the active profile's cache and the document store beside it: no API request, no units, offline too
 * (a download needs the documents' host, not the API). A download runs as a job (documentJobs.ts); opening a
 * document copies it under a safe name and hands it to the host (Electron: the system's program; browser mode:
 * a one-time download), an executable or script refused.
 */
import { documentSearch } from '../cache/documentSearch';
import { OfflineQueryError } from '../cache/errors';
import { insightStore } from '../cache/insightStore';
import { listStore } from '../cache/listStore';
import type { Handlers } from '../contract/ipc';
import { AppError, appError } from '../domain/appError';
import { safeDocumentFileName } from '../domain/documentFiles';
import { tenderDocuments } from '../documents/cardDocuments';
import { diffTenderDocuments, DocumentDiffError } from '../documents/documentDiff';
import { tenderDocumentStates } from '../documents/documentStates';
import { documentFilesOf } from '../documents/downloadDocuments';
import { copyDocumentForOpening, DocumentOpenError, findTenderDocument } from '../documents/openDocument';
import { pick } from '../i18n/text';
import type { AppContext } from './context';
import { documentsJobKey } from './documentJobs';
import type { HostPlatform } from './hostPlatform';

type DocumentHandlers = Pick<
  Handlers,
  'documents.ofTender' | 'documents.fetch' | 'documents.search' | 'documents.diff' | 'documents.open' | 'documents.settings' | 'documents.setSettings'
>;

export function documentHandlers(ctx: AppContext, platform: HostPlatform): DocumentHandlers {
  const cache = () => ctx.session().cache;
  const say = (t: { ru: string; en: string }): string => pick(t, ctx.locale);
  return {
    'documents.ofTender': async ({ tenderId }) => {
      const c = cache();
      const held = tenderDocumentStates(c, documentFilesOf(c), tenderId);
      const jobId = ctx.jobs.runningFor(documentsJobKey({ kind: 'tender', tenderId }))?.view.jobId ?? null;
      if (!held) return { tenderId, version: null, documents: [], unreadable: 0, jobId };
      return {
        tenderId,
        version: held.version,
        unreadable: held.unreadable,
        jobId,
        documents: held.documents.map((d) => ({
          ordinal: d.ordinal,
          id: d.id,
          name: d.name,
          extension: d.extension,
          state: d.state,
          bytes: d.bytes,
          reason: d.reason ? say(d.reason) : null,
          openable: safeDocumentFileName(d.name, d.extension) !== null,
        })),
      };
    },

    'documents.fetch': async ({ scope }) => {
      const c = cache();
      let tenderIds: number[];
      let label: string;
      if (scope.kind === 'tender') {
        if (!tenderDocuments(c, scope.tenderId)) {
          throw appError('not_found', `Карточка закупки ${scope.tenderId} не открывалась: документы берутся из карточки — откройте её.`, `Tender ${scope.tenderId}'s card was never opened: the documents come from the card; open it.`);
        }
        tenderIds = [scope.tenderId];
        label = say({ ru: `Документы закупки ${scope.tenderId}`, en: `Documents of tender ${scope.tenderId}` });
      } else {
        const lists = listStore(c);
        const list = lists.getList(scope.listId);
        if (!list) throw appError('not_found', `Списка ${scope.listId} нет в кэше.`, `List ${scope.listId} is not in the cache.`);
        tenderIds = lists.items(scope.listId).map((m) => m.tenderId);
        label = say({ ru: `Документы списка «${list.name}»`, en: `Documents of list "${list.name}"` });
      }
      const jobId = ctx.startJob({ filterId: documentsJobKey(scope), label, feeds: ['tender'], streams: [], follow: false, documents: { tenderIds } });
      return { jobId, tenders: tenderIds.length };
    },

    'documents.search': async ({ text, laws, regions, tag, status, limit }) => {
      const c = cache();
      let hits;
      try {
        hits = documentSearch(c).search({ text, limit, ...(laws ? { laws } : {}), ...(regions ? { regions } : {}), ...(tag !== undefined ? { tag } : {}), ...(status !== undefined ? { status } : {}) });
      } catch (e) {
        if (e instanceof OfflineQueryError) throw new AppError('invalid_input', e.text);
        throw e;
      }
      const names = new Map(insightStore(c).tenderFactsByIds([...new Set(hits.map((h) => h.tenderId))]).map((t) => [t.id, t.name]));
      return {
        hits: hits.map((h) => ({ tenderId: h.tenderId, version: h.version, tenderName: names.get(h.tenderId) ?? null, document: h.document, extension: h.extension, snippet: h.parts })),
      };
    },

    'documents.diff': async ({ tenderId, from, to }) => {
      let diff;
      try {
        diff = diffTenderDocuments(cache(), tenderId, from, to);
      } catch (e) {
        if (e instanceof DocumentDiffError) throw new AppError('not_found', e.text);
        throw e;
      }
      return {
        tenderId: diff.tenderId,
        from: diff.from,
        to: diff.to,
        summary: say(diff.summary),
        documents: diff.documents.map((d) => ({ name: d.name, extension: d.extension, change: d.change, parts: d.parts, summary: say(d.summary) })),
      };
    },

    'documents.open': async ({ tenderId, ordinal }) => {
      const c = cache();
      let copy;
      try {
        copy = await copyDocumentForOpening(c, documentFilesOf(c), tenderId, findTenderDocument(c, tenderId, String(ordinal)));
      } catch (e) {
        if (e instanceof DocumentOpenError) throw new AppError(e.code === 'refused' ? 'not_supported' : 'not_found', e.text);
        throw e;
      }
      if (platform.openPath) return { opened: await platform.openPath(copy.path), downloadUrl: null, fileName: copy.fileName };
      if (platform.publishDownload) return { opened: false, downloadUrl: await platform.publishDownload(copy.path, copy.fileName), fileName: copy.fileName };
      throw appError('not_supported', 'Открыть документ здесь нечем.', 'There is nothing to open the document with here.');
    },

    'documents.settings': async () => ctx.settings.value.documents,
    'documents.setSettings': async (documents) => {
      await ctx.settings.update({ documents });
      // What is chosen now downloads now (the cards already held), not only after the next sync.
      ctx.autoDocuments.kick();
      return ctx.settings.value.documents;
    },
  };
}
