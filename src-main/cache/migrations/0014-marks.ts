/**
 * Marks on tenders: tags, pipeline status, assignee, notes (issue 16).
 * Reserved in the registry at the start of the session so parallel work keeps it numbered 1, 2, 3, ...;
 * its schema lands with the work that owns it.
 */
import type { Migration } from './types';

export const migration0014: Migration = {
  version: 14,
  name: 'marks',
  up() {},
};
