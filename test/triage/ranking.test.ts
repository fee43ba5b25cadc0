/**
 * Triage on fixture caches with a known hidden rule (test/triage/fixture.ts: computers, OKPD2 26.20,
 * for Moscow customers; «компьютер» also in tomographs and in other regions, noise words everywhere):
 * - precision at 20 over the unmarked tenders is well above the base rate and above a keyword-only model;
 * - the reasons of the top tenders name the rule's features (the OKPD2 group and the region);
 * - a changed mark retrains the model and changes the order;
 * - too few labels: no model, «need more labels», newest first;
 * - a damaged stored model, or damaged stored features, are rebuilt from the marks and the versions.
 */
import { describe, expect, it } from 'vitest';
import { markStore } from '../../src-main/cache/markStore';
import { triageStore } from '../../src-main/cache/triageStore';
import { tenderFeatures } from '../../src-main/triage/features';
import { FEATURES_REVISION } from '../../src-main/triage/tenderFacts';
import { precisionAt, probability, trainLogistic } from '../../src-main/triage/model';
import { MIN_EACH, rankTenders, triageModel } from '../../src-main/triage/triage';
import { tempCache } from '../cache/helpers';
import { deliverAll, fixtureTenders, markByRule } from './fixture';

const NOW = () => '2026-06-21T10:00:00.000Z';

function fixtureCache(total = 800, labelled = 400) {
  const cache = tempCache();
  const tenders = fixtureTenders(total);
  deliverAll(cache, tenders);
  markByRule(cache, tenders.slice(0, labelled));
  return { cache, tenders, labelled: tenders.slice(0, labelled), unlabelled: tenders.slice(labelled) };
}

