/**
 * The benchmarks measure the runtime we ship, Node 24 LTS (Electron 45's). Another major's figures are not
 * comparable with BENCHMARKS.md's, and undici 8 does not even load on Node 20, so `npm run bench` refuses another
 * Node in one sentence unless asked (--any-node, e.g. to measure a Node upgrade itself). Imported first by run.ts:
 * it runs before any other module of the bench is evaluated.
 */
if (process.versions.node.split('.')[0] !== '24' && !process.argv.includes('--any-node')) {
  console.error(`npm run bench measures Node 24 LTS, the Node inside Electron 45; this is Node ${process.version}. DEVELOPING.md says how to get it (or pass --any-node).`);
  process.exit(2);
}
export {};
