// Types of layersDiagram.mjs, for test/lint/architecture.test.ts.
export declare const BEGIN: string;
export declare const END: string;
export declare const ARCHITECTURE_FILE: string;
export declare function layersBlock(): string;
export declare function withBlock(text: string, block?: string): string;
