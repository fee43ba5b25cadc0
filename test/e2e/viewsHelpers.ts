/**
 * Helpers shared by the search, card, contracts, lists, ledger, offline and strict-flow specs: preparing data through the core (the
 * fixture's `app.invoke`) where another view would normally do it, and the few UI steps several specs repeat.
 */
import type { Page } from '@playwright/test';
import { expect, type E2eApp } from './fixtures';

export async function invokeOk<T = unknown>(app: E2eApp, name: string, args: unknown = {}): Promise<T> {
  const answer = await app.invoke(name, args);
  if (!answer.ok) throw new Error(`${name} failed: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

interface Job {
  jobId: string;
  state: string;
  items: number;
  charged: number;
  free: number;
}

/** Waits until a sync job is no longer running. */
export async function waitJob(app: E2eApp, jobId: string, timeoutMs = 45_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await invokeOk<Job[]>(app, 'sync.jobs');
    const job = jobs.find((j) => j.jobId === jobId);
    if (job && job.state !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Saves a search (as the Search view would) and reads it to the end; answers its filter id. */
export async function runSearch(app: E2eApp, criteria: Record<string, unknown>, label: string, events: string[] = ['created', 'updated']): Promise<string> {
  const run = await invokeOk<{ filterId: string; jobId: string }>(app, 'search.run', { criteria, label, events });
  const job = await waitJob(app, run.jobId);
  expect(job.state).toBe('done');
  return run.filterId;
}

/** Ids of the tenders a saved search holds in the cache, newest first. */
export async function searchIds(app: E2eApp, filterId: string): Promise<number[]> {
  const page = await invokeOk<{ rows: { id: number }[] }>(app, 'search.results', { filterId, limit: 100 });
  return page.rows.map((r) => r.id);
}

/**
 * Tenders among `ids` that have a contract in the demo world, asked of the sandbox itself with a test token (never
 * charged, and not through the app's cache): a spec that needs contracts picks them from the world it runs on
 * instead of trusting that some fixed ids are completed ones.
 */
export async function tendersWithContracts(app: E2eApp, ids: number[]): Promise<number[]> {
  const login = await fetch(`${app.sandboxBaseUrl}/auth/login?login=demo-test&password=demo&token_name=e2e`, { method: 'POST' });
  const { token } = (await login.json()) as { token: string };
  const found = new Set<number>();
  let body: Record<string, unknown> = { tender_ids: ids, limit: 100 };
  for (let asked = 0; asked < 200; asked++) {
    const answer = await fetch(`${app.sandboxBaseUrl}/contracts/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const page = (await answer.json()) as { results?: { contract: { tender_id?: number } }[]; next_cursor?: string; retry_after?: number; state?: string };
    if (answer.status === 202) {
      await new Promise((r) => setTimeout(r, 1000 * (page.retry_after ?? 1)));
      continue;
    }
    if (!answer.ok) throw new Error(`contracts/query answered ${answer.status}`);
    for (const item of page.results ?? []) if (typeof item.contract.tender_id === 'number') found.add(item.contract.tender_id);
    if ((page.results ?? []).length === 0 && page.state === 'ready') break;
    body = { cursor: page.next_cursor, limit: 100 };
  }
  return ids.filter((id) => found.has(id));
}

/** Lists view: creates a list and selects it. */
/** Settings → make the built-in earlier-generation profile active, and wait until it is. */
export async function switchToEarlierProfile(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('activate-sandbox-earlier').click();
  await expect(page.getByTestId('active-profile')).toContainText('sandbox-earlier');
}

export async function createList(page: Page, name: string): Promise<void> {
  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-create-name').fill(name);
  await page.getByTestId('lists-create').click();
  await expect(page.getByTestId('lists-detail-name')).toHaveText(name);
}

/** Lists view (a list selected): pastes ids and adds them. */
export async function addIds(page: Page, ids: number[]): Promise<void> {
  await page.getByTestId('lists-add-ids').fill(ids.join('\n'));
  await page.getByTestId('lists-add').click();
  await expect(page.getByTestId('lists-message')).toBeVisible();
}

/** Search view: unfolds the criteria form when a run folded it into its one-line summary. */
export async function unfoldCriteria(page: Page): Promise<void> {
  const expand = page.getByTestId('criteria-expand');
  if (await expand.isVisible()) await expand.click();
}

/** Search view: types a keyword and confirms it into a chip. */
export async function addKeyword(page: Page, word: string): Promise<void> {
  await unfoldCriteria(page);
  const input = page.getByRole('textbox', { name: 'Ключевые слова' });
  await input.fill(word);
  await input.press('Enter');
  await expect(page.getByTestId('keywords-chip').filter({ hasText: word })).toBeVisible();
}

/** Search view: runs the current form (with a label) and waits for the job to finish with results shown. */
export async function runSearchInView(page: Page, label: string): Promise<void> {
  await unfoldCriteria(page);
  await page.getByTestId('run-label').fill(label);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-progress')).toBeVisible();
  await expect(page.getByTestId('run-progress')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect.poll(async () => Number(await page.getByTestId('results-count').getAttribute('data-count'))).toBeGreaterThan(0);
}

export function memberRow(page: Page, index: number) {
  return page.getByTestId('lists-members').locator(`[role="row"][data-row-index="${index}"]`);
}

/** Settings → «Добавить профиль» with a token, then makes it the active one (the Settings view must be open). */
export async function addProfile(page: Page, name: string, baseUrl: string, token: string, generation: 'current' | 'earlier' = 'current'): Promise<void> {
  await page.getByTestId('profile-name').fill(name);
  await page.getByTestId('profile-base-url').fill(baseUrl);
  await page.getByTestId('profile-generation').selectOption(generation);
  await page.getByTestId('profile-token').fill(token);
  await page.getByTestId('profile-add').click();
  await page.getByTestId(`activate-${name}`).click();
  await expect(page.getByTestId('active-profile')).toContainText(name);
}
