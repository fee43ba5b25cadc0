/** Words shared by the cache's stores, and their codes in the file (see migrations/0001-initial.ts). */

export type ObjectKind = 'tender' | 'contract';
export type DeliveryEvent = 'created' | 'updated';
export type DeliveryVia = 'feed' | 'card';
export type FeedKind = 'tender' | 'contract';

export interface VersionKey {
  kind: ObjectKind;
  id: number;
  version: number;
}

export const KIND_CODE: Record<ObjectKind, 1 | 2> = { tender: 1, contract: 2 };
export const KIND_OF_CODE: Record<number, ObjectKind> = { 1: 'tender', 2: 'contract' };
export const EVENT_CODE: Record<DeliveryEvent, 1 | 2> = { created: 1, updated: 2 };
export const EVENT_OF_CODE: Record<number, DeliveryEvent> = { 1: 'created', 2: 'updated' };

/** ISO-8601 timestamp of now, the form every `*_at` column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}
