/** Temporary cache files and tender/contract objects shaped as the API delivers them (see sandbox render.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import type { FeedItem, FeedPage } from '../../src-main/cache/feedStore';

const dirs: string[] = [];
const opened: CacheDb[] = [];

afterEach(() => {
  for (const c of opened.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh directory removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-cache-test-'));
  dirs.push(dir);
  return dir;
}

/** Opens (and closes after the test) a cache in a fresh directory, or at `file`. */
export function tempCache(file = join(tempDir(), 'cache.db')): CacheDb {
  const cache = openCache(file);
  opened.push(cache);
  return cache;
}

export interface TenderOverrides {
  name?: string;
  description?: string;
  customer?: string;
  price?: number;
  region?: number;
  status?: 'active' | 'completed' | 'cancelled';
  law?: '44-FZ' | '223-FZ' | 'commercial';
  publish?: string;
  end?: string;
  okpd2?: string[];
  extra?: Record<string, unknown>;
}

const STATUS = { active: [1, 'Подача заявок'], completed: [2, 'Завершена'], cancelled: [3, 'Отменена'] } as const;

export function tender(id: number, version: number, o: TenderOverrides = {}): Record<string, unknown> {
  const status = o.status ?? 'active';
  return {
    id,
    etp_id: `0373100${String(id).padStart(6, '0')}`,
    version,
    name: o.name ?? `Поставка канцелярских товаров для нужд учреждения ${id}`,
    description: o.description ?? 'Объект закупки: бумага офисная. Срок поставки: 30 календарных дней.',
    law: o.law ?? '44-FZ',
    purchase_type: { id: 1, name: '44-ФЗ' },
    placement_type: { id: 1, name: 'Электронный аукцион' },
    platform: { id: 2, name: 'Сбербанк-АСТ' },
    region: { id: o.region ?? 77, name: 'г. Москва' },
    status: { id: STATUS[status][0], code: status, name: STATUS[status][1] },
    price: o.price ?? 100_000,
    currency: 'RUB',
    publish_date: o.publish ?? '2026-07-01T10:00:00+03:00',
    start_date: o.publish ?? '2026-07-01T10:00:00+03:00',
    end_date: o.end ?? '2026-07-20T09:00:00+03:00',
    end_date_computed: false,
    update_date: o.publish ?? '2026-07-01T10:00:00+03:00',
    okpd2: (o.okpd2 ?? ['17.12.14.110']).map((code) => ({ code, name: null })),
    organization: { name: o.customer ?? 'ГБОУ Школа № 1', inn: '7701234567', kpp: '770101001', ogrn: '1027700000001' },
    lots_count: 1,
    positions_total: 2,
    ...o.extra,
  };
}

/**
 * A tender as the strict sandbox's feed sends it (only what the reference guarantees: no version, law,
 * placement, okpd2 or status code); `o` overrides fields.
 */
export function strictTender(id: number, etpId: string, o: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    etp_id: etpId,
    name: `Поставка бумаги ${id}`,
    price: 200_000,
    publish_date: '2026-03-31T22:30:00+03:00',
    end_date: '2026-04-10T09:00:00+03:00',
    update_date: '2026-03-31T22:30:00+03:00',
    end_date_computed: false,
    region: { id: 50, name: 'Московская область' },
    platform: { id: 2, name: 'Сбербанк-АСТ' },
    status: { id: 2, name: 'Завершена' },
    organization: { name: 'МБОУ СОШ № 7', inn: '5001234567' },
    ...o,
  };
}

export function contract(id: number, version: number, tenderId: number, paid = 0): Record<string, unknown> {
  return {
    id,
    reestr_number: `2770123456726000${String(id).padStart(3, '0')}`,
    version,
    tender_id: tenderId,
    customer: { name: 'ГБОУ Школа № 1', inn: '7701234567', kpp: '770101001', ogrn: '1027700000001' },
    suppliers: [{ name: 'ООО «Ромашка»', inn: '7707654321', kpp: '770701001', ogrn: '1027700000002' }],
    price: 95_000,
    sign_date: '2026-07-25T12:00:00+03:00',
    execution: { stage: { id: 1, code: 'executing', name: 'Исполнение' }, paid },
  };
}

export function tenderItem(object: Record<string, unknown>, opts: { billed?: boolean; event?: 'created' | 'updated' } = {}): FeedItem {
  return {
    kind: 'tender',
    id: object.id as number,
    version: object.version as number,
    billed: opts.billed ?? true,
    event: opts.event ?? ((object.version as number) > 1 ? 'updated' : 'created'),
    object,
  };
}

/** A contract feed item; `version` is the item's (a strict server's contract object states none). */
export const contractItem = (object: Record<string, unknown>, version = object.version as number): FeedItem => ({
  kind: 'contract',
  id: object.id as number,
  version,
  billed: true,
  event: version > 1 ? 'updated' : 'created',
  object,
});

let requestCounter = 0;

/** A tender feed page of filter `flt_test` (created,updated) with a fresh request id and cursor. */
export function tenderPage(items: FeedItem[], o: Partial<FeedPage> = {}): FeedPage {
  requestCounter++;
  return {
    filterId: 'flt_test',
    feed: 'tender',
    stream: 'created,updated',
    cursor: `cur_${requestCounter}`,
    requestId: `req_${String(requestCounter).padStart(20, '0')}`,
    receivedAt: new Date(Date.UTC(2026, 6, 1, 12, 0, requestCounter)).toISOString(),
    items,
    ...o,
  };
}
