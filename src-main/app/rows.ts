/** Moved to current/rows.ts (issue 14); kept only until app/search.ts and app/earlier.ts import it from there. */
export { contractRow, tenderRow, tenderViewRow } from '../current/rows';
