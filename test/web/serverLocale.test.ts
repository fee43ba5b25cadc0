/**
 * Browser mode's refusals follow the user's language like the core's errors: Russian by default or as
 * started, English once the page reads (`app.info`) or sets (`app.setLocale`) English, and back.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResponse, Locale } from '../../src-main/contract/ipc';
import { newSecret, SECRET_HEADER, startWebServer, type BridgeHost, type WebServer } from '../../src-main/web/server';

function post(port: number, name: string, headers: Record<string, string>, body: string): Promise<{ status: number; json: IpcResponse<unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/bridge/invoke/${name}`, headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as IpcResponse<unknown> }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let dir: string;
let web: WebServer;
let secret: string;
let coreLocale: Locale;
const host: BridgeHost = {
  invoke(name, args) {
    if (name === 'app.setLocale') coreLocale = (args as { locale: Locale }).locale;
    return Promise.resolve({ ok: true, value: { locale: coreLocale } });
  },
  on: () => () => undefined,
};

async function start(locale?: Locale): Promise<void> {
  web = await startWebServer({ host, rendererDir: path.join(dir, 'renderer'), secret, ...(locale ? { locale } : {}) });
}
const refusal = async (): Promise<string> => {
  const answer = await post(web.port, 'app.info', { [SECRET_HEADER]: 'wrong-secret-wrong-secret' }, '{}');
  expect(answer.status).toBe(401);
  if (answer.json.ok) throw new Error('not refused');
  return answer.json.error.message;
};
const badJson = async (): Promise<string> => {
  const answer = await post(web.port, 'app.info', { [SECRET_HEADER]: secret }, '{');
  if (answer.json.ok) throw new Error('not refused');
  return answer.json.error.message;
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'twb-web-locale-'));
  await mkdir(path.join(dir, 'renderer'), { recursive: true });
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  secret = newSecret();
  coreLocale = 'ru';
});

afterEach(async () => {
  await web.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web server refusals in the user language', () => {
  it('Russian by default; English once the page switches, Russian again after', async () => {
    await start();
    expect(await refusal()).toMatch(/Нет доступа к ядру приложения/);
    expect(await badJson()).toBe('Аргументы — не корректный JSON.');
    expect((await post(web.port, 'app.setLocale', { [SECRET_HEADER]: secret }, JSON.stringify({ locale: 'en' }))).json.ok).toBe(true);
    expect(await refusal()).toMatch(/^No access to the app core/);
    expect(await badJson()).toBe('The arguments are not valid JSON.');
    await post(web.port, 'app.setLocale', { [SECRET_HEADER]: secret }, JSON.stringify({ locale: 'ru' }));
    expect(await refusal()).toMatch(/Нет доступа/);
  });

  it('a server started in English refuses in English before any call; app.info keeps it in step with the core', async () => {
    coreLocale = 'en';
    await start('en');
    expect(await refusal()).toMatch(/^No access to the app core/);
    // The core's settings say Russian (changed elsewhere, e.g. the desktop window): the page's app.info follows it.
    coreLocale = 'ru';
    await post(web.port, 'app.info', { [SECRET_HEADER]: secret }, '{}');
    expect(await refusal()).toMatch(/Нет доступа/);
  });
});
