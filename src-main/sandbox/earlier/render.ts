/**
 * The JSON shapes of the earlier generation (reference document 2, sections 2.1-2.6), exactly the fields it
 * lists. They are built from the same catalogue rows and the same derivations as the current generation's
 * cards, so a tender reads the same in both generations.
 */
import type { OrganizationRow, TenderRow, TenderVersionRow } from '../data/rows';
import { PLACEMENT_TYPES, PLATFORMS, PURCHASE_TYPES, regionByCode, type DictionaryItem } from '../data/dictionaries';
import { servedStatus } from '../service/tenderStatus';
import { deriveTenderExtras, tenderLots, tenderPositions, type Position } from '../data/derive';

export type Ref = { id: number; name: string | null };

const nameIn = (items: readonly DictionaryItem[], id: number): string | null => items.find((i) => i.id === id)?.name ?? null;

function regionName(code: number): string | null {
  try {
    return regionByCode(code).name;
  } catch {
    return null;
  }
}

export const regionRef = (t: Pick<TenderRow, 'region'>): Ref => ({ id: t.region, name: regionName(t.region) });
export const platformRef = (t: Pick<TenderRow, 'platform'>): Ref => ({ id: t.platform, name: nameIn(PLATFORMS, t.platform) });
/** The status as served at `nowMs` on the sandbox clock: an open tender past its deadline is «Работа комиссии» (D-STATUS-1). */
export const statusRef = (t: Pick<TenderRow, 'status' | 'end_date'>, nowMs: number | null): Ref => {
  const s = servedStatus(t.status, t.end_date, nowMs);
  return { id: s.id, name: s.name };
};

/** 2.1: an item of `GET /tenders`. */
export function listItem(t: TenderRow, customer: Pick<OrganizationRow, 'name' | 'inn'>, isNew: boolean, nowMs: number | null): Record<string, unknown> {
  return {
    id: t.id,
    etp_id: t.etp_id,
    name: t.title,
    price: t.price,
    publish_date: t.publish_date,
    end_date: t.end_date,
    update_date: t.update_date,
    end_date_computed: false,
    region: regionRef(t),
    platform: platformRef(t),
    status: statusRef(t, nowMs),
    organization: { name: customer.name, inn: customer.inn },
    is_new: isNew,
  };
}

/** 2.6: an item of `GET /favorites/updates` (the fields the reference lists for it). */
export function updateItem(t: TenderRow, isNew: boolean, nowMs: number | null): Record<string, unknown> {
  return {
    id: t.id,
    etp_id: t.etp_id,
    name: t.title,
    price: t.price,
    publish_date: t.publish_date,
    end_date: t.end_date,
    update_date: t.update_date,
    region: regionRef(t),
    platform: platformRef(t),
    status: statusRef(t, nowMs),
    is_new: isNew,
  };
}

/** 2.6: an item of `GET /favorites`; `id` is the internal tender id, `tender_id` the platform id (D-E-FAV-2). */
export function favoriteItem(t: TenderRow, favoritedAt: string, nowMs: number | null): Record<string, unknown> {
  return {
    id: t.id,
    tender_id: t.etp_id,
    name: t.title,
    price: t.price,
    publish_date: t.publish_date,
    end_date: t.end_date,
    region_name: regionName(t.region),
    platform_name: nameIn(PLATFORMS, t.platform),
    status_name: statusRef(t, nowMs).name,
    favorited_at: favoritedAt,
  };
}

const detailPosition = (p: Position): Record<string, unknown> => ({
  lot_ordinal: p.lot_ordinal,
  position_ordinal: p.position_ordinal,
  title: p.title,
  characteristics: p.characteristics,
  quantity: p.quantity,
  unit: p.unit,
  price: p.price,
  amount: p.amount,
  okpd2_code: p.okpd2_code,
  okpd2_name: p.okpd2_name,
  ktru_code: p.ktru_code,
});

export const pagesOf = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

/** 2.3: the tender detail, positions paged by `positions_page` / `positions_page_size`. */
export function detail(
  seed: number,
  t: TenderRow,
  ver: TenderVersionRow,
  customer: OrganizationRow,
  isNew: boolean,
  positionsPage: number,
  positionsPageSize: number,
  nowMs: number | null,
  fileOrigin = '',
): Record<string, unknown> {
  const extras = deriveTenderExtras(seed, t, customer, ver, fileOrigin);
  return {
    ...listItem(t, customer, isNew, nowMs),
    start_date: t.start_date,
    advance: extras.advance,
    source_url: extras.source_url,
    placement_type: { id: t.placement_type, name: nameIn(PLACEMENT_TYPES, t.placement_type) },
    purchase_type: { id: t.purchase_type, name: nameIn(PURCHASE_TYPES, t.purchase_type) },
    organization: {
      name: customer.name,
      inn: customer.inn,
      kpp: customer.kpp,
      ogrn: customer.ogrn,
      address: customer.address,
      administrator: extras.administrator,
    },
    lots: extras.lots,
    positions: tenderPositions(seed, t, ver, positionsPage, positionsPageSize).map(detailPosition),
    positions_total: t.positions_count,
    positions_page: positionsPage,
    positions_page_size: positionsPageSize,
    positions_pages: pagesOf(t.positions_count, positionsPageSize),
    documents: extras.documents,
  };
}

/** 2.4: `GET /tenders/{id}/positions`. */
export function positionsPage(seed: number, t: TenderRow, ver: TenderVersionRow, page: number, pageSize: number): Record<string, unknown> {
  const lots = new Map(tenderLots(seed, t, ver).map((l) => [l.ordinal, l]));
  const items = tenderPositions(seed, t, ver, page, pageSize).map((p) => {
    const lot = lots.get(p.lot_ordinal);
    return {
      lot_ordinal: p.lot_ordinal,
      position_ordinal: p.position_ordinal,
      lot_title: lot?.title ?? null,
      lot_price: lot?.price ?? null,
      position_title: p.title,
      characteristics: p.characteristics,
      quantity: p.quantity,
      unit: p.unit,
      price: p.price,
      amount: p.amount,
      okpd2: { code: p.okpd2_code, name: p.okpd2_name },
      ktru: p.ktru_code ? { code: p.ktru_code, name: p.ktru_name ?? p.title } : null,
    };
  });
  return { total: t.positions_count, page, page_size: pageSize, pages: pagesOf(t.positions_count, pageSize), items };
}
