/**
 * The command palette (Ctrl+K, ⌘K on macOS) and the keyboard shortcuts of the command registry
 * (state/commands/registry.ts). The palette lists every view, every action someone can do here and the user's
 * saved searches, matched fuzzily in Russian and English (paletteItems.ts), each with its shortcut; it is
 * used by keyboard alone (type, arrows, Enter; Escape closes) and gives the focus back where it was. Built on
 * cmdk (the list, its keyboard and ARIA) inside the app's own modal (components/Dialog), so the focus is ours to return.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { call } from '../../bridge/client';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { savedSearchName } from '../../../src-main/i18n/criteriaSummary';
import { COMMANDS, forGeneration, type Generation } from '../../state/commands/registry';
import { commandForKey, onMac, pressesBackEscape } from '../../state/commands/shortcuts';
import { noticeTakesEscape } from '../../components/useLifetime';
import { isProvided, runAction, useProvideAction, useProvidedVersion } from '../../state/commands/actions';
import { Dialog } from '../../components/Dialog';
import { paletteItems, rankItems, type PaletteItem } from './paletteItems';

const strings: Strings<{ label: string; placeholder: string; empty: string; views: string; actions: string; saved: string; hint: string }> = {
  ru: {
    label: 'Палитра команд',
    placeholder: 'Команда, раздел или сохранённый поиск…',
    empty: 'Ничего не найдено',
    views: 'Разделы',
    actions: 'Действия',
    saved: 'Сохранённые поиски',
    hint: '↑↓ — выбрать, Enter — выполнить, Esc — закрыть',
  },
  en: {
    label: 'Command palette',
    placeholder: 'A command, a view or a saved search…',
    empty: 'Nothing found',
    views: 'Views',
    actions: 'Actions',
    saved: 'Saved searches',
    hint: '↑↓ choose, Enter runs, Esc closes',
  },
};

const GROUPS = ['views', 'actions', 'saved'] as const;

function runItem(run: PaletteItem['run']): void {
  if ('navigate' in run) useAppStore.getState().navigate(run.navigate);
  else runAction(run.action);
}

export function CommandPalette() {
  const s = useStrings(strings);
  const locale = useLocale();
  const activeProfile = useAppStore((st) => st.activeProfile);
  const epoch = useAppStore((st) => st.epoch);
  const generation: Generation = activeProfile?.generation === 'earlier' ? 'earlier' : 'current';
  const [open, setOpen] = useState(false);
  /** Bumped at each opening: the saved searches are read again then (they change in other views). */
  const [openings, setOpenings] = useState(0);
  const [search, setSearch] = useState('');
  /** Where the focus was when the palette opened: it goes back there. */
  const returnTo = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  openRef.current = open;

  const show = () => {
    if (openRef.current) {
      close();
      return;
    }
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSearch('');
    setOpenings((n) => n + 1);
    setOpen(true);
  };
  useProvideAction('palette.open', show);

  // The registry's shortcuts, wherever the focus is (a plain key not while typing: shortcuts.ts).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const command = commandForKey(e, COMMANDS.filter((c) => forGeneration(c, generation)));
      if (!command || !('action' in command.run) || !isProvided(command.run.action)) return;
      e.preventDefault();
      runAction(command.run.action);
    };
    // Escape goes back (a card, a dossier, a list) when nothing nearer answered it: listened to on the window,
    // after the popups' own handlers on the document; a notice on screen is dismissed first.
    const onEscape = (e: KeyboardEvent) => {
      if (!pressesBackEscape(e) || noticeTakesEscape() || document.querySelector('[role="dialog"][aria-modal="true"]') || !isProvided('view.back')) return;
      e.preventDefault();
      runAction('view.back');
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('keydown', onEscape);
    };
  }, [generation]);

  const saved = useLoad(() => call('savedSearches.list', {}), `palette-saved-${epoch}-${openings}`, open && generation === 'current');
  const savedSearches = useMemo(
    () => (saved.data ?? []).map((x) => ({ filterId: x.filterId, name: savedSearchName(x, locale) })),
    [saved.data, locale],
  );
  // What can be done follows the page behind the palette (a table whose rows arrive while it is open).
  const provided = useProvidedVersion();
  const items = useMemo(
    () => (open ? paletteItems(COMMANDS, { generation, locale, mac: onMac(), provided: isProvided, savedSearches }) : []),
    [open, generation, locale, savedSearches, openings, provided],
  );
  const shown = useMemo(() => rankItems(items, search), [items, search]);

  const palette = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus();
  };
  const choose = (item: PaletteItem) => {
    const route = useAppStore.getState().route;
    runItem(item.run);
    // A command that took the focus (a row, a field) keeps it, and so does a view gone to (it focuses its main
    // element: App); otherwise the focus goes back where it was.
    if (useAppStore.getState().route === route && palette.current?.contains(document.activeElement) !== false) close();
    else {
      returnTo.current = null;
      setOpen(false);
    }
  };

  if (!open) return null;
  const grouped = search.trim() === '';
  const row = (item: PaletteItem) => (
    <Command.Item key={item.id} value={item.id} onSelect={() => choose(item)} className="palette__item" data-testid={`palette-item-${item.id}`}>
      <span className="palette__title">{item.title}</span>
      {item.shortcut && <kbd className="palette__kbd">{item.shortcut}</kbd>}
    </Command.Item>
  );
  return (
    <Dialog title={s.label} onClose={close} testId="command-palette" look="palette">
      {/* The input keeps the focus (Tab has nothing else to reach); the list moves with the arrows. */}
      <div ref={palette} onKeyDown={(e) => e.key === 'Tab' && e.preventDefault()}>
        <Command label={s.label} shouldFilter={false} loop>
          <Command.Input autoFocus value={search} onValueChange={setSearch} placeholder={s.placeholder} className="palette__input" data-testid="palette-input" />
          <Command.List className="palette__list">
            <Command.Empty className="palette__empty">{s.empty}</Command.Empty>
            {grouped
              ? GROUPS.map((g) => {
                  const inGroup = shown.filter((i) => i.group === g);
                  return inGroup.length === 0 ? null : (
                    <Command.Group key={g} heading={s[g]} className="palette__group">
                      {inGroup.map(row)}
                    </Command.Group>
                  );
                })
              : shown.map(row)}
          </Command.List>
        </Command>
        <div className="palette__hint muted">{s.hint}</div>
      </div>
    </Dialog>
  );
}
