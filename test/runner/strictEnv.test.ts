/**
 * Runs in both projects of the strict pass (vitest.config.ts lists it among the strict suites): the strict
 * project's workers see TENDERWB_SANDBOX_STRICT=1, so every sandbox its files start is the strict one; the
 * default project's never do. Without the project's `env`, the strict pass would quietly repeat the default one.
 */
import { expect, it } from 'vitest';

it('the strict project runs against the strict sandbox, the default one never', ({ task }) => {
  const project = task.file.projectName ?? '';
  if (project === '') {
    // A plain run (a developer's `npx vitest run`) has no projects: it is never the strict pass.
    expect(process.env.TENDERWB_TEST_STRICT_PASS).not.toBe('1');
    return;
  }
  expect(process.env.TENDERWB_SANDBOX_STRICT === '1', `project "${project}"`).toBe(project === 'strict');
});
