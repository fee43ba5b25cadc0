/**
 * The documents' settings (automatic download, the size limits) as the CLI reads them from the app's
 * settings.json, by the rules of documents/autoDownload.ts's `documentsSettingsOf`: a missing, unreadable or
 * damaged file or section is «off» with the default limits, so nothing is ever downloaded unasked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { documentsSettingsOf, type DocumentsSettings } from '../documents/autoDownload';
import { SETTINGS_FILE } from './settingsLocale';

export async function readDocumentsSettings(dataDir: string): Promise<DocumentsSettings> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse((await readFile(path.join(dataDir, SETTINGS_FILE), 'utf8')).replace(/^\uFEFF/, ''));
  } catch {
    // As a missing file: off.
  }
  return documentsSettingsOf(parsed);
}
