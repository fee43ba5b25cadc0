/** Dates in the search index: an offset names its instant; none means Moscow time, whatever the machine's zone. */
import { describe, expect, it } from 'vitest';
import { isoSeconds } from '../../src-main/cache/tenderIndex';

describe('isoSeconds', () => {
  it('reads Z, +03:00 and no offset (Moscow) as the same instant when they name it', () => {
    const z = isoSeconds('2026-11-20T07:00:00Z');
    expect(z).toBe(Date.UTC(2026, 10, 20, 7) / 1000);
    expect(isoSeconds('2026-11-20T10:00:00+03:00')).toBe(z);
    expect(isoSeconds('2026-11-20T10:00:00')).toBe(z);
    expect(isoSeconds('2026-11-20')).toBe(Date.UTC(2026, 10, 19, 21) / 1000);
    expect(isoSeconds('not a date')).toBeNull();
    expect(isoSeconds(5)).toBeNull();
  });
});
