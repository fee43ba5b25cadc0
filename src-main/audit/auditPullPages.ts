/**
 * How many ledger pages the app's audit reads before answering (a 36,000-row ledger pulled under the
 * rate limit kept it unanswered past 120 s). Past that it answers from the cache, judged against the last
 * complete pull; the ledger view's refresh pulls the rest. A module of its own, with no imports: the CLI's help
 * quotes it, and `tenderwb --help` must not load the cache's SQLite to print a number.
 */
export const AUDIT_PULL_PAGES = 20;
