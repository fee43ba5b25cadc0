/**
 * card.*: a cached card of the newest held version opens with no request (free, offline), also when asked
 * for by its platform or registry number; otherwise it is fetched, stored and reported as charged or free.
 * With no network, a held version without a cached card is shown from its stored feed object (positions
 * are then not known).
 */
import type { CardResult, Handlers } from '../contract/ipc';
import { cachedCard, fetchCard, resolveCachedId, type CardRequest, type OpenedCard } from '../cards/openCard';
import { openByReference, OpenReferenceError } from '../cards/openByReference';
import { listStore } from '../cache/listStore';
import { versionStore } from '../cache/versionStore';
import { viewQueries } from '../cache/viewQueries';
import type { ObjectKind } from '../cache/types';
import { isNetworkFailure } from './connectivity';
import type { AppContext, Session } from './context';
import { appError } from './errors';
import { contractRow } from './rows';

type CardHandlers = Pick<Handlers, 'card.tender' | 'card.contract' | 'card.open' | 'card.version' | 'card.relatedContracts'>;

function versionsOf(session: Session, kind: ObjectKind, id: number): CardResult['versions'] {
  const deliveries = versionStore(session.cache).deliveries(kind, id);
  return versionStore(session.cache)
    .history(kind, id)
    .map((v) => ({
      version: v.version,
      receivedAt: v.firstReceivedAt,
      billed: deliveries.some((d) => d.version === v.version && d.billed),
      via: v.firstVia,
    }));
}

/** The held version's stored object, when there is no network to fetch its card. */
function storedAsCard(session: Session, req: CardRequest): OpenedCard | undefined {
  const id = resolveCachedId(session.cache, req);
  if (id === undefined) return undefined;
  const latest = versionStore(session.cache).latest(req.kind, id);
  if (!latest) return undefined;
  return { card: latest.object as Record<string, unknown>, id, version: latest.version, source: 'cache', charged: false };
}

/**
 * A tender of an earlier-generation profile: its detail (lots, positions by `lot_ordinal`, documents,
 * organization) from the cache when that version and positions page were fetched, else from the server
 * (charged once per tender in that generation); offline, the newest cached copy.
 */
async function openEarlierTender(ctx: AppContext, id: number, req: CardRequest): Promise<CardResult> {
  const session = ctx.earlierSession();
  const wb = session.earlier.workbench;
  const paging = { positionsPage: req.positionsPage, positionsPageSize: req.positionsLimit };
  const opened = wb.cachedTender(id, paging) ?? (await ctx.earlierNet(() => wb.openTender(id, paging)));
  if (opened.offline) ctx.connectivity.noteUnreachable();
  return {
    kind: 'tender',
    card: opened.card,
    version: opened.version,
    source: opened.source,
    charged: opened.charged,
    positionsPage: opened.positionsPage,
    positionsLimit: opened.positionsPageSize,
    versions: versionsOf(session, 'tender', opened.id),
    listIds: [],
  };
}

async function openCard(ctx: AppContext, req: CardRequest): Promise<CardResult & { id: number }> {
  const session = ctx.session();
  if (session.earlier !== null) {
    // The earlier generation reads tenders by internal id only and has no contracts (document 2).
    const id = resolveCachedId(session.cache, req);
    if (req.kind !== 'tender' || id === undefined) {
      throw appError('not_supported', 'В API прежнего поколения карточка открывается только у закупки по её внутреннему номеру.', 'The earlier API generation opens only tenders, by their internal id.');
    }
    return { ...(await openEarlierTender(ctx, id, req)), id };
  }
  let opened = cachedCard(session.cache, req);
  if (!opened) {
    const fallback = () => storedAsCard(session, req);
    if (!ctx.online || session.generation !== 'current') opened = fallback();
    if (!opened) {
      try {
        opened = await ctx.net(() => fetchCard(session.cache, session.client, req));
      } catch (e) {
        opened = isNetworkFailure(e) ? fallback() : undefined;
        if (!opened) throw e;
      }
    }
  }
  return {
    kind: req.kind,
    card: opened.card,
    version: opened.version,
    source: opened.source,
    charged: opened.charged,
    positionsPage: req.positionsPage,
    positionsLimit: req.positionsLimit,
    versions: versionsOf(session, req.kind, opened.id),
    listIds: req.kind === 'tender' ? listStore(session.cache).listsOf(opened.id) : [],
    id: opened.id,
  };
}

export function cardHandlers(ctx: AppContext): CardHandlers {
  return {
    'card.tender': ({ id, idType, positionsPage, positionsLimit }) => {
      if (idType === 'internal' && typeof id === 'string' && !/^\d{1,15}$/.test(id)) {
        throw invalidId();
      }
      return openCard(ctx, { kind: 'tender', id, idType, positionsPage, positionsLimit });
    },

    'card.contract': ({ id, idType, positionsPage, positionsLimit }) => {
      if (idType === 'internal' && typeof id === 'string' && !/^\d{1,15}$/.test(id)) throw invalidId();
      return openCard(ctx, { kind: 'contract', id, idType, positionsPage, positionsLimit });
    },

    'card.open': async ({ reference }) => {
      try {
        const { result } = await openByReference(reference, (at) => openCard(ctx, { kind: at.kind, id: at.id, idType: at.idType, positionsPage: 1, positionsLimit: 20 }));
        return result;
      } catch (e) {
        if (e instanceof OpenReferenceError) throw appError(e.reason === 'invalid' ? 'invalid_input' : 'not_found', e.text.ru, e.text.en);
        throw e;
      }
    },

    'card.version': async ({ kind, id, version }) => {
      const stored = versionStore(ctx.session().cache).get(kind, id, version);
      if (!stored) throw appError('not_found', 'Эта версия не сохранена в кэше.', 'This version is not stored in the cache.');
      return { object: stored.object as Record<string, unknown>, receivedAt: stored.firstReceivedAt };
    },

    'card.relatedContracts': async ({ tenderId, refresh }) => {
      const session = ctx.session();
      const views = viewQueries(session.cache);
      const rows = views.objects('contract', views.contractIdsOfTender(tenderId)).map(contractRow);
      let jobId: string | null = null;
      if (refresh) jobId = (await ctx.contractsJob({ tender_ids: [tenderId] })).jobId;
      return { rows, jobId };
    },
  };
}

const invalidId = () =>
  appError('invalid_input', 'Внутренний номер — это число; для номера на площадке выберите внешний номер.', 'An internal id is a number; choose the external id type for a platform number.');
