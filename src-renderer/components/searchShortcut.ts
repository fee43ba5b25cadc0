/**
 * The keyboard way to the search field, as in most tools analysts use: `/` (when not typing in a field), or
 * «К полю поиска» in the command palette (Ctrl+K / ⌘K opens the palette). The shortcut is the command
 * registry's (state/commands/registry.ts, `search.focus`); the view that owns a search field provides what
 * "focus search" means for it while it is shown.
 */
import { useProvideAction } from '../state/commands/actions';

export function useSearchShortcut(focusSearch: () => void): void {
  useProvideAction('search.focus', focusSearch);
}
