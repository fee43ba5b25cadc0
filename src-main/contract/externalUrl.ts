/**
 * Which URLs may leave the app for the user's browser: the rule of the contract's `app.openExternal` (checked
 * by the core) and of the shell's window-open and navigation handlers. Pure, so every layer that needs it
 * (the shell above the app, the app itself) imports it from here.
 */

/**
 * Whether a URL the renderer tries to open (a link, `window.open`) may be handed to the user's browser.
 * Only well-formed https URLs qualify: no `file:`, `javascript:`, custom schemes or plain http.
 */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}
