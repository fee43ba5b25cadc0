/**
 * The app's built-in sandbox profile seen from the CLI (an analyst's trial: `tenderwb --data-dir <the app's data
 * dir> marks` answered «no profile yet»). Its cache lives in the same data root though profiles.json does not
 * name it: the CLI lists it, reads it offline, and an API command says in one sentence that its sandbox runs
 * only inside the app. No sandbox server: the point is that none is needed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfileCache } from '../../src-main/workspace/damagedCaches';
import { existsSync, readFileSync } from 'node:fs';
import { CliHarness, failureReason } from './helpers';

let cli: CliHarness;

beforeAll(() => {
  cli = new CliHarness();
  // What the app leaves behind once its built-in sandbox profile was used: that profile's cache, no profiles.json.
  openProfileCache(join(cli.dataDir, 'profiles', 'sandbox')).close();
});

afterAll(() => cli?.cleanup());

describe('the app\'s built-in sandbox profile in the CLI', () => {
  it('is listed and read offline; an API command names what to do', async () => {
    expect((await cli.ok(['--json', 'profile', 'list'])).lines).toEqual([{ name: 'sandbox', base_url: null, generation: 'current', built_in: true, token: 'none', default: true }]);

    const none = await cli.ok(['marks']);
    expect(none.stderr).toContain('Отмеченных закупок с такими условиями нет.');
    await cli.ok(['mark', 'tender', '5', '--tag', 'Срочно', '--allow-missing']);
    expect((await cli.ok(['--json', 'marks'])).lines.map((l) => l.id)).toEqual([5]);
    expect((await cli.ok(['--json', '--profile', 'sandbox', 'marks', 'tags'])).lines.map((l) => l.name)).toEqual(['Срочно']);

    const online = await cli.run(['search', '--query', JSON.stringify({ keywords: ['вакцин'] })]);
    expect(online.code).not.toBe(0);
    expect(online.stderr).toContain('встроенный профиль «sandbox» работает с песочницей, встроенной в приложение, и она запущена, только пока открыто приложение');
  });

  it('profile add and login refuse the built-in names, in any case, as the app does: no second «sandbox»', async () => {
    const registry = join(cli.dataDir, 'profiles.json');
    const before = existsSync(registry) ? readFileSync(registry, 'utf8') : null;
    for (const name of ['sandbox', 'Sandbox-Earlier']) {
      const add = await cli.run(['profile', 'add', name, '--base-url', 'https://api.example.ru/api/v2']);
      expect(add.code).toBe(2);
      expect(failureReason(add)).toBe(`Имя «${name}» занято встроенным профилем: выберите другое.`);
      const login = await cli.run(['--profile', name, 'login', '--base-url', 'https://api.example.ru/api/v2', '--login', 'me'], { stdin: 'secret\n' });
      expect(login.code).toBe(2);
      expect(failureReason(login)).toBe(`Имя «${name}» занято встроенным профилем: выберите другое.`);
    }
    // A login named like one, with no --profile, is asked for another name before anything is sent.
    const byLogin = await cli.run(['login', '--base-url', 'https://api.example.ru/api/v2', '--login', 'sandbox'], { stdin: 'secret\n' });
    expect(byLogin.code).toBe(2);
    expect(failureReason(byLogin)).toMatch(/^логин "sandbox" не может быть именем профиля \(это имя встроенного профиля\): выберите имя через --profile ИМЯ$/);
    expect(existsSync(registry) ? readFileSync(registry, 'utf8') : null).toBe(before);
    expect((await cli.ok(['--json', 'profile', 'list'])).lines.map((l) => l.name)).toEqual(['sandbox']);
  });
});
