/**
 * Temporary: the shared store moved to src-renderer/state/store.ts (issue 14). This re-export serves only
 * views/saved/seenMarks.tsx until its import moves too; nothing else may import it.
 */
export { useAppStore, type Route, type ViewName } from '../state/store';
