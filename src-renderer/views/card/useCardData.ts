/**
 * The card view's data, one hook per part: the card itself (a page of its positions at a time) and the lists
 * that hold it, the related contracts of a tender, and the diff between two stored versions. All read through
 * the one loading primitive (state/useLoad.ts) and again when the profile changes.
 */
import { useEffect, useState } from 'react';
import type { CardResult, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';
import { useLocale } from '../../i18n/i18n';
import { diffVersions, type VersionDiff } from '../../components/versionDiff';

const POSITIONS_LIMIT = 20;

function loadCard(kind: 'tender' | 'contract', id: number, positionsPage: number): Promise<CardResult> {
  return kind === 'tender' ? call('card.tender', { id, positionsPage, positionsLimit: POSITIONS_LIMIT }) : call('card.contract', { id, positionsPage, positionsLimit: POSITIONS_LIMIT });
}

/** The card at a page of its positions; the lists (not for the earlier generation, which has none). */
export function useCard(kind: 'tender' | 'contract', id: number, page: number, earlier: boolean) {
  const epoch = useAppStore((st) => st.epoch);
  const card = useLoad(() => loadCard(kind, id, page), `${kind}-${id}-${page}-${epoch}`);
  const [listsNonce, setListsNonce] = useState(0);
  const lists = useLoad(() => call('lists.list', {}), `lists-${epoch}-${listsNonce}`, !earlier);
  /** After "Add to list": the lists that hold it and the card read again. */
  const added = (): void => {
    setListsNonce((n) => n + 1);
    card.reload();
  };
  return { card, lists, added };
}

/** A tender's related contracts as the cache holds them. */
export function useRelatedContracts(tenderId: number): Loaded<MethodResult<'card.relatedContracts'>> {
  return useLoad(() => call('card.relatedContracts', { tenderId, refresh: false }), `related-${tenderId}`);
}

export interface ShownDiff {
  from: number;
  to: number;
  result: VersionDiff;
}

/**
 * The diff between two stored versions: the two newest at once (again whenever a new version arrives), then
 * the pair the user asks for with `compare`. A diff of an earlier pair is not shown once a newer version is in.
 */
export function useVersionDiff(kind: CardResult['kind'], id: number, latest: number | null, previous: number | null) {
  const locale = useLocale();
  const newest = latest !== null && previous !== null ? ([previous, latest] as const) : null;
  const [pair, setPair] = useState<readonly [number, number] | null>(newest);
  useEffect(() => setPair(newest), [latest, previous]);
  const base = `${previous}-${latest}`;
  const loaded = useLoad(
    async () => {
      const [older, newer] = pair![0] <= pair![1] ? [pair![0], pair![1]] : [pair![1], pair![0]];
      const [va, vb] = await Promise.all([call('card.version', { kind, id, version: older }), call('card.version', { kind, id, version: newer })]);
      return { base, diff: { from: older, to: newer, result: diffVersions(va.object, vb.object, locale) } };
    },
    `${kind}-${id}-${pair?.join('-') ?? ''}-${locale}`,
    pair !== null,
  );
  const compare = (a: number, b: number): void => {
    if (pair !== null && pair[0] === a && pair[1] === b) loaded.reload();
    else setPair([a, b]);
  };
  return {
    diff: loaded.data !== null && loaded.data.base === base ? loaded.data.diff : null,
    busy: loaded.loading,
    // As before: a new comparison clears the last one's error while it runs.
    error: loaded.loading ? null : loaded.error,
    compare,
  };
}
