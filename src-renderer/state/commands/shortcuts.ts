/**
 * Keyboard shortcuts of the registry's commands, as pure rules (tested without a browser). A shortcut is a
 * physical key (`KeyboardEvent.code`), so it works the same on the Russian layout (J is J, not «О»). A plain
 * key never fires while the user types in a field or works in a dialog; one with Ctrl (⌘ on macOS) fires
 * anywhere, as the palette's Ctrl+K must.
 */

export interface Shortcut {
  /** `KeyboardEvent.code`: `KeyJ`, `Slash`… */
  code: string;
  /** Ctrl, or ⌘ on macOS. */
  mod?: boolean;
  /** Alt (Option on macOS): Alt+← goes back, as in a browser. Like a plain key, not while typing or in a dialog. */
  alt?: boolean;
  /** Shift with the key: Shift+/ is «?» on an English layout (and «,» on the Russian one). */
  shift?: boolean;
  /**
   * Characters (`KeyboardEvent.key`) that press it too, whatever the physical key and Shift: «+» and «−» of the
   * main row and the numpad, «?» wherever the layout puts it. For characters only; a letter goes by its code.
   */
  keys?: string[];
  /** How it is written for a user (the mod shown as Ctrl+; macOS gets ⌘). */
  label: string;
}

export interface KeyLike {
  code: string;
  /** The character typed (matched against a shortcut's `keys`). */
  key?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

/** Inputs that take no typing: a key pressed on them is not text. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether the key goes into text the user is typing (a field, a list box, an editable area). */
export function isTyping(target: EventTarget | null): boolean {
  const t = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  const tag = t?.tagName?.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || t?.isContentEditable === true) return true;
  return tag === 'input' && !NOT_TEXT.has((t?.type ?? 'text').toLowerCase());
}

/** Whether the target is inside a dialog (a plain key there belongs to the dialog). */
function inDialog(target: EventTarget | null): boolean {
  const t = target as { closest?: (selector: string) => unknown } | null;
  return typeof t?.closest === 'function' && t.closest('[role="dialog"], [role="alertdialog"]') != null;
}

/** Whether the event types one of the shortcut's characters (`keys`). */
function typesKey(e: KeyLike, shortcut: Shortcut): boolean {
  return e.key !== undefined && shortcut.keys?.includes(e.key) === true;
}

/** Whether the key event presses this shortcut, here (not while typing, for a plain key). */
export function pressesShortcut(e: KeyLike, shortcut: Shortcut): boolean {
  const byCode = e.code === shortcut.code && e.shiftKey === (shortcut.shift === true);
  if ((!byCode && !typesKey(e, shortcut)) || e.altKey !== (shortcut.alt === true)) return false;
  const mod = e.ctrlKey || e.metaKey;
  if (shortcut.mod === true) return mod;
  return !mod && !isTyping(e.target) && !inDialog(e.target);
}

/**
 * The command whose shortcut the event presses: one that names the typed character first («?» is the reasons
 * whichever key types it), then by the physical key.
 */
export function commandForKey<C extends { shortcut?: Shortcut }>(e: KeyLike, commands: readonly C[]): C | undefined {
  const pressed = commands.filter((c) => c.shortcut !== undefined && pressesShortcut(e, c.shortcut));
  return pressed.find((c) => typesKey(e, c.shortcut!)) ?? pressed[0];
}

/** The shortcut as the user's keyboard writes it: ⌘K on macOS, Ctrl+K elsewhere. */
export function shortcutLabel(shortcut: Shortcut, mac: boolean): string {
  return mac && shortcut.mod === true ? shortcut.label.replace(/^Ctrl\+/, '⌘') : shortcut.label;
}

/** Two commands on one key would make one of them unreachable: the registry's test checks there are none. */
export function shortcutKey(shortcut: Shortcut): string {
  return `${shortcut.mod === true ? 'mod+' : ''}${shortcut.alt === true ? 'alt+' : ''}${shortcut.shift === true ? 'shift+' : ''}${shortcut.code}`;
}

/** Whether the keyboard is a Mac's (⌘ for Ctrl), for the palette and the tooltips alike. */
export function onMac(): boolean {
  return typeof navigator !== 'undefined' && /mac/i.test(navigator.platform || navigator.userAgent);
}

/**
 * Escape goes back from a view opened from a table (a card, a dossier, a list), like Alt+←, when nothing nearer
 * took it: not while typing, not in a dialog, not a press a popup or a notice already answered.
 */
export function pressesBackEscape(e: KeyLike & { key: string; defaultPrevented: boolean }): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
  return !isTyping(e.target) && !inDialog(e.target);
}

/** How a tooltip names a command's keys: «Назад (Esc, Alt+←)». */
export function withShortcut(title: string, shortcut: Shortcut | undefined, mac: boolean): string {
  return shortcut === undefined ? title : `${title} (${shortcutLabel(shortcut, mac)})`;
}
