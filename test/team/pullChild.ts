/**
 * A child process for pull.test.ts's kill -9 case: a team pull into a cache file, a few rows per page, printing
 * one JSON line per page written, so the test can kill it (SIGKILL) partway through.
 * Usage: node --import tsx pullChild.ts CACHE_FILE DATABASE_URL SCHEMA (the password in TENDERWB_TEAM_PASSWORD).
 */
import { openCache } from '../../src-main/cache/database';
import { pullFromTeamWith } from '../../src-main/team/pull';
import { openTeamConnection } from '../../src-main/teamdb/connection';

const [file, url, schema] = process.argv.slice(2);
if (file === undefined || url === undefined || schema === undefined) throw new Error('usage: pullChild.ts CACHE_FILE DATABASE_URL SCHEMA');

const cache = openCache(file);
const team = await openTeamConnection({ url, password: process.env.TENDERWB_TEAM_PASSWORD, schema, appVersion: '0.0.0-test' });
const counts = await pullFromTeamWith(cache, team, { pageRows: 20, onProgress: (p) => process.stdout.write(`${JSON.stringify(p)}\n`) });
process.stdout.write(`${JSON.stringify({ counts })}\n`);
await team.close();
cache.close();
