/**
 * What the command palette offers and in which order, as pure rules (tested under test/renderer/): the
 * registry's commands of the profile's generation whose action someone provides now, then the user's saved
 * searches; matched fuzzily (cmdk's command-score, over both languages' titles and the keywords) and ranked
 * best first.
 */
import { defaultFilter } from 'cmdk';
import type { Locale } from '../../../src-main/contract/ipc';
import type { Route } from '../../state/store';
import { forGeneration, searchWords, type ActionId, type CommandDef, type Generation } from '../../state/commands/registry';
import { shortcutLabel } from '../../state/commands/shortcuts';

export interface PaletteItem {
  /** Unique among the items (cmdk's value). */
  id: string;
  group: 'views' | 'actions' | 'saved';
  title: string;
  /** Everything the item is found by besides its title. */
  words: string[];
  shortcut?: string;
  run: { navigate: Route } | { action: ActionId };
}

export interface PaletteContext {
  generation: Generation;
  locale: Locale;
  mac: boolean;
  provided(id: ActionId): boolean;
  /** Saved searches by id with the name shown for them (the label, else a summary of the criteria). */
  savedSearches: readonly { filterId: string; name: string }[];
}

/** An item's words start with the titles in both languages (registry searchWords); weights of a match by where it is. */
const TITLES = 2;
const OTHER_TITLE = 0.98;
const KEYWORD = 0.9;

/** Words that find every saved search, in both languages. */
const SAVED_WORDS = ['сохранённый поиск', 'saved search'];

export function paletteItems(commands: readonly CommandDef[], ctx: PaletteContext): PaletteItem[] {
  const items: PaletteItem[] = [];
  for (const c of commands) {
    if (!forGeneration(c, ctx.generation)) continue;
    // The palette does not offer itself, nor an action nobody can do here.
    if ('action' in c.run && (c.run.action === 'palette.open' || !ctx.provided(c.run.action))) continue;
    items.push({
      id: c.id,
      group: c.group,
      title: c.title[ctx.locale],
      words: searchWords(c),
      shortcut: c.shortcut && shortcutLabel(c.shortcut, ctx.mac),
      run: c.run,
    });
  }
  if (ctx.generation === 'current') {
    for (const s of ctx.savedSearches) {
      items.push({ id: `saved:${s.filterId}`, group: 'saved', title: s.name, words: [s.name, s.name, ...SAVED_WORDS], run: { navigate: { view: 'saved', filterId: s.filterId } } });
    }
  }
  return items;
}

/**
 * How well the typed text matches an item (0: not at all); an empty search keeps every item. Each of its
 * names is scored alone and the best counts, the title shown a little above the other language's title and
 * that above a keyword, so «кален» on an English screen still finds the calendar before a command that only
 * mentions calendars.
 */
export function paletteScore(item: Pick<PaletteItem, 'title' | 'words'>, search: string): number {
  const typed = search.trim();
  if (typed === '') return 1;
  let best = defaultFilter(item.title, typed);
  item.words.forEach((word, at) => {
    best = Math.max(best, defaultFilter(word, typed) * (at < TITLES ? OTHER_TITLE : KEYWORD));
  });
  return best;
}

/** The items that match, best first (ties keep the registry's order), as the palette shows them. */
export function rankItems(items: readonly PaletteItem[], search: string): PaletteItem[] {
  return items
    .map((item, at) => ({ item, at, score: paletteScore(item, search) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .map((x) => x.item);
}
