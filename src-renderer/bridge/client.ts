/**
 * The renderer's one way to the core: the typed contract client. In Electron it is the object the preload put
 * on `window`; in browser mode (`npm run web`) it is the loopback client. Views call `call()`, which unwraps
 * the answer envelope and throws `CallError` (code + message in the user's language) on failure.
 */
import { bridgeKey } from '../../src-main/contract/bridge';
import type { ContractClient, EventName, EventPayload, IpcError, MethodArgs, MethodName, MethodResult } from '../../src-main/contract/ipc';
import { createLoopbackClient, type LoopbackClient } from './loopbackClient';

let client: ContractClient | null = null;
let loopback: LoopbackClient | null = null;

export function contractClient(): ContractClient {
  if (client === null) {
    const preload = window[bridgeKey];
    if (preload) client = preload;
    else client = loopback = createLoopbackClient();
  }
  return client;
}

/** Browser mode (`npm run web`): there is no system program to open a file with, so a document is downloaded. */
export function inBrowserMode(): boolean {
  contractClient();
  return loopback !== null;
}

/**
 * Browser mode only: told when `npm run web` stops answering (false) and answers again (true). In Electron
 * the core lives and dies with the window, so there is nothing to tell.
 */
export function subscribeBackend(listener: (up: boolean) => void): () => void {
  contractClient();
  return loopback ? loopback.onConnection(listener) : () => undefined;
}

export class CallError extends Error {
  readonly code: IpcError['code'];
  readonly requestId: string | null;
  readonly fields: string[];
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'CallError';
    this.code = error.code;
    this.requestId = error.requestId ?? null;
    this.fields = error.fields ?? [];
  }
}

export async function call<M extends MethodName>(name: M, args: MethodArgs<M>): Promise<MethodResult<M>> {
  const answer = await contractClient().invoke(name, args);
  if (!answer.ok) throw new CallError(answer.error);
  return answer.value;
}

export function subscribe<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
  return contractClient().on(name, listener);
}
