/**
 * A table's column layout is kept in the core's settings (ui.setColumnLayout), so browser mode, whose
 * page storage goes with every new port, finds it after a restart; the input is checked at the boundary.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';
import { makeCore, tempDir, type TestCore } from './helpers';

const opened: TestCore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.core.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = (): string => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
async function core(dir: string): Promise<TestCore> {
  const t = await makeCore(null, { dataDir: dir });
  opened.push(t);
  return t;
}

describe('column layouts in the core settings', () => {
  it('a layout set is there after the core restarts; null forgets it; other settings stay', async () => {
    const dir = dataDir();
    const first = await core(dir);
    expect(await first.call('ui.columnLayouts', {})).toEqual({});
    await first.call('app.setLocale', { locale: 'en' });
    await first.call('ui.setColumnLayout', { table: 'lists-members', layout: { hidden: ['customerName'], widths: { name: 320 } } });
    await first.call('ui.setColumnLayout', { table: 'results', layout: { hidden: [], widths: { price: 90 } } });
    await first.core.close();
    opened.length = 0;

    const again = await core(dir);
    expect(await again.call('ui.columnLayouts', {})).toEqual({
      'lists-members': { hidden: ['customerName'], widths: { name: 320 } },
      results: { hidden: [], widths: { price: 90 } },
    });
    expect((await again.call('app.info', {})).locale).toBe('en');
    await again.call('ui.setColumnLayout', { table: 'results', layout: null });
    expect(Object.keys(await again.call('ui.columnLayouts', {}))).toEqual(['lists-members']);
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as { columnLayouts: unknown; locale: string };
    expect(file.locale).toBe('en');
    expect(file.columnLayouts).toEqual({ 'lists-members': { hidden: ['customerName'], widths: { name: 320 } } });
  });

  it('refuses what is not a layout at the boundary: an odd table name, a width that is not a number, extra keys', () => {
    expect(parseArgs('ui.setColumnLayout', { table: '../x', layout: null }).ok).toBe(false);
    expect(parseArgs('ui.setColumnLayout', { table: 'results', layout: { hidden: [], widths: { a: 'wide' } } }).ok).toBe(false);
    expect(parseArgs('ui.setColumnLayout', { table: 'results', layout: { hidden: [], widths: {}, order: [] } }).ok).toBe(false);
    expect(parseArgs('ui.setColumnLayout', { table: 'results', layout: { hidden: [], widths: { a: 1e9 } } }).ok).toBe(false);
    expect(parseArgs('ui.setColumnLayout', { table: 'results', layout: { hidden: ['price'], widths: { name: 200 } } }).ok).toBe(true);
  });

  it('a damaged layouts section gives the tables their defaults and keeps the rest of the settings', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null, columnLayouts: { results: { hidden: 'all' } } }));
    const t = await core(dir);
    expect(await t.call('ui.columnLayouts', {})).toEqual({});
    expect((await t.call('app.info', {})).locale).toBe('en');
  });
});

describe('the theme in the core settings', () => {
  it('a theme chosen is there after the core restarts (browser mode\'s page storage is not); a file without one, or a damaged one, follows the OS', async () => {
    const dir = dataDir();
    const first = await core(dir);
    expect(await first.call('ui.theme', {})).toEqual({ theme: 'system' });
    expect(await first.call('ui.setTheme', { theme: 'dark' })).toEqual({ theme: 'dark' });
    await first.core.close();
    opened.length = 0;

    const again = await core(dir);
    expect(await again.call('ui.theme', {})).toEqual({ theme: 'dark' });
    await again.core.close();
    opened.length = 0;

    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...file, theme: 'sepia' }));
    expect(await (await core(dir)).call('ui.theme', {})).toEqual({ theme: 'system' });
    expect(parseArgs('ui.setTheme', { theme: 'sepia' }).ok).toBe(false);
  });
});
