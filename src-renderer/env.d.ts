import type { TenderWorkbenchBridge } from '../src-main/contract/bridge';

declare global {
  interface Window {
    /** Put there by the preload (`src-preload/index.ts`); absent when the page runs in a plain browser. */
    readonly tenderWorkbench?: TenderWorkbenchBridge;
  }
}

export {};
