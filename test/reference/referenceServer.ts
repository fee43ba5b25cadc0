/**
 * A scripted server that follows the reference to the letter but makes other choices than our sandbox
 *: each test queues the answers it wants; every request is recorded. Loopback only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Scripted = { status: number; body: string; headers?: Record<string, string> };
export type SeenRequest = { method: string; url: string; body: string };
export type ReferenceServer = {
  baseUrl: string;
  seen: SeenRequest[];
  /** Answers for the next requests, in order; a route function answers by what was asked. */
  script: (Scripted | ((req: SeenRequest) => Scripted))[];
  close(): Promise<void>;
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Scripted => ({ status, body: JSON.stringify(body), headers });

export async function startReferenceServer(): Promise<ReferenceServer> {
  const seen: SeenRequest[] = [];
  const state: ReferenceServer = { baseUrl: '', seen, script: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      seen.push(r);
      const next = state.script.shift();
      const answer = typeof next === 'function' ? next(r) : (next ?? json(500, { error: { code: 'internal_error', message: 'script exhausted', request_id: 'req_x' } }));
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': `req_ref_${seen.length}`, ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
