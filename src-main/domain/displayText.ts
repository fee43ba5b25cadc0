/**
 * Text from elsewhere (a server's tender names, a teammate's notes, a document's address) made safe to show
 *: the CLI printed it raw, so a name could clear the screen, set the terminal's title, plant an OSC 8
 * hyperlink, overwrite its own line with a carriage return, or reverse what follows with U+202E (an address
 * ending `gnp.exe` read `exe.png`). One function for every edge where text is shown as it is: the CLI's
 * readable output (cli/output.ts, its one-line errors), the notifications' words (i18n/notificationText.ts),
 * file names (app/csvExport.ts `safeFileName`) and a card's document names in the window.
 *
 * Removed: escape sequences whole (CSI, OSC up to its terminator, DCS/SOS/PM/APC strings, two-byte ESC
 * codes; a string with no terminator ends at the line's end), their eight-bit forms and every other C0 and C1 control and DEL; the bidirectional embeddings,
 * overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C). A carriage return
 * goes (a CRLF is a line break); the line and paragraph separators U+2028/U+2029 become line breaks. Tabs and
 * line breaks stay where a text may span lines (`multiline`), else they become one space each.
 *
 * Pure and linear (no nested quantifiers): the renderer imports it too.
 */

/** ESC followed by one sequence: CSI, OSC/DCS/SOS/PM/APC strings to their terminator, or a two-byte code. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?|[ -/]*[0-~]?)/g;
/** The eight-bit CSI and string introducers, with what they carry. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const C1_SEQUENCE = /\u009b[0-?]*[ -/]*[@-~]?|[\u0090\u0098\u009d\u009e\u009f][^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?/g;
const LINE_BREAKS = /\r\n|[\u2028\u2029]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Every remaining C0 control but tab and line feed, DEL, C1. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const SPACING = /[\t\n]/g;

/** `text` with nothing a terminal, a notification or a file name would act on or reorder; see the module comment. */
export function displayText(text: string, options: { multiline?: boolean } = {}): string {
  const clean = text.replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '').replace(LINE_BREAKS, '\n').replace(BIDI, '').replace(CONTROLS, '');
  return options.multiline === true ? clean : clean.replace(SPACING, ' ');
}

/** Characters JSON.stringify leaves raw that a terminal acts on or reorders (C1, DEL, bidi controls, U+2028/9). */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A JSON text with those characters written as `\uXXXX` escapes: the same JSON (they occur only inside strings,
 * and a parser reads back the exact value), but nothing in it acts on the terminal it is printed to.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
