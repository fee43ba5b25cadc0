/**
 * A child process for push.test.ts's kill -9 test: pushes a cache to a team database in small chunks and, after
 * `FREEZE_AFTER` committed chunks, stops dead in the middle of the next chunk's COPY (its PostgreSQL transaction
 * open, rows half sent), printing `frozen`, so the test's SIGKILL lands exactly there whatever the machine's load.
 * Usage: TEAM_PASSWORD=… node --import tsx pushChild.ts CACHE_FILE TEAM_URL CHUNK_ROWS FREEZE_AFTER
 */
import { openCache } from '../../src-main/cache/database';
import { pushToTeamWith } from '../../src-main/team/push';
import { openTeamConnection } from '../../src-main/teamdb/connection';

const [file, url, chunkRows, freezeAfter] = process.argv.slice(2);
if (file === undefined || url === undefined || chunkRows === undefined || freezeAfter === undefined) {
  throw new Error('usage: pushChild.ts CACHE_FILE TEAM_URL CHUNK_ROWS FREEZE_AFTER');
}

const cache = openCache(file);
const team = await openTeamConnection({ url, password: process.env.TEAM_PASSWORD, appVersion: 'test' });
let committed = 0;
await pushToTeamWith(cache, team, {
  chunkRows: Number(chunkRows),
  onChunk: () => {
    committed += 1;
  },
  onProgress: () => {
    // The first progress after the wanted number of commits is the next chunk's staging, mid-transaction.
    if (committed < Number(freezeAfter)) return;
    process.stdout.write('frozen\n'); // synchronous on a pipe (Linux)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
process.stdout.write('finished\n');
await team.close();
cache.close();
