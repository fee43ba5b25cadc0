/**
 * The one way the renderer loads data: through the contract, keeping the last answer, the error and a loading
 * flag. `reload()` asks again; a change of `key` (arguments, the profile epoch) asks again and ignores late
 * answers of earlier keys. Views do not fetch in their own effects: each view's data hook (views/<view>/use*.ts)
 * is built on this.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
  /** Replaces the data locally (after an edit whose answer already says what changed). */
  set(data: T): void;
  /** Changes the data locally from what it is now (an edit's answer names one item of a list). */
  update(change: (current: T | null) => T | null): void;
  /** Shows the error of an action on this data (null clears it); the next answer clears it too. */
  fail(error: unknown): void;
  /** How many answers have arrived: a dependent load or a form keys on it (a local `set` is not an answer). */
  answers: number;
}

export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const [nonce, setNonce] = useState(0);
  const [answers, setAnswers] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    let alive = true;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!alive) return;
        setData(value);
        setError(null);
        setLoading(false);
        setAnswers((n) => n + 1);
      },
      (e: unknown) => {
        if (!alive) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
  }, [key, nonce, enabled]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const set = useCallback((value: T) => setData(value), []);
  const update = useCallback((change: (current: T | null) => T | null) => setData(change), []);
  const fail = useCallback((e: unknown) => setError(e), []);
  return { data, error, loading, reload, set, update, fail, answers };
}
