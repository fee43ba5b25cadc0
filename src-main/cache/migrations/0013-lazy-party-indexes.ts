/**
 * Lazy customer and supplier indexes of the insight store (issue 15's ingest goal).
 * Reserved in the registry at the start of the session so parallel work keeps it numbered 1, 2, 3, ...;
 * its schema lands with the work that owns it.
 */
import type { Migration } from './types';

export const migration0013: Migration = {
  version: 13,
  name: 'lazy-party-indexes',
  up() {},
};
