import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  baseUrlWarnings,
  dataDirName,
  isValidProfileName,
  normalizeBaseUrl,
  ProfileError,
  ProfileRegistry,
  resolveRootDir,
} from '../../src-main/profiles/profiles';

let root: string;
const fixedNow = (): Date => new Date('2026-03-01T09:30:00.000Z');
const sandbox = { name: 'sandbox', baseUrl: 'http://127.0.0.1:8787/api/v2', generation: 'current' as const };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tenderwb-profiles-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

async function caught(promise: Promise<unknown>): Promise<ProfileError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('expected the promise to reject');
}

describe('resolveRootDir: TENDERWB_DATA_DIR or the platform data directory', () => {
  it('uses TENDERWB_DATA_DIR on every platform', () => {
    expect(resolveRootDir({ TENDERWB_DATA_DIR: '/srv/tw' }, 'linux', '/home/anna')).toBe('/srv/tw');
    expect(resolveRootDir({ TENDERWB_DATA_DIR: '/srv/tw', XDG_DATA_HOME: '/x' }, 'darwin', '/Users/anna')).toBe('/srv/tw');
    expect(resolveRootDir({ TENDERWB_DATA_DIR: 'D:\\TW' }, 'win32', 'C:\\Users\\anna')).toBe('D:\\TW');
    expect(resolveRootDir({ TENDERWB_DATA_DIR: 'rel/dir' }, 'linux', '/home/anna')).toBe(path.resolve('rel/dir'));
  });

  it('Linux: $XDG_DATA_HOME/tender-workbench, else ~/.local/share/tender-workbench (a relative XDG value is ignored)', () => {
    expect(resolveRootDir({ XDG_DATA_HOME: '/data/xdg' }, 'linux', '/home/anna')).toBe('/data/xdg/tender-workbench');
    expect(resolveRootDir({}, 'linux', '/home/anna')).toBe('/home/anna/.local/share/tender-workbench');
    expect(resolveRootDir({ XDG_DATA_HOME: 'relative' }, 'linux', '/home/anna')).toBe('/home/anna/.local/share/tender-workbench');
    expect(resolveRootDir({ TENDERWB_DATA_DIR: '' }, 'freebsd', '/home/anna')).toBe('/home/anna/.local/share/tender-workbench');
  });

  it('macOS: ~/Library/Application Support/Tender Workbench', () => {
    expect(resolveRootDir({ XDG_DATA_HOME: '/x' }, 'darwin', '/Users/anna')).toBe('/Users/anna/Library/Application Support/Tender Workbench');
  });

  it('Windows: %APPDATA%\\Tender Workbench, else <home>\\AppData\\Roaming\\Tender Workbench', () => {
    expect(resolveRootDir({ APPDATA: 'C:\\Users\\anna\\AppData\\Roaming' }, 'win32', 'C:\\Users\\anna')).toBe(
      'C:\\Users\\anna\\AppData\\Roaming\\Tender Workbench',
    );
    expect(resolveRootDir({}, 'win32', 'C:\\Users\\anna')).toBe('C:\\Users\\anna\\AppData\\Roaming\\Tender Workbench');
  });
});

