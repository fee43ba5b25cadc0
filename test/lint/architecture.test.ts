// docs/ARCHITECTURE.md cannot drift from the code it describes: its layer picture is the one generated from
// eslint/layers.mjs (the tables lint enforces), and every folder of src-main/ and src-renderer/ has its paragraph.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_FILE, BEGIN, END, layersBlock, withBlock } from '../../eslint/layersDiagram.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const guide = readFileSync(join(root, ARCHITECTURE_FILE), 'utf8');

/** The folders (and the top-level modules, not declaration files) of `dir`, as the guide names them. */
function entries(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (dir === 'src-main' && /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')))
    .map((e) => (e.isDirectory() ? `${dir}/${e.name}/` : `${dir}/${e.name}`));
}

describe('docs/ARCHITECTURE.md', () => {
  it('holds the layer picture generated from eslint/layers.mjs (run `node eslint/layersDiagram.mjs` after changing the tables)', () => {
    expect(guide).toContain(BEGIN);
    expect(withBlock(guide)).toBe(guide);
    const block = layersBlock();
    // The picture names every layer lint knows, so a table that gains one shows it.
    for (const name of ['entry points', 'app', 'workspace', 'workbenches', 'stores and clients', 'pure', 'views', 'state']) expect(block).toContain(`["${name}"]`);
  });

  it('a picture edited by hand, or left behind by a changed table, is caught', () => {
    const start = guide.indexOf(BEGIN);
    const stale = guide.slice(0, start) + guide.slice(start).replace('m_workspace["workspace/"]', 'm_workspace["settings/"]');
    expect(stale).not.toBe(guide);
    expect(withBlock(stale)).not.toBe(stale);
    expect(() => withBlock(guide.replace(END, ''))).toThrow(/has no layers block/);
  });

  it('has a paragraph for every folder of src-main/ and src-renderer/ (a new folder must be described)', () => {
    const headings = new Set(guide.split('\n').filter((l) => l.startsWith('### ')).map((l) => /^### `([^`]+)`$/.exec(l)?.[1]));
    const missing = [...entries('src-main'), ...entries('src-renderer')].filter((folder) => !headings.has(folder));
    expect(missing).toEqual([]);
  });

  it('describes no folder that is gone (a renamed or removed folder must leave the guide too)', () => {
    const present = new Set([...entries('src-main'), ...entries('src-renderer')]);
    const headings = guide.split('\n').flatMap((l) => /^### `((?:src-main|src-renderer)\/[^`]+)`$/.exec(l)?.[1] ?? []);
    expect(headings.filter((h) => !present.has(h))).toEqual([]);
  });
});
