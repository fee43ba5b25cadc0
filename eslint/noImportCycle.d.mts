// Types of noImportCycle.mjs, for the test that runs the rule on its own (test/lint/layers.test.ts).
import type { ESLint, Rule } from 'eslint';
export declare const noImportCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-import-cycle': Rule.RuleModule } };
export default plugin;