describe('profile names: 1–64 letters (Cyrillic too), digits and ._-, no path tricks', () => {
  it('accepts ordinary names, Cyrillic ones included', () => {
    for (const name of ['sandbox', 'Work-2026', 'a', 'x'.repeat(64), 'team_a.prod', '1', 'рабочий', 'Закупки-Москва.2', 'Ёлка_1']) expect(isValidProfileName(name), name).toBe(true);
  });

  it('refuses empty, too long, spaces, separators, dot names, Windows device names and decomposed Unicode', () => {
    const bad = ['', 'x'.repeat(65), 'я'.repeat(65), 'a b', 'раб очий', 'a/b', 'a\\b', 'я/..', '..', '.', '.hidden', 'trailing.', '../etc', 'CON', 'nul.txt', 'com1', 'a\u0000b', 'и\u0306'];
    for (const name of bad) expect(isValidProfileName(name), name).toBe(false);
  });

  it('keeps every data directory inside <root>/profiles', () => {
    const registry = new ProfileRegistry(root);
    expect(registry.dataDir('work')).toBe(path.join(root, 'profiles', 'work'));
    expect(() => registry.dataDir('../../etc')).toThrow(ProfileError);
    expect(() => registry.dataDir('..')).toThrow(/Invalid profile name/);
  });

  it('a Cyrillic name gets a derived folder: transliterated, with a hash suffix, inside <root>/profiles', () => {
    const registry = new ProfileRegistry(root);
    const dir = registry.dataDir('Закупки-Москва');
    expect(path.dirname(dir)).toBe(path.join(root, 'profiles'));
    expect(path.basename(dir)).toMatch(/^zakupki-moskva~[0-9a-f]{10}$/);
    // Only what every file system takes; names differing only in case share it (they cannot coexist anyway).
    expect(dataDirName('Закупки-Москва')).toBe(path.basename(dir));
    expect(dataDirName('закупки-москва')).toBe(path.basename(dir));
    // Same transliteration, another name: another folder.
    expect(dataDirName('Закупки_Москва')).not.toBe(path.basename(dir));
    expect(dataDirName('Zakupki-Moskva')).toBe('Zakupki-Moskva');
    expect(dataDirName('採購')).toMatch(/^profile~[0-9a-f]{10}$/);
  });

  it('existing (ASCII) profiles keep their folders; Cyrillic ones are added, listed and removed with their data', async () => {
    const registry = new ProfileRegistry(root);
    await registry.add({ ...sandbox, name: 'work' });
    const added = await registry.add({ ...sandbox, name: 'Рабочий' });
    expect(added.name).toBe('Рабочий');
    expect(existsSync(path.join(root, 'profiles', 'work'))).toBe(true);
    expect(existsSync(registry.dataDir('Рабочий'))).toBe(true);
    expect(readdirSync(path.join(root, 'profiles')).sort()).toEqual(['work', dataDirName('Рабочий')].sort());
    // A fresh registry object reads the name back from profiles.json and finds the same folder.
    const again = new ProfileRegistry(root);
    expect((await again.list()).map((p) => p.name)).toEqual(['work', 'Рабочий']);
    expect((await caught(again.add({ ...sandbox, name: 'рабочий' }))).code).toBe('profile_exists');
    expect(await again.remove('Рабочий', { deleteData: true })).toBe(true);
    expect(readdirSync(path.join(root, 'profiles'))).toEqual(['work']);
  });
});

describe('base URL', () => {
  it('keeps the path, drops trailing slashes, accepts http and https', () => {
    expect(normalizeBaseUrl('https://api.example.ru/api/v2/')).toBe('https://api.example.ru/api/v2');
    expect(normalizeBaseUrl(' http://127.0.0.1:8787/api/v2 ')).toBe('http://127.0.0.1:8787/api/v2');
    expect(normalizeBaseUrl('https://gw.example.ru/tenders/proxy/api/v2')).toBe('https://gw.example.ru/tenders/proxy/api/v2');
    expect(normalizeBaseUrl('https://old.example.ru')).toBe('https://old.example.ru');
  });

  it('refuses other schemes, credentials in the URL, queries, fragments and non-URLs', () => {
    for (const bad of ['ftp://x.ru/api/v2', 'file:///etc/passwd', 'https://user:pass@x.ru/api/v2', 'https://tok@x.ru/api/v2', 'https://x.ru/api/v2?token=1', 'https://x.ru/api/v2#x', 'x.ru/api/v2', '']) {
      expect(() => normalizeBaseUrl(bad), bad).toThrow(ProfileError);
    }
    // The message never repeats a password that was in the URL.
    expect(() => normalizeBaseUrl('https://user:s3cr3t@x.ru/api/v2')).toThrow(/credentials in the URL/);
    try {
      normalizeBaseUrl('https://user:s3cr3t@x.ru/api/v2');
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cr3t');
    }
  });

  it('warns (does not refuse) when a current-generation URL lacks /api/v2 or a remote host uses plain http', () => {
    expect(baseUrlWarnings('https://api.example.ru/api/v2', 'current')).toEqual([]);
    expect(baseUrlWarnings('http://127.0.0.1:8787/api/v2', 'current')).toEqual([]);
    expect(baseUrlWarnings('https://api.example.ru/v1', 'current')).toHaveLength(1);
    expect(baseUrlWarnings('https://api.example.ru/v1', 'earlier')).toEqual([]);
    expect(baseUrlWarnings('http://api.example.ru/api/v2', 'current')[0]?.en).toMatch(/unencrypted/);
    expect(baseUrlWarnings('http://api.example.ru/api/v2', 'current')[0]?.ru).toMatch(/без шифрования/);
  });
});

