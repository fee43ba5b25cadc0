/** Types of cliBundle.mjs (plain JavaScript: the bin reads it before any TypeScript can be loaded). */
export declare const REPOSITORY_ROOT: string;
export declare const BUNDLE_DIR: string;
export declare const BUNDLE_MAIN: string;
export declare const BUNDLE_STAMP: string;
export declare const STAMP_VERSION: number;
export type FileState = [mtimeMs: number, size: number];
export type BundleStamp = { version: number; inputs: [file: string, mtimeMs: number, size: number][] };
export declare function fileState(file: string): FileState;
export declare function bundleProblem(): string | null;
