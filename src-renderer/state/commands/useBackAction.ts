/**
 * The way back from a view opened from somewhere else (a card, a dossier, a list's detail): «← Назад», Alt+← and
 * Escape all go back to `back` (store.goBack), where the row or element it was opened from gets the focus again.
 */
import { useCallback } from 'react';
import { useAppStore, type Route } from '../store';
import { useProvideAction } from './actions';

/** Provides «Назад» while `back` is known; answers what the view's own button runs. */
export function useBackAction(back: Route | undefined): () => void {
  const goBack = useAppStore((st) => st.goBack);
  const go = useCallback(() => {
    if (back !== undefined) goBack(back);
  }, [back, goBack]);
  useProvideAction('view.back', go, back !== undefined);
  return go;
}
