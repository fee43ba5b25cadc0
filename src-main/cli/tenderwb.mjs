#!/usr/bin/env node
// The `tenderwb` command: runs the TypeScript CLI through tsx, so it works right after `npm ci` with no build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
