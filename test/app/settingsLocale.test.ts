/**
 * Every `tenderwb` start reads the language without the settings' schema (workspace/settingsLocale.ts): it
 * must say what the schema says (workspace/settings.ts) for every file, the damaged and odd ones included.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src-main/workspace/settings';
import { readSettingsLocale, SETTINGS_FILE } from '../../src-main/workspace/settingsLocale';

const root = mkdtempSync(join(tmpdir(), 'tenderwb-settings-locale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES: Record<string, string | null> = {
  missing: null,
  english: '{"locale":"en"}',
  russian: '{"locale":"ru","activeProfile":"a"}',
  'english with a byte order mark': '\uFEFF{"locale":"en"}',
  'english beside damaged fields': '{"locale":"en","spending":7,"activeProfile":""}',
  'an unknown language': '{"locale":"de"}',
  'a language in capitals': '{"locale":"EN"}',
  'no language': '{"activeProfile":"a"}',
  'not JSON': '{"locale":"en"',
  'an array': '[{"locale":"en"}]',
  null: 'null',
  'a string': '"en"',
  empty: '',
};

describe('the language read at start is the one the settings schema reads', () => {
  it.each(Object.entries(FILES))('%s', async (name, content) => {
    const dir = join(root, name.replace(/\W+/g, '-'));
    if (content !== null) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, SETTINGS_FILE), content);
    }
    expect(await readSettingsLocale(dir)).toBe((await readSettings(dir)).locale);
  });

  it('reads English when the file says so (the table above is not all Russian)', async () => {
    const dir = join(root, 'english-check');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, SETTINGS_FILE), '{"locale":"en"}');
    expect(await readSettingsLocale(dir)).toBe('en');
  });
});
