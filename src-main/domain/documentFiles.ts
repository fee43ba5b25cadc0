/**
 * What a document's file may be called on the user's disk. A document is never executed: a name
 * or extension that the system would run is refused before a file is made, and the name given to the opened
 * copy is built from letters, digits and a few marks only, so a server's name cannot climb out of the folder
 * (`../`), hide an extension (`.pdf.exe`, a right-to-left mark) or be a device name. Pure: the app, the CLI
 * and the renderer share it.
 */

/** Extensions that run something when opened (Windows, macOS, Linux desktops, scripts). */
const EXECUTABLE = new Set([
  'exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'cpl', 'msi', 'msp', 'msc', 'dll', 'hta', 'jar', 'js', 'jse', 'vbs', 'vbe', 'wsf', 'wsh',
  'ps1', 'psm1', 'lnk', 'reg', 'inf', 'scf', 'url', 'sh', 'bash', 'zsh', 'csh', 'command', 'app', 'pkg', 'dmg', 'deb', 'rpm', 'run',
  'desktop', 'appimage', 'py', 'pyw', 'pl', 'rb', 'php', 'apk', 'iso', 'img', 'vhd', 'svg', 'html', 'htm', 'xhtml', 'mht', 'chm',
]);

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** The extension that decides how the system opens a file: the last dot's, lower case, or '' for none. */
export function lastExtension(name: string): string {
  const m = /\.([^.\s/\\]+)\s*$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

export const isExecutableExtension = (extension: string): boolean => EXECUTABLE.has(extension.trim().toLowerCase().replace(/^\./, ''));

/**
 * A file name for a document named `name` with the card's `extension`: letters, digits, spaces, `-_()№,` and
 * one dot before the extension; at most 120 characters; never empty, never a device name. Null when the
 * document's extension (or the one its name ends in) is one the system would run.
 */
export function safeDocumentFileName(name: string, extension: string): string | null {
  const ext = extension.trim().toLowerCase().replace(/^\./, '').replace(/[^a-z0-9]/g, '').slice(0, 10);
  const ownExt = lastExtension(name);
  if (isExecutableExtension(ext) || isExecutableExtension(ownExt)) return null;
  const base = (ownExt === ext && ext !== '' ? name.slice(0, name.length - ext.length - 1) : name)
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} \-_()№,]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^[ _.-]+|[ _.-]+$/g, '')
    .slice(0, 120);
  const safeBase = base === '' || RESERVED.test(base) ? `document${base === '' ? '' : `_${base}`}` : base;
  return ext === '' ? safeBase : `${safeBase}.${ext}`;
}
