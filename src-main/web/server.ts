/**
 * Browser mode's loopback server (`npm run web`, and the end-to-end tests): serves the built renderer and
 * carries the IPC contract over HTTP on 127.0.0.1, so the very same renderer code runs in an ordinary browser.
 *
 * What crosses, and how it is guarded:
 * - `GET /`, `/index.html`, `/assets/*`: the built renderer (out/renderer), with the renderer's CSP as a header (with
 *   `frame-ancestors`, which works only there),
 *   `nosniff`, no referrer, no framing; index.html is never cached.
 * - `POST /bridge/invoke/<method>`: JSON body = the method's arguments, answer = the `IpcResponse` envelope.
 * - `GET /bridge/events`: one streamed response of newline-delimited JSON (`{"event":name,"payload":…}`), read by
 *   the client with fetch + ReadableStream (EventSource cannot send the secret header). Empty lines are
 *   keep-alives.
 * - `GET /download/<id>`: a file the core published (`publishDownload`); served once, then forgotten (and,
 *   with `removeServedFiles`, deleted).
 *
 * Every request must name this server as its Host (`127.0.0.1:PORT` or `localhost:PORT`: DNS rebinding) and, if
 * it carries an Origin, this origin (CSRF from other sites; `Sec-Fetch-Site: cross-site` is refused too).
 * Bridge requests must carry the per-run secret (32 random bytes) in the `X-Tenderwb-Secret` header, compared in
 * constant time; it travels to the page only in the URL fragment, which browsers never send to a server.
 * The secret is never written to a log, a query string, a cookie or storage by this module.
 *
 * A bridge call whose body is large (over `heavyCallBytes`, or streamed without a stated length) waits for a turn
 * (callTurns.ts): at most `maxHeavyCalls` of them are read, parsed and in the core at once, so light calls such as
 * `app.info` are answered beside a flood of large ones. The turns are the server's, which is one
 * session: its secret is the run's one, and a cap per TCP connection would not bound 32 connections.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { contentSecurityPolicyHeader } from '../contract/windowOptions';
import { isMethodName, localeSchema, type EventName, type IpcError, type IpcResponse, type Locale } from '../contract/ipc';
import { webMessages, type WebText } from './webMessages';
import { answerTooLargeError, boundResponse, CALL_BOUNDS } from '../contract/callBounds';
import { checkLoopbackRequest } from '../loopback/requestGuard';
import { CallTurns } from './callTurns';

/** The part of the core host the bridge needs (src-main/app/host/coreHost.ts `CoreHost` fits it). */
export interface BridgeHost {
  invoke(name: string, rawArgs: unknown): Promise<IpcResponse<unknown>>;
  on(listener: (event: EventName, payload: unknown) => void): () => void;
}

export interface WebServerOptions {
  host: BridgeHost;
  /** The built renderer: the directory holding index.html (out/renderer). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The per-run secret; default 32 random bytes, base64url. Tests pass their own. */
  secret?: string;
  /** Largest accepted bridge request body; default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest bridge answer, in characters of its JSON; default `CALL_BOUNDS.maxAnswerChars`. */
  maxAnswerChars?: number;
  /** How long a published download waits for its one fetch; default 10 minutes. */
  downloadTtlMs?: number;
  /**
   * Delete a published file once it was served or its link expired (browser mode: the core writes exports only
   * to hand them over, so no copy of the user's data is left behind). Default false.
   */
  removeServedFiles?: boolean;
  /** Keep-alive interval of the event stream; default 15 s. */
  keepAliveMs?: number;
  /** Most event streams open at once; default 8 (a few tabs). */
  maxEventStreams?: number;
  /**
   * A bridge call with a body over this many bytes (or a streamed one of no stated length) is heavy and waits for a
   * turn; default 64 KiB (the renderer's everyday calls are a few hundred bytes; a 10,000-id list edit is heavy).
   */
  heavyCallBytes?: number;
  /** Heavy calls read, parsed and in the core at once; default 2 (the core's worker does one thing at a time). */
  maxHeavyCalls?: number;
  /** Heavy calls waiting for a turn before the next one is answered busy (429); default 64. */
  maxHeavyWaiting?: number;
  /** Problems worth a line on stderr (never contains the secret); default: ignored. */
  log?: (message: string) => void;
  /**
   * The user's language for this server's refusals until the page reads or sets it (`app.info`,
   * `app.setLocale`, whose answers the bridge carries); Russian by default, like the core.
   */
  locale?: Locale;
}

