/**
 * What the web interface of the earlier generation would have made for the demo account (D-E-FLT-2): a few
 * filters with their conditions, one of them with `autosearch` off. Conditions are written as criteria of
 * the current generation, so membership is decided by the same SQL as the current feeds (D-E-FLT-1).
 * Their creation dates are set relative to the day the account is seeded (a few weeks to months before), so
 * the demo never shows filters made after the tenders they find, nor years ago.
 */
import type { Criteria } from '../api/schemas';
import { moscowDayStartMs, moscowIso } from '../service/clock';

export type SeedFilter = {
  name: string;
  description: string;
  /** Made this many days before the day of seeding, at this Moscow time (`HH:MM`). */
  createdDaysBefore: number;
  createdAt: string;
  autosearch: boolean;
  criteria: Criteria;
};

/** The filter's `created_date` for an account seeded at `nowMs`. */
export function seedFilterCreated(f: SeedFilter, nowMs: number): string {
  const [hours, minutes] = f.createdAt.split(':').map(Number) as [number, number];
  return moscowIso(moscowDayStartMs(nowMs) - f.createdDaysBefore * 86_400_000 + (hours * 60 + minutes) * 60_000);
}

const ALL_STATUSES: Criteria['status'] = ['active', 'completed', 'cancelled'];

export const DEMO_FILTERS: readonly SeedFilter[] = [
  {
    name: 'Все закупки',
    description: 'Все закупки по 44-ФЗ, 223-ФЗ и коммерческие, в любом статусе',
    createdDaysBefore: 96,
    createdAt: '10:00',
    autosearch: true,
    criteria: { status: ALL_STATUSES },
  },
  {
    name: 'Компьютерная техника',
    description: 'Компьютеры и периферийное оборудование (ОКПД2 26.20), приём заявок',
    createdDaysBefore: 82,
    createdAt: '12:30',
    autosearch: true,
    criteria: { okpd2: ['26.20'] },
  },
  {
    name: 'Москва, 44-ФЗ',
    description: 'Закупки заказчиков Москвы по 44-ФЗ, приём заявок',
    createdDaysBefore: 66,
    createdAt: '09:15',
    autosearch: true,
    criteria: { regions: [77], purchase_types: [1] },
  },
  {
    name: 'Медицина и фармацевтика',
    description: 'Лекарственные средства (ОКПД2 21) и медицинские изделия (ОКПД2 32.50), приём заявок',
    createdDaysBefore: 57,
    createdAt: '16:45',
    autosearch: true,
    criteria: { okpd2: ['21', '32.50'] },
  },
  {
    name: 'Строительство (архив)',
    description: 'Строительные работы (ОКПД2 41–43); автопоиск выключен',
    createdDaysBefore: 108,
    createdAt: '11:00',
    autosearch: false,
    criteria: { okpd2: ['41', '42', '43'], status: ALL_STATUSES },
  },
];

/** Starting balance of protocols; tenders and contracts are the account's balances (D-E-BAL-1). */
export const DEMO_PROTOCOLS_BALANCE = 500;
/** The license of a seeded account runs this long from the moment the state is first used (D-E-LIC-1). */
export const LICENSE_TERM_MS = 365 * 86_400_000;
