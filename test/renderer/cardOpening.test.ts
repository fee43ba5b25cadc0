/**
 * What opening a card cost is one fact: the «Открыть» box fetched the card and said «списана 1 ед.»
 * while the card view, reading the cache right after, said «Из кэша — бесплатно». The opening's cost goes with
 * the route to the card (both read it there), and only with that visit: a return to the card costs nothing and
 * does not say the charge again.
 */
import { describe, expect, it } from 'vitest';
import { returnable, useAppStore, type Route } from '../../src-renderer/state/store';

describe('the cost of a card opening belongs to its visit', () => {
  it('the route to the card carries it; a route back to that card does not, at any depth', () => {
    const opened: Route = { view: 'card', kind: 'tender', id: 7, back: { view: 'search' }, opened: { source: 'server', charged: true } };
    useAppStore.getState().navigate(opened);
    expect(useAppStore.getState().route).toEqual(opened);
    // From the card to a contract and on to the dossier: on the way back, the card is read from the cache, free.
    useAppStore.getState().navigate({ view: 'card', kind: 'contract', id: 3, back: opened });
    useAppStore.getState().navigate({ view: 'insights', at: { page: 'dossier', kind: 'customer', inn: '7707083893' }, back: useAppStore.getState().route });
    const back = useAppStore.getState().route as Extract<Route, { view: 'insights' }>;
    expect(back.back).toEqual({ view: 'card', kind: 'contract', id: 3, back: { view: 'card', kind: 'tender', id: 7, back: { view: 'search' } } });
    expect(returnable(opened)).toEqual({ view: 'card', kind: 'tender', id: 7, back: { view: 'search' } });
  });
});
