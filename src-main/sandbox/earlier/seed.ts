/**
 * What the web interface of the earlier generation would have made for the demo account (D-E-FLT-2): a few
 * filters with their conditions, one of them with `autosearch` off. Conditions are written as criteria of
 * the current generation, so membership is decided by the same SQL as the current feeds (D-E-FLT-1).
 */
import type { Criteria } from '../api/schemas';

export type SeedFilter = { name: string; description: string; createdDate: string; autosearch: boolean; criteria: Criteria };

const ALL_STATUSES: Criteria['status'] = ['active', 'completed', 'cancelled'];

export const DEMO_FILTERS: readonly SeedFilter[] = [
  {
    name: 'Все закупки',
    description: 'Все закупки по 44-ФЗ, 223-ФЗ и коммерческие, в любом статусе',
    createdDate: '2026-09-01T10:00:00+03:00',
    autosearch: true,
    criteria: { status: ALL_STATUSES },
  },
  {
    name: 'Компьютерная техника',
    description: 'Компьютеры и периферийное оборудование (ОКПД2 26.20), приём заявок',
    createdDate: '2026-09-15T12:30:00+03:00',
    autosearch: true,
    criteria: { okpd2: ['26.20'] },
  },
  {
    name: 'Москва, 44-ФЗ',
    description: 'Закупки заказчиков Москвы по 44-ФЗ, приём заявок',
    createdDate: '2026-10-01T09:15:00+03:00',
    autosearch: true,
    criteria: { regions: [77], purchase_types: [1] },
  },
  {
    name: 'Медицина и фармацевтика',
    description: 'Лекарственные средства (ОКПД2 21) и медицинские изделия (ОКПД2 32.50), приём заявок',
    createdDate: '2026-10-10T16:45:00+03:00',
    autosearch: true,
    criteria: { okpd2: ['21', '32.50'] },
  },
  {
    name: 'Строительство (архив)',
    description: 'Строительные работы (ОКПД2 41–43); автопоиск выключен',
    createdDate: '2026-08-20T11:00:00+03:00',
    autosearch: false,
    criteria: { okpd2: ['41', '42', '43'], status: ALL_STATUSES },
  },
];

/** Starting balance of protocols; tenders and contracts are the account's balances (D-E-BAL-1). */
export const DEMO_PROTOCOLS_BALANCE = 500;
/** The license of a seeded account runs this long from the moment the state is first used (D-E-LIC-1). */
export const LICENSE_TERM_MS = 365 * 86_400_000;
