/**
 * Every command and subcommand answers `--help`, and `tenderwb help COMMAND [SUB]` says the same
 * (`tenderwb search --help` was "Unknown option"). The commands come from the dispatch table itself, so a new
 * command without help fails here. Help is printed in the run's language, like everything else.
 *
 * The CLI's `main` runs in this process (no child per run: there are about a hundred), its stdout and stderr
 * captured; help never opens a profile, a cache or the network.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../src-main/cli/commands/index';
import { subcommandsOf } from '../../src-main/cli/help';
import { main } from '../../src-main/cli/main';

let ru: string;
let en: string;

beforeAll(() => {
  ru = mkdtempSync(join(tmpdir(), 'tenderwb-help-ru-'));
  en = mkdtempSync(join(tmpdir(), 'tenderwb-help-en-'));
  writeFileSync(join(en, 'settings.json'), JSON.stringify({ locale: 'en', activeProfile: null }));
});

afterAll(() => {
  for (const dir of [ru, en]) rmSync(dir, { recursive: true, force: true });
});

/** One run of `tenderwb --data-dir DIR ...args` in this process: its exit code and what it printed. */
async function run(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${a.join(' ')}\n`));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  const ewrite = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
  try {
    const code = await main(['--data-dir', dataDir, ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    log.mockRestore();
    write.mockRestore();
    ewrite.mockRestore();
  }
}

const CYRILLIC = /[А-Яа-яЁё]/;

describe('tenderwb help', () => {
  it('every command of the dispatch table answers --help, -h and help COMMAND: exit 0, its usage on stdout, nothing on stderr', async () => {
    const names = Object.keys(commands);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const [flag, short, topic] = [await run(ru, name, '--help'), await run(ru, name, '-h'), await run(ru, 'help', name)];
      for (const r of [flag, short, topic]) {
        expect(r, `tenderwb ${name} --help`).toMatchObject({ code: 0, stderr: '' });
        expect(r.stdout, `tenderwb ${name} --help`).toContain(`tenderwb ${name}`);
      }
      expect(flag.stdout).toBe(topic.stdout);
    }
  });

  it('every subcommand a command names answers --help with its own usage, and help COMMAND SUB says the same', async () => {
    let subs = 0;
    for (const name of Object.keys(commands)) {
      for (const sub of subcommandsOf(name)) {
        subs += 1;
        const [flag, topic] = [await run(ru, name, sub, '--help'), await run(ru, 'help', name, sub)];
        expect(flag, `tenderwb ${name} ${sub} --help`).toMatchObject({ code: 0, stderr: '' });
        expect(flag.stdout, `tenderwb ${name} ${sub} --help`).toMatch(new RegExp(`tenderwb ${name} \\[?${sub}\\b`));
        expect(topic.stdout).toBe(flag.stdout);
      }
    }
    // profile, card, list, favorites, export, cache, analytics, flags, mark, marks, team have subcommands.
    expect(subs).toBeGreaterThan(35);
  });

  it('--help wins over a command’s own arguments, and a flag value after -- is not taken for it', async () => {
    const withArgs = await run(ru, 'sync', 'vac', '--max-spend', '5', '--help');
    expect(withArgs).toMatchObject({ code: 0, stderr: '' });
    expect(withArgs.stdout).toContain('tenderwb sync');
    // After `--` it is an argument: the command runs (here: no profile yet) and does not print help.
    const literal = await run(ru, 'cache', 'search', '--', '--help');
    expect(literal.stdout).toBe('');
    expect(literal.code).not.toBe(0);
  });

  it('tenderwb --help lists every command and the exit codes; help of an unknown command is a usage error', async () => {
    const overview = await run(ru, '--help');
    expect(overview.code).toBe(0);
    for (const name of Object.keys(commands)) expect(overview.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(overview.stdout).toContain('Коды выхода: 0 — готово;');
    expect((await run(ru, 'help')).stdout).toBe(overview.stdout);
    const unknown = await run(ru, 'help', 'bogus');
    expect(unknown).toMatchObject({ code: 2, stdout: '', stderr: 'tenderwb: нет команды «bogus»; список команд: tenderwb --help\n' });
  });

  it('help speaks the run’s language: Russian by default, English where the settings say en (no Cyrillic then)', async () => {
    const [ruHelp, enHelp] = [await run(ru, 'help', 'list'), await run(en, 'help', 'list')];
    expect(ruHelp.stdout).toMatch(/^Списки закупок на сервере/);
    expect(ruHelp.stdout).toContain('tenderwb list create ИМЯ [--description ТЕКСТ]');
    expect(enHelp.stdout).toMatch(/^Tender lists on the server/);
    expect(enHelp.stdout).toContain('tenderwb list create NAME [--description TEXT]');
    const enOverview = (await run(en, '--help')).stdout;
    expect(enOverview).toMatch(/^Usage: tenderwb/);
    expect(enOverview).not.toMatch(CYRILLIC);
    for (const name of Object.keys(commands)) expect((await run(en, name, '--help')).stdout.replace(/«[^»]*»/g, '')).not.toMatch(CYRILLIC);
  });
});
