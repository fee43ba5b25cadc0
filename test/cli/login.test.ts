/**
 * `tenderwb login`: a login and password give a token through the API's own login route, the token goes to
 * the keychain and the profile is created or updated, for both API generations; the password and the token are
 * never printed. Runs the CLI as a child process against an in-process sandbox (default or strict).
 *
 * The keychain is real (CI runs under dbus-run-session with an unlocked gnome-keyring). Where there is none,
 * the tests assert the other promise: one clear line and nothing half-added.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { KEYCHAIN_SERVICE, keytarBackend } from '../../src-main/vault/tokenVault';
import { api, CliHarness, CLI_ENTRY, failureReason, REPO_ROOT, startCliSandbox, type CliRun } from './helpers';

const PASSWORD = 'demo';
const hasKeychain = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';

let sb: RunningSandbox;
let cli: CliHarness;
const names: string[] = [];
/** A profile name unique to this run: the keychain is shared by every test process of the machine. */
const unique = (what: string): string => {
  const name = `login-${what}-${process.pid}-${Date.now().toString(36)}`;
  names.push(name);
  return name;
};

beforeAll(async () => {
  sb = await startCliSandbox();
  cli = new CliHarness({ token: null, prefix: 'tenderwb-login-' });
});

afterAll(async () => {
  for (const name of names) await keytarBackend.deletePassword(KEYCHAIN_SERVICE, name).catch(() => false);
  await sb?.close();
  cli?.cleanup();
});

/** Nothing the command printed holds the password or the token. */
function expectNoSecrets(r: CliRun, token: string | null): void {
  for (const text of [r.stdout, r.stderr]) {
    expect(text).not.toMatch(/(?:tenderwb|twb)_(?:live|test)_[A-Za-z0-9]{6,}/);
    if (token !== null) expect(text).not.toContain(token);
  }
}

/** A no-keychain machine: the one-line reason names the way out, and no profile is left behind. */
async function expectKeychainRefusal(r: CliRun, dataDir: string, name: string): Promise<void> {
  expect(r.code).toBe(1);
  expect(failureReason(r)).toMatch(/TENDERWB_TOKEN/);
  expect((await cli.ok(['--json', 'profile', 'list'], { dataDir })).lines).toEqual([]);
  expect(existsSync(join(dataDir, 'profiles', name))).toBe(false);
}

