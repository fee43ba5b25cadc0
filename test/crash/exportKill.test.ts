/**
 * An export killed with SIGKILL leaves its hidden temporary file (`.NAME.csv.PID.HEX.tmp`)
 * behind. Real child processes write an export (exportChild.ts) and are killed while writing; the next export to
 * that folder removes their leftovers and touches nothing else: not the user's files, not a temporary file of an
 * export still running, not a folder or a link that happens to match the pattern.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from '../../src-main/export/csv';

const CHILD = join(import.meta.dirname, 'exportChild.ts');
const KILLS = 3;

let root: string;
let folder: string;
const children: ChildProcess[] = [];

const leftoversOf = (pid: number): string[] => readdirSync(folder).filter((name) => name.startsWith('.') && name.includes(`.${pid}.`) && name.endsWith('.tmp'));

/** Starts an export in a child process and kills it with SIGKILL once its temporary file has data; answers its pid. */
async function killedExport(target: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, target], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const pid = child.pid!;
  // Waits on the condition (the temporary file holds data), checking between short pauses; a child that ends
  // first is a failure of the test's setup, reported with its stderr.
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`the export child ended before it was killed: ${stderr}`);
    const temp = leftoversOf(pid)[0];
    if (temp !== undefined && statSync(join(folder, temp)).size > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return pid;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'twb-export-kill-'));
  folder = join(root, 'exports');
  mkdirSync(folder);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('leftovers of killed exports', () => {
  it('are removed by the next export to the folder; nothing else is touched', async () => {
    // What must stay: the user's files, a running export's temporary (this process is alive), a folder and a
    // link with our pattern, and names close to it.
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not in the folder');
    const keep = [
      'report.csv',
      '.report.csv.tmp',
      '.notes.txt',
      `.running.csv.${process.pid}.0123456789ab.tmp`,
      '.x.csv.999999.0123456789ab.tmp.bak',
      '.x.csv.abc.0123456789ab.tmp',
    ];
    for (const name of keep) writeFileSync(join(folder, name), 'keep me');
    mkdirSync(join(folder, '.dir.csv.999999.0123456789ab.tmp'));
    symlinkSync(outside, join(folder, '.link.csv.999999.0123456789ab.tmp'));
    // What must go besides the killed exports' files: a leftover untouched for two days, even under a live PID.
    const old = `.old.csv.${process.pid}.abcdefabcdef.tmp`;
    writeFileSync(join(folder, old), 'stale');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    utimesSync(join(folder, old), twoDaysAgo, twoDaysAgo);

    // Each kill leaves its temporary file; each next export (the next child's, then ours) removes the ones before.
    const killed: number[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      const pid = await killedExport(join(folder, 'tenders.csv'));
      expect(leftoversOf(pid), `leftover of ${pid} after SIGKILL`).toHaveLength(1);
      for (const earlier of killed) expect(leftoversOf(earlier), `leftover of ${earlier} after the next child's export`).toEqual([]);
      killed.push(pid);
    }
    expect(existsSync(join(folder, 'tenders.csv'))).toBe(false);

    const result = await writeCsv([{ id: 1 }], [{ key: 'id', header: 'id' }], join(folder, 'next.csv'));
    expect(result.rows).toBe(1);

    for (const pid of killed) expect(leftoversOf(pid), `leftover of ${pid} after the next export`).toEqual([]);
    expect(existsSync(join(folder, old))).toBe(false);
    for (const name of keep) expect(existsSync(join(folder, name)), name).toBe(true);
    expect(statSync(join(folder, '.dir.csv.999999.0123456789ab.tmp')).isDirectory()).toBe(true);
    expect(lstatSync(join(folder, '.link.csv.999999.0123456789ab.tmp')).isSymbolicLink()).toBe(true);
    expect(existsSync(outside)).toBe(true);
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp')).sort()).toEqual(
      [`.running.csv.${process.pid}.0123456789ab.tmp`, '.dir.csv.999999.0123456789ab.tmp', '.link.csv.999999.0123456789ab.tmp', '.report.csv.tmp', '.x.csv.abc.0123456789ab.tmp'].sort(),
    );
    expect(readdirSync(folder)).toContain('next.csv');
  });
});
