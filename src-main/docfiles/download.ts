/**
 * One document download under the same distrust of the server as the API's answers
 * (api/transport.ts), written straight into the content-addressed store (./blobStore.ts):
 * - a body cap (100 MB by default, settable): a declared length over it is refused before a byte is read, a
 *   body that passes it is cut and nothing is kept;
 * - deadlines: undici's headers and idle-body timeouts, and one deadline over the whole exchange (a trickle
 *   of a byte every few seconds never trips an idle timeout);
 * - redirects are followed by hand, at most five, and only to http: or https: (a `file:`, `data:` or `ftp:`
 *   Location is refused);
 * - no credentials: a request carries an Accept and a User-Agent and nothing else, never the API token, a
 *   cookie or an Authorization header; a URL with a user or password in it is refused rather than sent.
 * An empty body is a failure, not a document: nothing is stored.
 */
import type { Dispatcher, request as undiciRequest } from 'undici';
import { text, type Text } from '../i18n/text';
import type { BlobStore } from './blobStore';

export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export type DownloadOptions = {
  maxBytes?: number;
  /** The whole exchange, redirects included (default 10 minutes: 100 MB at ~170 KB/s). */
  deadlineMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  onBytes?: (received: number, total: number | null) => void;
};

export type DownloadFailureCode = 'too_large' | 'timeout' | 'network' | 'http_status' | 'bad_scheme' | 'credentials_in_url' | 'too_many_redirects' | 'empty' | 'cancelled' | 'bad_url';

export type DownloadResult =
  | { ok: true; sha256: string; bytes: number; fresh: boolean; finalUrl: string }
  | { ok: false; code: DownloadFailureCode; reason: Text; retryable: boolean };

const fail = (code: DownloadFailureCode, reason: Text, retryable = false): DownloadResult => ({ ok: false, code, reason, retryable });
const mb = (n: number): string => (n / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/** Whether a URL may be asked for: http or https, no user or password in it. */
export function checkDocumentUrl(raw: string, base?: string): { ok: true; url: URL } | { ok: false; result: DownloadResult } {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return { ok: false, result: fail('bad_url', text(`неверный адрес документа: ${raw.slice(0, 200)}`, `not a valid document address: ${raw.slice(0, 200)}`)) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      result: fail('bad_scheme', text(`адрес документа ведёт не на http/https (${url.protocol}) — не скачан`, `the document address is not http/https (${url.protocol}): not downloaded`)),
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, result: fail('credentials_in_url', text('в адресе документа есть логин или пароль — такие адреса не открываются', 'the document address carries a user name or password: not opened')) };
  }
  return { ok: true, url };
}

/** Loaded at the first download (the CLI's cache-only commands never need it; api/transport.ts does the same). */
let undici: Promise<typeof undiciRequest> | undefined;

export async function downloadDocument(rawUrl: string, store: BlobStore, o: DownloadOptions = {}): Promise<DownloadResult> {
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const deadlineMs = o.deadlineMs ?? 10 * 60 * 1000;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline.signal]) : deadline.signal;
  const overrun = (e: unknown): DownloadResult => {
    if (o.signal?.aborted) return fail('cancelled', text('скачивание отменено', 'download cancelled'));
    if (deadline.signal.aborted) return fail('timeout', text(`документ не пришёл целиком за ${Math.round(deadlineMs / 1000)} с`, `the document did not arrive whole within ${Math.round(deadlineMs / 1000)} s`), true);
    const code = (e as { code?: string } | null)?.code ?? '';
    if (/TIMEOUT/.test(code)) return fail('timeout', text('сервер документов молчит слишком долго', 'the document server stays silent too long'), true);
    return fail('network', text(`сервер документов недоступен или оборвал связь (${code || (e as Error)?.message || 'ошибка сети'})`, `the document server is unreachable or broke off (${code || (e as Error)?.message || 'network error'})`), true);
  };
  try {
    const request = await (undici ??= import('undici').then((m) => m.request));
    let current = checkDocumentUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      if (!current.ok) return current.result;
      let res: Dispatcher.ResponseData;
      try {
        res = await request(current.url, {
          method: 'GET',
          // Nothing that identifies the user: no token, no cookie, no Authorization, whatever the host.
          headers: { accept: '*/*', 'user-agent': 'TenderWorkbench-documents' },
          signal,
          dispatcher: o.dispatcher,
          headersTimeout: o.headersTimeoutMs ?? 30_000,
          bodyTimeout: o.bodyTimeoutMs ?? 30_000,
        });
      } catch (e) {
        return overrun(e);
      }
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location !== undefined) {
        res.body.destroy();
        if (hop >= MAX_REDIRECTS) return fail('too_many_redirects', text('слишком много перенаправлений', 'too many redirects'));
        const location = Array.isArray(res.headers.location) ? res.headers.location[0]! : res.headers.location;
        current = checkDocumentUrl(location, current.url.href);
        continue;
      }
      if (res.statusCode !== 200) {
        res.body.destroy();
        return fail('http_status', text(`сервер документов ответил ${res.statusCode}`, `the document server answered ${res.statusCode}`), res.statusCode >= 500 || res.statusCode === 429);
      }
      const declared = Number(res.headers['content-length']);
      const total = Number.isFinite(declared) && declared >= 0 && res.headers['content-length'] !== undefined ? declared : null;
      const tooLarge = (): DownloadResult =>
        fail('too_large', text(`файл больше ${mb(maxBytes)} МБ — не скачан (предел меняется в настройках)`, `the file is over ${mb(maxBytes)} MB: not downloaded (the limit is in Settings)`));
      if (total !== null && total > maxBytes) {
        res.body.destroy();
        return tooLarge();
      }
      const writer = store.writer();
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          if (writer.bytes + chunk.length > maxBytes) {
            res.body.destroy();
            await writer.abort();
            return tooLarge();
          }
          await writer.write(chunk);
          o.onBytes?.(writer.bytes, total);
        }
      } catch (e) {
        await writer.abort();
        return overrun(e);
      }
      if (writer.bytes === 0) {
        await writer.abort();
        return fail('empty', text('сервер прислал пустой файл (0 байт)', 'the server sent an empty file (0 bytes)'), true);
      }
      const stored = await writer.commit();
      return { ok: true, ...stored, finalUrl: current.url.href };
    }
  } finally {
    clearTimeout(timer);
  }
}
