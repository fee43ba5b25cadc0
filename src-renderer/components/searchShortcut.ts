/**
 * The keyboard shortcut to the search field, as in most tools analysts use: `/` (when not typing in a field)
 * or Ctrl+K / ⌘K (anywhere). The view that owns a search field registers what "focus search" means for it.
 */
import { useEffect, useRef } from 'react';

/** Whether the key event means "focus search". Pure, so the rule is tested without a browser. */
export function isSearchShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null }): boolean {
  if (e.altKey) return false;
  if ((e.ctrlKey || e.metaKey) && (e.key === 'k' || e.key === 'K' || e.key === 'л' || e.key === 'Л')) return true;
  if (e.key !== '/' || e.ctrlKey || e.metaKey) return false;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = t?.tagName?.toLowerCase();
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || t?.isContentEditable === true);
}

export function useSearchShortcut(focusSearch: () => void): void {
  const ref = useRef(focusSearch);
  ref.current = focusSearch;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      e.preventDefault();
      ref.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