describe('ProfileRegistry', () => {
  it('starts empty, adds profiles with their data directories, lists, gets and removes them', async () => {
    const registry = new ProfileRegistry(root, { now: fixedNow });
    expect(await registry.list()).toEqual([]);
    expect(existsSync(path.join(root, 'profiles.json'))).toBe(false);

    const added = await registry.add(sandbox);
    expect(added).toEqual({ ...sandbox, createdAt: '2026-03-01T09:30:00.000Z' });
    await registry.add({ name: 'legacy', baseUrl: 'https://old.example.ru/api/', generation: 'earlier' });
    expect(statSync(registry.dataDir('sandbox')).isDirectory()).toBe(true);
    expect(statSync(path.join(root, 'profiles', 'legacy')).isDirectory()).toBe(true);

    // A second registry object reads the same file.
    const again = new ProfileRegistry(root);
    expect((await again.list()).map((p) => p.name)).toEqual(['sandbox', 'legacy']);
    expect(await again.get('legacy')).toMatchObject({ baseUrl: 'https://old.example.ru/api', generation: 'earlier' });
    expect(await again.get('missing')).toBeNull();

    writeFileSync(path.join(registry.dataDir('legacy'), 'cache.db'), 'x');
    expect(await again.remove('legacy')).toBe(true);
    expect(existsSync(registry.dataDir('legacy'))).toBe(true); // data kept unless asked
    expect(await again.remove('legacy')).toBe(false);
    expect((await registry.list()).map((p) => p.name)).toEqual(['sandbox']);

    expect(await registry.remove('sandbox', { deleteData: true })).toBe(true);
    expect(existsSync(registry.dataDir('sandbox'))).toBe(false);
    expect(await registry.list()).toEqual([]);
  });

  it('refuses a duplicate name, also in another letter case (macOS and Windows ignore case)', async () => {
    const registry = new ProfileRegistry(root);
    await registry.add(sandbox);
    expect((await caught(registry.add(sandbox))).code).toBe('profile_exists');
    expect((await caught(registry.add({ ...sandbox, name: 'SandBox' }))).code).toBe('profile_exists');
  });

  it('validates the name, URL and generation of a new profile', async () => {
    const registry = new ProfileRegistry(root);
    expect((await caught(registry.add({ ...sandbox, name: '../escape' }))).code).toBe('invalid_profile_name');
    expect((await caught(registry.add({ ...sandbox, baseUrl: 'ftp://x/api/v2' }))).code).toBe('invalid_base_url');
    expect((await caught(registry.add({ ...sandbox, generation: 'future' as 'current' }))).code).toBe('invalid_profile');
    expect(existsSync(path.join(root, 'profiles.json'))).toBe(false);
  });

  it('never stores a token: input carrying one is refused, and the file holds only the known fields', async () => {
    const registry = new ProfileRegistry(root, { now: fixedNow });
    const withToken = { ...sandbox, token: 'tw_secret_value' } as unknown as typeof sandbox;
    const error = await caught(registry.add(withToken));
    expect(error.code).toBe('invalid_profile');
    expect(error.message).toMatch(/keychain/);
    expect(error.message).not.toContain('tw_secret_value');
    const withExtra = { ...sandbox, note: 'x' } as unknown as typeof sandbox;
    expect((await caught(registry.add(withExtra))).code).toBe('invalid_profile');

    await registry.add(sandbox);
    const file = JSON.parse(readFileSync(path.join(root, 'profiles.json'), 'utf8'));
    expect(file).toEqual({ format: 1, profiles: [{ ...sandbox, createdAt: '2026-03-01T09:30:00.000Z' }] });
  });

  it('writes atomically: no temporary file is left, concurrent adds all land', async () => {
    const registry = new ProfileRegistry(root);
    await Promise.all(Array.from({ length: 8 }, (_, i) => registry.add({ ...sandbox, name: `p${i}` })));
    expect((await registry.list()).map((p) => p.name).sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(readdirSync(root).sort()).toEqual(['profiles', 'profiles.json']);
  });

  it('a corrupt profiles.json gives a clear error and is never overwritten', async () => {
    const file = path.join(root, 'profiles.json');
    const registry = new ProfileRegistry(root);
    for (const content of ['{ "format": 1, "profiles": [', '{"format":1,"profiles":[{"name":"../x","baseUrl":"https://x.ru","generation":"current","createdAt":"2026-01-01T00:00:00Z"}]}', '[]', '{"format":2,"profiles":[]}']) {
      writeFileSync(file, content);
      const listError = await caught(registry.list());
      expect(listError.code).toBe('registry_corrupt');
      expect(listError.message).toContain(file);
      expect(listError.message).toMatch(/повреждён[\s\S]*damaged/);
      expect((await caught(registry.add(sandbox))).code).toBe('registry_corrupt');
      expect((await caught(registry.remove('x'))).code).toBe('registry_corrupt');
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });

  it('reports two entries whose names differ only in case as corrupt', async () => {
    const entry = (name: string): object => ({ name, baseUrl: 'https://x.ru/api/v2', generation: 'current', createdAt: '2026-01-01T00:00:00.000Z' });
    writeFileSync(path.join(root, 'profiles.json'), JSON.stringify({ format: 1, profiles: [entry('Work'), entry('work')] }));
    expect((await caught(new ProfileRegistry(root).list())).message).toMatch(/duplicate profile name/);
  });
});
