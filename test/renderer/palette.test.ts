/**
 * The command palette and the shortcuts ("moving fast"): one registry, no two commands on one key, every
 * repeated action with a key that its label, the palette, the tooltips and the key handler all agree on,
 * fuzzy matching in Russian and English ranks the intended command first, actions offered only where someone
 * provides them, plain-key shortcuts never fire while typing or in a dialog.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS, keysOf, titleWithKeys, type ActionId, type CommandDef } from '../../src-renderer/state/commands/registry';
import { commandForKey, pressesBackEscape, pressesShortcut, shortcutKey, shortcutLabel, withShortcut, type KeyLike } from '../../src-renderer/state/commands/shortcuts';
import { onProvidersChanged, provideAction, runAction, isProvided } from '../../src-renderer/state/commands/actions';
import { paletteItems, rankItems, type PaletteContext } from '../../src-renderer/app/palette/paletteItems';

const everything: PaletteContext = { generation: 'current', locale: 'ru', mac: false, provided: () => true, savedSearches: [{ filterId: 'flt_1', name: 'Компьютеры, Москва' }] };
const top = (search: string, ctx: PaletteContext = everything) => rankItems(paletteItems(COMMANDS, ctx), search)[0]?.id;

describe('the command registry', () => {
  it('has no two commands on one key, and no two with one id', () => {
    const keys = COMMANDS.flatMap((c) => (c.shortcut ? [shortcutKey(c.shortcut)] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });

  it('gives the common actions a shortcut: open, add to list, mark, next and previous row, the palette', () => {
    const withKey = new Set(COMMANDS.filter((c) => c.shortcut).map((c) => c.id));
    for (const id of ['row.open', 'row.addToList', 'row.mark', 'row.next', 'row.previous', 'palette.open']) expect(withKey).toContain(id);
  });

  // How each physical key is written for the user; a label must write its command's key so.
  const KEY_NAMES: Record<string, string> = { Slash: '/', 'shift+Slash': '?', ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };
  const keyName = (c: CommandDef): string => {
    const sc = c.shortcut!;
    const key = KEY_NAMES[`${sc.shift === true ? 'shift+' : ''}${sc.code}`] ?? sc.code.replace(/^Key/, '');
    return `${sc.mod === true ? 'Ctrl+' : ''}${sc.alt === true ? 'Alt+' : ''}${key}`;
  };
  const target = { tagName: 'DIV', closest: () => null } as unknown as EventTarget;
  const pressOf = (c: CommandDef): KeyLike => ({ code: c.shortcut!.code, ctrlKey: c.shortcut!.mod === true, metaKey: false, altKey: c.shortcut!.alt === true, shiftKey: c.shortcut!.shift === true, target });

  it('every action an analyst repeats has a key, each label names its key, and that key runs that very command', () => {
    for (const c of COMMANDS.filter((x) => x.group === 'actions')) {
      expect(c.shortcut, c.id).toBeDefined();
      expect(c.shortcut!.label, c.id).toContain(keyName(c));
      // The key handler (CommandPalette's document listener) answers the key the label names with this command.
      expect(commandForKey(pressOf(c), COMMANDS)?.id, c.id).toBe(c.id);
      for (const key of c.shortcut!.keys ?? []) expect(commandForKey({ ...pressOf(c), code: 'Unidentified', shiftKey: true, key }, COMMANDS)?.id, `${c.id} ${key}`).toBe(c.id);
    }
  });

  it('the palette, a tooltip and a hint show one key for a command, the one its handler is bound to', () => {
    for (const mac of [false, true]) {
      const items = paletteItems(COMMANDS, { ...everything, mac });
      for (const c of COMMANDS.filter((x) => x.shortcut && 'action' in x.run && x.run.action !== 'palette.open')) {
        const action = (c.run as { action: ActionId }).action;
        const shown = items.find((i) => i.id === c.id)?.shortcut;
        expect(shown, c.id).toBe(shortcutLabel(c.shortcut!, mac));
        expect(keysOf(action, mac)).toBe(shown);
        expect(titleWithKeys('Кнопка', action, mac)).toBe(`Кнопка (${shown})`);
      }
    }
    expect(keysOf('palette.open', true)).toBe('⌘K');
    expect(titleWithKeys('Палитра', 'palette.open', false)).toBe('Палитра (Ctrl+K)');
  });
});

describe('fuzzy matching', () => {
  it('finds a view by a Russian or an English fragment, whatever the interface language', () => {
    expect(top('кален')).toBe('view.calendar');
    expect(top('calend')).toBe('view.calendar');
    expect(top('кален', { ...everything, locale: 'en' })).toBe('view.calendar');
    expect(top('настр')).toBe('view.settings');
    expect(top('ledger')).toBe('view.ledger');
    // «пайп»: the pipeline board, in either language.
    expect(top('пайп')).toBe('view.marks');
    expect(top('пайп', { ...everything, locale: 'en' })).toBe('view.marks');
    expect(top('pipel')).toBe('view.marks');
  });

  it('finds by keywords: «xlsx» the export, «ics» the calendar export', () => {
    expect(top('xlsx')).toBe('export.open');
    expect(top('ics')).toBe('calendar.exportIcs');
    expect(top('выгруз')).toBe('view.exports');
    expect(top('истор')).toBe('view.exports');
  });

  it('finds a saved search by its name and by a typo-free abbreviation of it', () => {
    expect(top('компьют')).toBe('saved:flt_1');
    expect(top('кмп мск')).toBe('saved:flt_1');
  });

  it('ranks a prefix of the title above a scattered match, and drops what does not match', () => {
    const ranked = rankItems(paletteItems(COMMANDS, everything), 'спис').map((i) => i.id);
    expect(ranked[0]).toBe('view.lists');
    expect(ranked.indexOf('view.lists')).toBeLessThan(ranked.indexOf('row.addToList'));
    expect(rankItems(paletteItems(COMMANDS, everything), 'zzzzqq')).toEqual([]);
  });

  it('an empty search keeps every item in the registry order', () => {
    const items = paletteItems(COMMANDS, everything);
    expect(rankItems(items, '  ').map((i) => i.id)).toEqual(items.map((i) => i.id));
  });
});

describe('what the palette offers', () => {
  it('only actions someone provides here, never itself, and each generation its own views', () => {
    const provided = new Set<ActionId>(['row.next']);
    const ids = paletteItems(COMMANDS, { ...everything, provided: (id) => provided.has(id) }).map((i) => i.id);
    expect(ids).toContain('row.next');
    expect(ids).not.toContain('row.open');
    expect(ids).not.toContain('palette.open');
    const earlier = paletteItems(COMMANDS, { ...everything, generation: 'earlier' }).map((i) => i.id);
    expect(earlier).toContain('view.favorites');
    expect(earlier).not.toContain('view.lists');
    expect(earlier).not.toContain('saved:flt_1');
  });

  it('shows the shortcut as the keyboard writes it (⌘ on macOS)', () => {
    const palette = COMMANDS.find((c) => c.id === 'palette.open')!.shortcut!;
    expect(shortcutLabel(palette, false)).toBe('Ctrl+K');
    expect(shortcutLabel(palette, true)).toBe('⌘K');
    expect(paletteItems(COMMANDS, everything).find((i) => i.id === 'row.next')?.shortcut).toBe('J');
  });
});

describe('shortcuts', () => {
  const target = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, closest: () => null, ...extra }) as unknown as EventTarget;
  const key = (code: string, over: Partial<KeyLike> = {}): KeyLike => ({ code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: target('DIV'), ...over });

  it('a plain key fires outside fields, not while typing in an input, a text area, a select or an editable area', () => {
    const next = COMMANDS.find((c) => c.id === 'row.next')!.shortcut!;
    expect(pressesShortcut(key('KeyJ'), next)).toBe(true);
    expect(pressesShortcut(key('KeyJ', { target: target('INPUT', { type: 'text' }) }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { target: target('INPUT', { type: 'search' }) }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { target: target('TEXTAREA') }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { target: target('SELECT') }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { target: target('DIV', { isContentEditable: true }) }), next)).toBe(false);
    // A row's checkbox takes no typing.
    expect(pressesShortcut(key('KeyJ', { target: target('INPUT', { type: 'checkbox' }) }), next)).toBe(true);
  });

  it('a plain key does not fire inside a dialog, nor with a modifier', () => {
    const next = COMMANDS.find((c) => c.id === 'row.next')!.shortcut!;
    expect(pressesShortcut(key('KeyJ', { target: target('BUTTON', { closest: () => ({}) }) }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { ctrlKey: true }), next)).toBe(false);
    expect(pressesShortcut(key('KeyJ', { shiftKey: true }), next)).toBe(false);
  });

  it('Ctrl+K and ⌘K open the palette anywhere, a text field too; K alone is the previous row', () => {
    const typing = target('INPUT', { type: 'text' });
    expect(commandForKey(key('KeyK', { ctrlKey: true, target: typing }), COMMANDS)?.id).toBe('palette.open');
    expect(commandForKey(key('KeyK', { metaKey: true }), COMMANDS)?.id).toBe('palette.open');
    expect(commandForKey(key('KeyK', { ctrlKey: true, altKey: true }), COMMANDS)).toBeUndefined();
    expect(commandForKey(key('KeyK'), COMMANDS)?.id).toBe('row.previous');
    expect(commandForKey(key('KeyK', { target: typing }), COMMANDS)).toBeUndefined();
    // The physical key: on the Russian layout the same key (code Slash) goes to the search.
    expect(commandForKey(key('Slash'), COMMANDS)?.id).toBe('search.focus');
  });

  it('Alt+← goes back, ← alone does not (the grid\'s arrows), nor while typing or in a dialog', () => {
    expect(commandForKey(key('ArrowLeft', { altKey: true }), COMMANDS)?.id).toBe('view.back');
    expect(commandForKey(key('ArrowLeft'), COMMANDS)).toBeUndefined();
    expect(commandForKey(key('ArrowLeft', { altKey: true, target: target('INPUT', { type: 'text' }) }), COMMANDS)).toBeUndefined();
    expect(commandForKey(key('ArrowLeft', { altKey: true, target: target('BUTTON', { closest: () => ({}) }) }), COMMANDS)).toBeUndefined();
    // Alt with a letter is no plain key: Alt+J does not move the row.
    expect(commandForKey(key('KeyJ', { altKey: true }), COMMANDS)).toBeUndefined();
  });

  it('Alt+↑ and Alt+↓ move a list member («Переместить выше/ниже»); the arrows alone are the grid\'s, and not while typing', () => {
    expect(commandForKey(key('ArrowUp', { altKey: true }), COMMANDS)?.id).toBe('row.moveUp');
    expect(commandForKey(key('ArrowDown', { altKey: true }), COMMANDS)?.id).toBe('row.moveDown');
    expect(commandForKey(key('ArrowDown'), COMMANDS)).toBeUndefined();
    expect(commandForKey(key('ArrowDown', { altKey: true, target: target('TEXTAREA') }), COMMANDS)).toBeUndefined();
    expect(COMMANDS.find((c) => c.id === 'row.moveDown')?.title.ru).toBe('Переместить ниже');
  });

  it('«Разбор»: Y or + interesting, N or − not, by the key\'s place or its character, so a Russian layout works too; ? the reasons', () => {
    expect(commandForKey(key('KeyY', { key: 'н' }), COMMANDS)?.id).toBe('triage.interesting');
    expect(commandForKey(key('Equal', { key: '+', shiftKey: true }), COMMANDS)?.id).toBe('triage.interesting');
    expect(commandForKey(key('NumpadAdd', { key: '+' }), COMMANDS)?.id).toBe('triage.interesting');
    expect(commandForKey(key('KeyN', { key: 'т' }), COMMANDS)?.id).toBe('triage.notInteresting');
    expect(commandForKey(key('Minus', { key: '-' }), COMMANDS)?.id).toBe('triage.notInteresting');
    expect(commandForKey(key('NumpadSubtract', { key: '-' }), COMMANDS)?.id).toBe('triage.notInteresting');
    // «?» is the reasons wherever the layout puts it (Shift+/ in English, Shift+7 in Russian), «/» alone the search.
    expect(commandForKey(key('Slash', { key: '?', shiftKey: true }), COMMANDS)?.id).toBe('triage.why');
    expect(commandForKey(key('Digit7', { key: '?', shiftKey: true }), COMMANDS)?.id).toBe('triage.why');
    expect(commandForKey(key('Slash', { key: '?' }), COMMANDS)?.id).toBe('triage.why');
    expect(commandForKey(key('Slash', { key: '/' }), COMMANDS)?.id).toBe('search.focus');
    // Not while typing (a filter of the view), nor with Ctrl (Ctrl+− is the zoom).
    expect(commandForKey(key('KeyY', { key: 'y', target: target('INPUT', { type: 'text' }) }), COMMANDS)).toBeUndefined();
    expect(commandForKey(key('Minus', { key: '-', ctrlKey: true }), COMMANDS)).toBeUndefined();
  });

  it('Escape goes back only when nothing nearer took it: not typing, not in a dialog, not answered by a popup', () => {
    const esc = (over: Partial<KeyLike & { defaultPrevented: boolean }> = {}) => ({ ...key('Escape'), key: 'Escape', defaultPrevented: false, ...over });
    expect(pressesBackEscape(esc())).toBe(true);
    expect(pressesBackEscape(esc({ defaultPrevented: true }))).toBe(false);
    expect(pressesBackEscape(esc({ target: target('INPUT', { type: 'text' }) }))).toBe(false);
    expect(pressesBackEscape(esc({ target: target('BUTTON', { closest: () => ({}) }) }))).toBe(false);
    expect(pressesBackEscape(esc({ shiftKey: true }))).toBe(false);
    expect(pressesBackEscape({ ...esc(), key: 'Enter' })).toBe(false);
  });

  it('every repeated action has a key, and a tooltip names it as the palette does', () => {
    const withKey = new Set(COMMANDS.filter((c) => c.shortcut).map((c) => c.id));
    for (const id of ['view.back', 'export.open', 'calendar.exportIcs']) expect(withKey).toContain(id);
    const back = COMMANDS.find((c) => c.id === 'view.back')!.shortcut;
    expect(withShortcut('Назад', back, false)).toBe('Назад (Esc, Alt+←)');
    expect(withShortcut('Экспорт', COMMANDS.find((c) => c.id === 'export.open')!.shortcut, false)).toBe('Экспорт (E)');
    expect(withShortcut('Палитра', COMMANDS.find((c) => c.id === 'palette.open')!.shortcut, true)).toBe('Палитра (⌘K)');
    expect(withShortcut('Без клавиши', undefined, false)).toBe('Без клавиши');
  });
});

describe('action providers', () => {
  it('the newest provider runs, the one before it comes back when it goes, none: nothing runs', () => {
    const ran: string[] = [];
    const offTable = provideAction('row.open', () => ran.push('table'));
    const offCard = provideAction('row.open', () => ran.push('card'));
    expect(runAction('row.open')).toBe(true);
    offCard();
    expect(runAction('row.open')).toBe(true);
    offTable();
    expect(isProvided('row.open')).toBe(false);
    expect(runAction('row.open')).toBe(false);
    expect(ran).toEqual(['card', 'table']);
  });

  it('a provider coming or going is announced, so an open palette offers what became possible meanwhile', () => {
    let calls = 0;
    const stop = onProvidersChanged(() => calls++);
    const off = provideAction('row.next', () => undefined);
    expect(calls).toBe(1);
    off();
    expect(calls).toBe(2);
    stop();
    provideAction('row.next', () => undefined)();
    expect(calls).toBe(2);
  });
});
