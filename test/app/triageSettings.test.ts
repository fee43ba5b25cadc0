/**
 * The triage setting «отметки коллег обучают модель» in the core: off by default, a teammate's status
 * pulled from the team database does not train the model; turned on (triage.setSettings, kept in settings.json),
 * the same pulled statuses join the training set; a call's own `teammates` still overrides the setting.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src-main/app/context';
import { triageHandlers } from '../../src-main/app/triage';
import { markStore } from '../../src-main/cache/markStore';
import { applyPulledChanges } from '../../src-main/team/sharedChanges';
import { DEFAULT_SETTINGS, readSettings, SettingsFile } from '../../src-main/workspace/settings';
import { tempCache, tempDir } from '../cache/helpers';
import { deliverAll, fixtureTenders } from '../triage/fixture';

const TEAMMATE = '00000000-0000-4000-8000-000000000002';

describe('the triage setting: a teammate’s marks train the model only when allowed', () => {
  it('off by default; on, the pulled statuses join the training set; a call’s own choice overrides it', async () => {
    const cache = tempCache();
    const dir = tempDir();
    const settings = new SettingsFile(dir, await readSettings(dir));
    const ctx = { session: () => ({ cache }), settings } as unknown as AppContext;
    const h = triageHandlers(ctx);
    const tenders = fixtureTenders(120);
    deliverAll(cache, tenders);
    // The analyst's own: 12 interesting, 12 not.
    markStore(cache).apply({ tender_ids: tenders.slice(0, 12).map((t) => t.id), interest: true }, '2026-06-20T10:00:00.000Z');
    markStore(cache).apply({ tender_ids: tenders.slice(12, 24).map((t) => t.id), interest: false }, '2026-06-20T10:00:00.000Z');
    // A teammate's: 8 pursued, 6 declined, pulled as marks travel.
    const at = '2026-06-20T11:00:00.000Z';
    applyPulledChanges(
      cache,
      tenders.slice(24, 38).map((t, i) => ({ machineId: TEAMMATE, localSeq: i + 1, entity: 'mark' as const, key: String(t.id), field: 'status', value: i < 8 ? 'preparing' : 'declined', at, author: 'Петров' })),
    );

    expect(DEFAULT_SETTINGS.triage).toEqual({ teammates: false });
    expect(await h['triage.settings']({})).toEqual({ teammates: false });
    const off = await h['triage.rank']({ scope: { kind: 'all' } });
    expect(off.model).toMatchObject({ positives: 12, negatives: 12 });

    expect(await h['triage.setSettings']({ teammates: true })).toEqual({ teammates: true });
    expect((await readSettings(dir)).triage).toEqual({ teammates: true });
    const on = await h['triage.rank']({ scope: { kind: 'all' } });
    expect(on.model).toMatchObject({ positives: 20, negatives: 18, retrained: true });
    // The pulled tenders are decided either way: they are not among the ranked.
    expect(on.total).toBe(off.total);

    expect((await h['triage.rank']({ scope: { kind: 'all' }, teammates: false })).model).toMatchObject({ positives: 12, negatives: 12 });
    cache.close();
  });
});
