/** Moved to src-main/current/spendGuard.ts (a use-case rule of the workbench); kept while importers move over. */
export * from '../current/spendGuard';
