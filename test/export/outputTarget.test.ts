/**
 * The one rule of where a file may be written, asked directly: these cases would destroy
 * something if a test wrote to them (a device node as root), so the rule is checked without writing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutputTarget, OutputTargetError } from '../../src-main/export/outputTarget';

const root = mkdtempSync(join(tmpdir(), 'twb-target-'));
const data = join(root, 'data');
mkdirSync(join(data, 'profiles', 'work'), { recursive: true });
writeFileSync(join(data, 'profiles', 'work', 'cache.db'), '');
const out = join(root, 'out');
mkdirSync(out);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const problem = (target: string): string | null => {
  try {
    checkOutputTarget(target, data);
    return null;
  } catch (e) {
    if (e instanceof OutputTargetError) return e.problem;
    throw e;
  }
};

describe('checkOutputTarget', () => {
  it('a device node is not a file to write, whoever runs the export', () => {
    expect(problem('/dev/null')).toBe('not_regular');
    expect(problem('/dev/zero')).toBe('not_regular');
  });

  it('a socket is not a file to write', async () => {
    const socket = join(out, 'app.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(problem(socket)).toBe('not_regular');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('anything inside the data folder is refused, also a new file, also through a link; beside it is fine', () => {
    expect(problem(join(data, 'profiles', 'work', 'cache.db'))).toBe('inside_data');
    expect(problem(join(data, 'profiles', 'work', 'cache.db-wal'))).toBe('inside_data');
    expect(problem(join(data, 'export.csv'))).toBe('inside_data');
    symlinkSync(join(data, 'profiles'), join(out, 'profiles-link'));
    expect(problem(join(out, 'profiles-link', 'work', 'x.csv'))).toBe('inside_data');
    // A folder whose name only begins like the data folder's is not inside it.
    mkdirSync(`${data}-exports`);
    expect(problem(join(`${data}-exports`, 'x.csv'))).toBeNull();
    expect(checkOutputTarget(join(out, 'x.csv'), data)).toBe(join(out, 'x.csv'));
  });

  it('a symlink to a regular file outside answers the file it names (the link is kept); a dangling one is refused', () => {
    writeFileSync(join(out, 'real.csv'), 'x');
    symlinkSync(join(out, 'real.csv'), join(out, 'link.csv'));
    expect(checkOutputTarget(join(out, 'link.csv'), data)).toBe(join(out, 'real.csv'));
    symlinkSync(join(out, 'gone.csv'), join(out, 'dangling.csv'));
    expect(problem(join(out, 'dangling.csv'))).toBe('not_regular');
  });

  it('an empty name, a folder, a missing folder and a file used as a folder each say so', () => {
    expect(problem('  ')).toBe('no_target');
    expect(problem(out)).toBe('directory');
    expect(problem(join(out, 'none', 'x.csv'))).toBe('no_folder');
    expect(problem(join(out, 'real.csv', 'x.csv'))).toBe('not_folder');
  });
});