describe('tenderwb login', () => {
  it('current generation: POST /auth/login, the token into the keychain, the profile created, then updated by a second login', async () => {
    const dataDir = cli.dir('current');
    const name = unique('cur');
    const r = await cli.run(['--json', '--profile', name, 'login', '--base-url', sb.baseUrl, '--login', 'demo'], { dataDir, stdin: `${PASSWORD}\n` });
    if (!hasKeychain) return expectKeychainRefusal(r, dataDir, name);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([{ name, base_url: sb.baseUrl, generation: 'current', created: true, token: 'keychain', session: expect.any(Boolean) }]);
    const token = await keytarBackend.getPassword(KEYCHAIN_SERVICE, name);
    expect(token).toBeTruthy();
    expectNoSecrets(r, token);
    expect(r.stderr).not.toContain(PASSWORD + '\n');
    // The stored token works against the API, and the CLI uses it with no TENDERWB_TOKEN.
    expect((await api(sb, 'GET', '/balance', { token: token! })).status).toBe(200);
    const balance = await cli.ok(['--json', '--profile', name, 'balance'], { dataDir });
    expect(balance.lines[0]).toHaveProperty('balance');

    // Again, at another address of the same server: the profile is updated, not duplicated.
    const other = sb.baseUrl.replace('127.0.0.1', 'localhost');
    const again = await cli.run(['--json', '--profile', name, 'login', '--base-url', other, '--login', 'demo'], { dataDir, stdin: PASSWORD });
    expect(again.code, again.stderr).toBe(0);
    expect(again.lines[0]).toMatchObject({ name, base_url: other, created: false });
    expect((await cli.ok(['--json', 'profile', 'list'], { dataDir })).lines).toEqual([expect.objectContaining({ name, base_url: other })]);
  });

  it('without --profile the profile is named after the login (demo-test: a test account)', async () => {
    const dataDir = cli.dir('by-login');
    names.push('demo-test');
    const r = await cli.run(['--json', 'login', '--base-url', sb.baseUrl, '--login', 'demo-test'], { dataDir, stdin: PASSWORD });
    if (!hasKeychain) return expectKeychainRefusal(r, dataDir, 'demo-test');
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines[0]).toMatchObject({ name: 'demo-test', generation: 'current', created: true });
    const token = await keytarBackend.getPassword(KEYCHAIN_SERVICE, 'demo-test');
    expect((await api(sb, 'GET', '/balance', { token: token! })).status).toBe(200);
  });

  it('a Cyrillic profile name: the profile, its keychain entry and a derived data folder (rabochij~<hash>)', async () => {
    const dataDir = cli.dir('cyrillic');
    const name = `Рабочий${process.pid}`;
    names.push(name);
    const r = await cli.run(['--json', '--profile', name, 'login', '--base-url', sb.baseUrl, '--login', 'demo'], { dataDir, stdin: PASSWORD });
    if (!hasKeychain) return expectKeychainRefusal(r, dataDir, name);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines[0]).toMatchObject({ name, created: true });
    expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, name)).toBeTruthy();
    await cli.ok(['--profile', name, 'balance'], { dataDir });
    expect(readdirSync(join(dataDir, 'profiles'))).toEqual([expect.stringMatching(new RegExp(`^rabochij${process.pid}~[0-9a-f]{10}$`))]);
  });

  it('earlier generation: logs in at --login-url, makes a token by the earlier POST /tokens, stores that one', async () => {
    const dataDir = cli.dir('earlier');
    const name = unique('old');
    const missing = await cli.run(['--profile', name, 'login', '--generation', 'earlier', '--base-url', sb.earlierBaseUrl, '--login', 'demo'], { dataDir, stdin: PASSWORD });
    expect(missing.code).toBe(2);
    expect(failureReason(missing)).toMatch(/^с --generation earlier нужен --login-url URL/);

    const r = await cli.run(['--json', '--profile', name, 'login', '--generation', 'earlier', '--base-url', sb.earlierBaseUrl, '--login-url', sb.baseUrl, '--login', 'demo'], {
      dataDir,
      stdin: PASSWORD,
    });
    if (!hasKeychain) return expectKeychainRefusal(r, dataDir, name);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([{ name, base_url: sb.earlierBaseUrl, generation: 'earlier', created: true, token: 'keychain', session: false }]);
    const token = (await keytarBackend.getPassword(KEYCHAIN_SERVICE, name))!;
    expectNoSecrets(r, token);
    const balance = await fetch(`${sb.earlierBaseUrl}/balance`, { headers: { 'X-API-Token': token } });
    expect(balance.status).toBe(200);
    // The profile works through the CLI with the stored token.
    expect((await cli.ok(['--json', '--profile', name, 'balance'], { dataDir })).lines.length).toBeGreaterThan(0);
  });

  it('bad input: a wrong password, an empty stdin, no --login without a terminal, a generation clash — one line each, nothing added', async () => {
    const dataDir = cli.dir('bad');
    const name = unique('bad');
    const wrong = await cli.run(['--profile', name, 'login', '--base-url', sb.baseUrl, '--login', 'demo'], { dataDir, stdin: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(failureReason(wrong)).toMatch(/Неверный логин или пароль/);
    expect(wrong.stderr).not.toContain('not-the-password');

    const empty = await cli.run(['--profile', name, 'login', '--base-url', sb.baseUrl, '--login', 'demo'], { dataDir, stdin: '' });
    expect(empty.code).toBe(2);
    expect(failureReason(empty)).toMatch(/^стандартный ввод пуст/);

    const noLogin = await cli.run(['--profile', name, 'login', '--base-url', sb.baseUrl], { dataDir, stdin: PASSWORD });
    expect(noLogin.code).toBe(2);
    expect(failureReason(noLogin)).toMatch(/^нужен --login ЛОГИН/);

    const badUrl = await cli.run(['--profile', name, 'login', '--base-url', 'ftp://x', '--login', 'demo'], { dataDir, stdin: PASSWORD });
    expect(badUrl.code).toBe(1);
    expect(failureReason(badUrl)).toMatch(/Недопустимый адрес API/);

    await cli.ok(['profile', 'add', name, '--base-url', sb.baseUrl], { dataDir });
    const clash = await cli.run(['--profile', name, 'login', '--generation', 'earlier', '--base-url', sb.earlierBaseUrl, '--login-url', sb.baseUrl, '--login', 'demo'], { dataDir, stdin: PASSWORD });
    expect(clash.code).toBe(2);
    expect(failureReason(clash)).toMatch(/текущего поколения API, а не раннего/);
    expect((await cli.ok(['--json', 'profile', 'list'], { dataDir })).lines).toEqual([expect.objectContaining({ name, generation: 'current' })]);
    expect(await keytarBackend.getPassword(KEYCHAIN_SERVICE, name).catch(() => null)).toBeNull();
  });

  it('on a terminal: asks for the login, then for the password without echoing it', async () => {
    const dataDir = cli.dir('tty');
    const name = unique('tty');
    const out = await runOnTerminal(['--data-dir', dataDir, '--profile', name, 'login', '--base-url', sb.baseUrl], cli.env({ token: null }), [
      ['Логин: ', 'demo\n'],
      ['Пароль: ', `${PASSWORD}-typed-secret\n`],
    ]);
    expect(out.text).toContain('Логин: demo');
    expect(out.text).toContain('Пароль: ');
    expect(out.text).not.toMatch(/login:|password:/);
    // The typed password never appears on the terminal (the login answered 401 to it: a wrong password).
    expect(out.text).not.toContain('-typed-secret');
    expect(out.text).toMatch(/Неверный логин или пароль/);
    expect(out.code).toBe(1);
  });
});