export interface WebServer {
  /** `http://127.0.0.1:PORT/#k=SECRET`: the one link to open; print it once, never log it elsewhere. */
  readonly url: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  /**
   * Makes `filePath` downloadable once as `fileName`; answers the download's URL path (`/download/<id>`, relative
   * to whichever of 127.0.0.1/localhost the page was opened at).
   */
  publishDownload(filePath: string, fileName: string): Promise<string>;
  /** Heavy bridge calls past their turn and waiting for one (diagnostics; the tests wait on it). */
  heavyCalls(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** The header that carries the per-run secret on bridge requests (the client sends the same name). */
export const SECRET_HEADER = 'x-tenderwb-secret';
/** The URL fragment key under which the page receives the secret: `#k=SECRET`. */
export const SECRET_FRAGMENT_KEY = 'k';

const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_HEAVY_CALL_BYTES = 64 * 1024;
const DEFAULT_DOWNLOAD_TTL = 10 * 60_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Headers on every answer of this server. */
const BASE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicyHeader,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** A fresh per-run secret: 32 random bytes as base64url (43 characters, safe in a fragment and a header). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (of digests, so the lengths never leak either). */
export function secretMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined || given === '') return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the exact (UTF-8) name, RFC 6266 / 5987. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The client closed the connection before its request's body was whole: there is no one to answer. */
class ClientGone extends Error {}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: IpcError['code'],
    message: string,
  ) {
    super(message);
  }
}

type Download = { filePath: string; fileName: string; timer: NodeJS.Timeout };

