/**
 * card.*: thin over the session's workbench (current/cards.ts: cached first, else fetched, else the stored
 * object where the server cannot be reached); a tender of an earlier-generation profile is opened by its
 * EarlierWorkbench, with the same result shape.
 */
import type { CardResult, Handlers } from '../contract/ipc';
import { resolveCachedId, type CardRequest } from '../cards/openCard';
import { openByReference, OpenReferenceError } from '../cards/openByReference';
import { versionsOf } from '../current/cards';
import type { AppContext } from './context';
import { appError } from '../domain/appError';

type CardHandlers = Pick<Handlers, 'card.tender' | 'card.contract' | 'card.open' | 'card.version' | 'card.relatedContracts'>;

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
    versions: versionsOf(session.cache, 'tender', opened.id),
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
  return session.current.cards.openForView(req);
}

export function cardHandlers(ctx: AppContext): CardHandlers {
  const cards = () => ctx.workbench().cards;
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

    'card.version': async ({ kind, id, version }) => cards().version(kind, id, version),

    'card.relatedContracts': async ({ tenderId, refresh }) => {
      const rows = cards().relatedContracts(tenderId);
      let jobId: string | null = null;
      if (refresh) jobId = (await ctx.currentWorkbench().feedJob('contract', { tender_ids: [tenderId] })).jobId;
      return { rows, jobId };
    },
  };
}

const invalidId = () =>
  appError('invalid_input', 'Внутренний номер — это число; для номера на площадке выберите внешний номер.', 'An internal id is a number; choose the external id type for a platform number.');