/**
 * Runs the CLI on a pseudo-terminal (Python's pty module: Node has none built in) and answers each prompt
 * only once it has been printed, so the terminal mode the CLI set for the answer is the one it meets.
 */
function runOnTerminal(args: string[], env: NodeJS.ProcessEnv, dialogue: [string, string][]): Promise<{ code: number; text: string }> {
  const script = `
import json, os, pty, sys, termios, time
args, dialogue = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(args[0], args)
seen = b''
def read_some():
    global seen
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        return False
    if not chunk:
        return False
    seen += chunk
    return True
for prompt, answer in dialogue:
    deadline = time.time() + 30
    while prompt.encode() not in seen and time.time() < deadline:
        if not read_some():
            break
    # The answer is typed once the line editor holds the terminal (echo off at the terminal: it echoes a
    # visible answer itself and a password not at all), a state, not a pause (the pty master reads the pair's mode).
    while termios.tcgetattr(fd)[3] & termios.ECHO and time.time() < deadline:
        time.sleep(0.01)
    os.write(fd, answer.encode())
while read_some():
    pass
_, status = os.waitpid(pid, 0)
sys.stdout.write(json.dumps({"code": os.waitstatus_to_exitcode(status), "text": seen.decode("utf-8", "replace")}))
`;
  return new Promise((resolve, reject) => {
    execFile(
      'python3',
      ['-c', script, JSON.stringify([process.execPath, CLI_ENTRY, ...args]), JSON.stringify(dialogue)],
      { cwd: REPO_ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const run = JSON.parse(stdout) as { code: number; text: string };
        // Cursor moves and colours of the line editor are not text the user reads.
        // eslint-disable-next-line no-control-regex
        resolve({ code: run.code, text: run.text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '') });
      },
    );
  });
}