export async function startWebServer(o: WebServerOptions): Promise<WebServer> {
  const secret = o.secret ?? newSecret();
  if (secret.length < 16) throw new Error('The web server secret must be at least 16 characters.');
  const rendererDir = path.resolve(o.rendererDir);
  const indexPath = path.join(rendererDir, 'index.html');
  try {
    await fs.access(indexPath);
  } catch {
    throw new Error(`The built renderer is missing (${indexPath}): run \`npx electron-vite build\` first.`);
  }
  const maxBody = o.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const maxAnswer = o.maxAnswerChars ?? CALL_BOUNDS.maxAnswerChars;
  const downloadTtl = o.downloadTtlMs ?? DEFAULT_DOWNLOAD_TTL;
  const keepAliveMs = o.keepAliveMs ?? 15_000;
  const maxStreams = o.maxEventStreams ?? 8;
  const heavyCallBytes = o.heavyCallBytes ?? DEFAULT_HEAVY_CALL_BYTES;
  const turns = new CallTurns(o.maxHeavyCalls ?? 2, o.maxHeavyWaiting ?? 64);
  const log = o.log ?? (() => undefined);

  let port = 0;
  const downloads = new Map<string, Download>();
  const streams = new Set<ServerResponse>();
  let closing = false;
  // Followed from the answers the bridge carries, so a refusal speaks the language the core speaks.
  let locale: Locale = o.locale ?? 'ru';
  const t = (): WebText => webMessages[locale];

  function discard(filePath: string): void {
    if (!o.removeServedFiles) return;
    fs.rm(filePath, { force: true }).catch((error: unknown) => log(`web: could not remove a served file: ${error instanceof Error ? error.message : String(error)}`));
  }


  function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer): void {
    if (res.headersSent) {
      res.end();
      return;
    }
    res.writeHead(status, { ...BASE_HEADERS, ...headers });
    res.end(body);
  }

  function sendJson(res: ServerResponse, status: number, value: unknown): void {
    send(res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, JSON.stringify(value));
  }

  function sendRefusal(res: ServerResponse, refusal: HttpRefusal): void {
    const answer: IpcResponse<never> = { ok: false, error: { code: refusal.code, message: refusal.message } };
    sendJson(res, refusal.status, answer);
  }

  /** DNS rebinding and cross-site requests: refused before anything else is looked at (the checks the sandbox makes too). */
  function checkHostAndOrigin(req: IncomingMessage): void {
    const verdict = checkLoopbackRequest(req, port);
    if (verdict.ok) return;
    throw new HttpRefusal(403, 'internal', verdict.reason === 'foreign-host' ? t().unknownHost : t().foreignSite);
  }

  function checkSecret(req: IncomingMessage): void {
    const given = req.headers[SECRET_HEADER];
    if (!secretMatches(typeof given === 'string' ? given : undefined, secret)) {
      throw new HttpRefusal(401, 'unauthorized', t().noSecret);
    }
  }

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBody) {
        reject(new HttpRefusal(413, 'invalid_input', t().tooLarge(maxBody)));
        req.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      req.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > maxBody) {
          failed = true;
          reject(new HttpRefusal(413, 'invalid_input', t().tooLarge(maxBody)));
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (!failed) resolve(Buffer.concat(chunks));
      });
      // A body cut short by the client (it went away, perhaps while its call waited for a turn) is not a call.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!failed) reject(error.code === 'ECONNRESET' ? new ClientGone() : error);
      });
      req.on('close', () => {
        if (!failed && !req.complete) reject(new ClientGone());
      });
    });
  }

  async function handleInvoke(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    if (req.method !== 'POST') throw new HttpRefusal(405, 'invalid_input', t().postOnly);
    checkSecret(req);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new HttpRefusal(415, 'invalid_input', t().jsonOnly);
    if (!isHeavy(req)) return answerInvoke(req, res, name);
    // It waits with its body unread: the client's socket holds it, not this process.
    const turn = turns.take();
    if (turn === null) throw new HttpRefusal(429, 'rate_limited', t().busy);
    const release = await turn;
    try {
      await answerInvoke(req, res, name);
    } finally {
      release();
    }
  }

  /** Whether a call's body is large enough to wait for a turn: by its stated length, read before the body is. */
  function isHeavy(req: IncomingMessage): boolean {
    const declared = req.headers['content-length'];
    if (declared === undefined) return req.headers['transfer-encoding'] !== undefined;
    const bytes = Number(declared);
    return !Number.isFinite(bytes) || bytes > heavyCallBytes;
  }

  async function answerInvoke(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const body = await readBody(req);
    if (!isMethodName(name)) throw new HttpRefusal(404, 'invalid_input', t().unknownMethod(name.slice(0, 100)));
    let args: unknown = undefined;
    if (body.length > 0) {
      try {
        args = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HttpRefusal(400, 'invalid_input', t().badJson);
      }
    }
    let answer: IpcResponse<unknown>;
    try {
      answer = await o.host.invoke(name, args);
    } catch (error) {
      log(`bridge: ${name} failed inside the core: ${error instanceof Error ? error.message : String(error)}`);
      answer = { ok: false, error: { code: 'internal', message: t().internal } };
    }
    if (answer.ok && (name === 'app.info' || name === 'app.setLocale')) {
      const said = localeSchema.safeParse((answer.value as { locale?: unknown } | null)?.locale);
      if (said.success) locale = said.data;
    }
    send(res, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, answerBody(answer));
  }

  /** The answer as JSON, its error clipped; an answer over the bound is replaced by a short error. */
  function answerBody(answer: IpcResponse<unknown>): string {
    const body = JSON.stringify(boundResponse(answer));
    if (body.length <= maxAnswer) return body;
    log(`bridge: an answer of ${body.length} characters was over the bound and replaced by an error`);
    const tooLarge: IpcResponse<never> = { ok: false, error: answerTooLargeError(locale) };
    return JSON.stringify(tooLarge);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') throw new HttpRefusal(405, 'invalid_input', t().eventsGetOnly);
    checkSecret(req);
    if (streams.size >= maxStreams) throw new HttpRefusal(429, 'rate_limited', t().tooManyStreams);
    res.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    streams.add(res);
    // A first line at once, so the client knows the stream is open.
    res.write('\n');
    const unsubscribe = o.host.on((event, payload) => {
      if (res.writableEnded) return;
      try {
        res.write(JSON.stringify({ event, payload }) + '\n');
      } catch (error) {
        log(`bridge: event ${event} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const keepAlive = setInterval(() => {
      if (!res.writableEnded && !res.destroyed) res.write('\n');
    }, keepAliveMs);
    keepAlive.unref();
    const done = (): void => {
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    };
    req.on('close', done);
    res.on('close', done);
  }

  async function handleDownload(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    if (req.method !== 'GET') throw new HttpRefusal(405, 'invalid_input', t().downloadGetOnly);
    const entry = downloads.get(id);
    if (entry === undefined) throw new HttpRefusal(404, 'not_found', t().downloadGone);
    // One fetch only: forgotten before the first byte is sent.
    downloads.delete(id);
    clearTimeout(entry.timer);
    let size: number;
    try {
      const stat = await fs.stat(entry.filePath);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      throw new HttpRefusal(404, 'not_found', t().downloadMissing);
    }
    res.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(entry.fileName),
      'Cache-Control': 'no-store',
    });
    await streamFile(entry.filePath, res);
    discard(entry.filePath);
  }

  function streamFile(filePath: string, res: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const stream = createReadStream(filePath);
      stream.on('error', (error) => {
        log(`web: could not read ${path.basename(filePath)}: ${error.message}`);
        res.destroy();
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpRefusal(405, 'invalid_input', t().filesGetOnly);
    let relative: string;
    try {
      relative = decodeURIComponent(pathname);
    } catch {
      throw new HttpRefusal(400, 'invalid_input', t().badAddress);
    }
    if (relative === '/' || relative === '') relative = '/index.html';
    if (relative.includes('\0') || relative.includes('\\')) throw new HttpRefusal(400, 'invalid_input', t().badAddress);
    const filePath = path.resolve(rendererDir, '.' + path.posix.normalize(relative));
    if (filePath !== rendererDir && !filePath.startsWith(rendererDir + path.sep)) throw new HttpRefusal(404, 'not_found', t().noFile);
    if (path.basename(filePath).startsWith('.')) throw new HttpRefusal(404, 'not_found', t().noFile);
    let size: number;
    try {
      const stat = await fs.stat(filePath);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      // Browsers ask for a favicon on their own: no icon is not an error worth a console line.
      if (relative === '/favicon.ico') {
        send(res, 204, { 'Cache-Control': 'no-store' });
        return;
      }
      throw new HttpRefusal(404, 'not_found', t().noFile);
    }
    const isIndex = filePath === indexPath;
    const hashedAsset = !isIndex && relative.startsWith('/assets/');
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-store',
    };
    if (req.method === 'HEAD') {
      send(res, 200, headers);
      return;
    }
    res.writeHead(200, { ...BASE_HEADERS, ...headers });
    await streamFile(filePath, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      checkHostAndOrigin(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const pathname = url.pathname;
      if (pathname.startsWith('/bridge/invoke/')) return await handleInvoke(req, res, pathname.slice('/bridge/invoke/'.length));
      if (pathname === '/bridge/events') return handleEvents(req, res);
      if (pathname.startsWith('/bridge/')) throw new HttpRefusal(404, 'not_found', t().noRoute);
      if (pathname.startsWith('/download/')) return await handleDownload(req, res, pathname.slice('/download/'.length));
      return await handleStatic(req, res, pathname);
    } catch (error) {
      if (error instanceof ClientGone) {
        res.destroy();
        return;
      }
      if (error instanceof HttpRefusal) {
        // Let the rest of a refused body drain, so the answer reaches the client instead of a reset.
        req.resume();
        sendRefusal(res, error);
        return;
      }
      log(`web: ${req.method ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendRefusal(res, new HttpRefusal(500, 'internal', t().internal));
      else res.destroy();
    }
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 0; // the event stream is long-lived
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: o.port ?? 0, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#${SECRET_FRAGMENT_KEY}=${secret}`,
    origin,
    port,
    publishDownload(filePath: string, fileName: string): Promise<string> {
      if (closing) return Promise.reject(new Error('The web server is closing.'));
      const id = randomBytes(24).toString('base64url');
      const resolved = path.resolve(filePath);
      const timer = setTimeout(() => {
        downloads.delete(id);
        discard(resolved);
      }, downloadTtl);
      timer.unref();
      downloads.set(id, { filePath: resolved, fileName, timer });
      return Promise.resolve(`/download/${id}`);
    },
    heavyCalls: () => turns.load,
    close(): Promise<void> {
      closing = true;
      for (const entry of downloads.values()) {
        clearTimeout(entry.timer);
        discard(entry.filePath);
      }
      downloads.clear();
      for (const res of streams) res.end();
      streams.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