describe('triage ranking on a fixture with a known rule', () => {
  it('precision at 20 is well above the base rate and above a keyword-only model; the held-out quality is reported', () => {
    const { cache, labelled, unlabelled } = fixtureCache();
    const truth = new Map(unlabelled.map((t) => [t.id, t.interesting]));
    const baseRate = unlabelled.filter((t) => t.interesting).length / unlabelled.length;
    const answer = rankTenders(cache, 'all', { now: NOW });
    expect(answer.model).toMatchObject({ ready: true, kind: 'logistic', retrained: true });
    expect(answer.tenders.map((t) => t.id).sort((a, b) => a - b)).toEqual(unlabelled.map((t) => t.id));
    const ours = precisionAt(answer.tenders.map((t) => ({ score: t.score, positive: truth.get(t.id)! })), 20)!;

    // The keyword-only baseline: the same model trained on the title and description words alone.
    const words = (o: unknown) => tenderFeatures(o).map((f) => f.key).filter((k) => k.startsWith('w:'));
    const keywordModel = trainLogistic(labelled.map((t) => ({ features: words(t.object), positive: t.interesting })));
    const keywordOnly = precisionAt(unlabelled.map((t) => ({ score: probability(keywordModel, words(t.object)), positive: t.interesting })), 20)!;

    expect(baseRate).toBeLessThan(0.2);
    expect(ours).toBeGreaterThanOrEqual(0.9);
    expect(ours).toBeGreaterThan(keywordOnly + 0.2);
    // Every fourth label of each kind is held out, so both kinds are measured.
    const pursued400 = labelled.filter((t) => t.interesting).length;
    expect(answer.model.quality!.held_out).toBe(Math.floor(pursued400 / 4) + Math.floor((labelled.length - pursued400) / 4));
    expect(answer.model.quality!.auc!).toBeGreaterThan(0.9);
    // Calibrated enough that «вероятно интересно» means something: most of those called likely are pursued.
    const likely = answer.tenders.filter((t) => t.likely);
    expect(likely.length).toBeGreaterThan(10);
    expect(likely.filter((t) => truth.get(t.id)).length / likely.length).toBeGreaterThan(0.8);
    const pursued = answer.tenders.filter((t) => truth.get(t.id)).length;
    expect(likely.filter((t) => truth.get(t.id)).length / pursued).toBeGreaterThanOrEqual(0.7);
  });

  it('the reasons of the top tenders name the rule: the OKPD2 group 26.20 and the region Москва, 3 to 5 of them', () => {
    const { cache } = fixtureCache();
    const top = rankTenders(cache, 'all', { now: NOW }).tenders.slice(0, 10);
    for (const t of top) {
      expect(t.reasons.length).toBeGreaterThanOrEqual(3);
      expect(t.reasons.length).toBeLessThanOrEqual(5);
      expect(t.reasons.some((r) => /^ОКПД2 26\.2.* — часто берёте$/.test(r))).toBe(true);
      expect(t.reasons).toContain('регион г. Москва — часто берёте');
    }
    const bottom = rankTenders(cache, 'all', { now: NOW }).tenders.at(-1)!;
    expect(bottom.reasons.some((r) => r.endsWith('обычно отказываетесь'))).toBe(true);
  });

  it('a changed mark retrains the model and changes the order', () => {
    const { cache, labelled } = fixtureCache();
    const before = rankTenders(cache, 'all', { now: NOW });
    expect(rankTenders(cache, 'all', { now: NOW }).model.retrained).toBe(false);
    // The analyst now also pursues computers near Moscow: every labelled one of region 50 becomes «Готовим заявку».
    const nearMoscow = labelled.filter((t) => (t.object.okpd2 as { code: string }[])[0]!.code.startsWith('26.20') && (t.object.region as { id: number }).id === 50);
    expect(nearMoscow.length).toBeGreaterThan(5);
    markStore(cache).apply({ tender_ids: nearMoscow.map((t) => t.id), status: 'preparing' }, '2026-06-21T09:00:00.000Z');
    const after = rankTenders(cache, 'all', { now: NOW });
    expect(after.model.retrained).toBe(true);
    expect(after.tenders.map((t) => t.id)).not.toEqual(before.tenders.map((t) => t.id));
    const rankOf = (answer: typeof before, id: number) => answer.tenders.findIndex((t) => t.id === id);
    const region50Computer = before.tenders.find((t) => t.reasons.some((r) => r.startsWith('регион Московская область')) && /компьютер/i.test(t.name ?? '') && !/томограф/i.test(t.name ?? ''))!;
    expect(rankOf(after, region50Computer.id)).toBeLessThan(rankOf(before, region50Computer.id));
  });

  it(`with fewer than ${MIN_EACH} labels of either kind there is no model: every tender the base rate, newest first`, () => {
    const cache = tempCache();
    const tenders = fixtureTenders(400);
    deliverAll(cache, tenders);
    const few = tenders.filter((t) => t.interesting).slice(0, MIN_EACH - 1);
    markByRule(cache, [...few, ...tenders.filter((t) => !t.interesting).slice(0, 20)]);
    const answer = rankTenders(cache, 'all', { now: NOW });
    expect(answer.model).toMatchObject({ ready: false, positives: MIN_EACH - 1, negatives: 20, kind: null, quality: null });
    const ids = answer.tenders.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // fixture ids are in publication order
    expect(new Set(answer.tenders.map((t) => t.score)).size).toBe(1);
    expect(answer.tenders.every((t) => t.reasons.length === 0 && !t.likely)).toBe(true);
  });

  it('a damaged, foreign or older-revision stored model is rebuilt from the marks, and ranks as before', () => {
    const { cache } = fixtureCache(600, 400);
    const first = rankTenders(cache, 'all', { now: NOW });
    const store = triageStore(cache);
    const key = store.model()!.labels_key;
    for (const body of ['{"kind":"logistic","bias":', '{"kind":"other"}', '[]']) {
      store.saveModel({ labels_key: key, body, trained_at: NOW() });
      const again = rankTenders(cache, 'all', { now: NOW });
      expect(again.model.retrained).toBe(true);
      expect(again.tenders).toEqual(first.tenders);
    }
    cache.db.prepare('DELETE FROM triage_model').run();
    expect(triageModel(cache, { now: NOW }).info.retrained).toBe(true);
    expect(rankTenders(cache, 'all', { now: NOW }).tenders).toEqual(first.tenders);
    // A model stored under an older reading of the features (its key's revision) is not used: retrained.
    const current = store.model()!.labels_key;
    expect(current.startsWith(`${FEATURES_REVISION}:`)).toBe(true);
    store.saveModel({ labels_key: current.replace(/^[^:]+:/, 'f0:'), body: store.model()!.body, trained_at: NOW() });
    expect(rankTenders(cache, 'all', { now: NOW }).model.retrained).toBe(true);
    expect(store.model()!.labels_key).toBe(current);
    // The stored features are derived too: rows that do not parse, or of another source, are read again.
    cache.db.prepare(`UPDATE triage_features SET body = '{"f":' WHERE tender_id % 2 = 0`).run();
    cache.db.prepare(`UPDATE triage_features SET source = 'f0:1:', body = '{"f":[],"n":null,"p":null}' WHERE tender_id % 2 = 1`).run();
    expect(rankTenders(cache, 'all', { now: NOW }).tenders).toEqual(first.tenders);
  });
});
