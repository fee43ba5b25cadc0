// Runs a worker entry from TypeScript source (tests, `npm run web`, the CLI's tsx): registers tsx's loader
// in this worker thread, then imports the entry given as the last argument. The built Electron app starts
// out/main/<entry>.js directly and never loads this file (workerEntry.ts).
// (`execArgv: ['--import', 'tsx']` does not reach a worker thread's loader on Node 20; this does.)
import { register } from 'tsx/esm/api';

register();
await import(process.argv[process.argv.length - 1]);
