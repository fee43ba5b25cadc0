/** Saved searches (subscription expiry, order) and settings (new profile checks, sizes) — pure helpers. */
import { describe, expect, it } from 'vitest';
import type { SavedSearchInfo } from '../../src-main/contract/ipc';
import { cachedShare, expiryOf, hasNews, sortSavedSearches } from '../../src-renderer/views/saved/savedLogic';
import { profileFormProblems } from '../../src-renderer/views/settings/settingsLogic';
import { formatBytes } from '../../src-renderer/format/format';

const now = new Date('2026-03-01T12:00:00Z');
const saved = (p: Partial<SavedSearchInfo>): SavedSearchInfo => ({
  filterId: 'flt_a',
  label: null,
  criteria: {},
  events: ['created'],
  createdAt: '2026-01-01T00:00:00Z',
  lastSeenAt: null,
  lastSyncAt: null,
  expiresAt: null,
  newSinceSeen: 0,
  updatedSinceSeen: 0,
  cachedCount: 0,
  total: null,
  following: false,
  ...p,
});

describe('saved searches', () => {
  it('the subscription expiry warns within 72 hours and says when it lapsed', () => {
    expect(expiryOf(null, now)).toEqual({ kind: 'unknown' });
    expect(expiryOf('2026-03-01T11:00:00Z', now)).toEqual({ kind: 'expired' });
    expect(expiryOf('2026-03-02T12:30:00Z', now)).toEqual({ kind: 'soon', hours: 24 });
    expect(expiryOf('2026-03-01T12:10:00Z', now)).toEqual({ kind: 'soon', hours: 1 });
    expect(expiryOf('2026-03-31T12:00:00Z', now)).toEqual({ kind: 'ok', days: 30 });
  });

  it('news means new or updated items since last seen', () => {
    expect(hasNews(saved({}))).toBe(false);
    expect(hasNews(saved({ updatedSinceSeen: 1 }))).toBe(true);
  });

  it('the list is newest first and stable', () => {
    const list = [saved({ filterId: 'flt_old' }), saved({ filterId: 'flt_new', createdAt: '2026-02-01T00:00:00Z' }), saved({ filterId: 'flt_b' })];
    expect(sortSavedSearches(list).map((x) => x.filterId)).toEqual(['flt_new', 'flt_b', 'flt_old']);
  });

  it('the cached share is capped at 1 and unknown without a total', () => {
    expect(cachedShare(50, 200)).toBe(0.25);
    expect(cachedShare(5, 3)).toBe(1);
    expect(cachedShare(5, null)).toBeNull();
  });
});

describe('settings', () => {
  it('a new profile needs a name of letters, digits and _.-, an http(s) address and a token of 8+ characters', () => {
    expect(profileFormProblems({ name: 'prod', baseUrl: 'https://api.example.ru/api/v2', generation: 'current', token: 'tenderwb_live_x' }, 'ru')).toEqual({});
    const p = profileFormProblems({ name: 'my profile', baseUrl: 'ftp://x', generation: 'current', token: 'short' }, 'en');
    expect(Object.keys(p).sort()).toEqual(['baseUrl', 'name', 'token']);
    expect(profileFormProblems({ name: 'Боевой_1', baseUrl: 'http://127.0.0.1:8787/api/v2', generation: 'earlier', token: '12345678' }, 'ru')).toEqual({});
  });

  it('sizes on disk read as KB/MB/GB with the locale decimal separator', () => {
    expect(formatBytes(512, 'en')).toBe('512\u00a0B');
    expect(formatBytes(1536, 'ru')).toBe('1,5\u00a0КБ');
    expect(formatBytes(5 * 1024 * 1024 * 1024, 'en')).toBe('5.0\u00a0GB');
    expect(formatBytes(300 * 1024 * 1024, 'ru')).toBe('300\u00a0МБ');
  });
});
