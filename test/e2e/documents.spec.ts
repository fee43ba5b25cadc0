/**
 * Tender documents offline end to end: a searched tender's card opened from the «Открыть» box lists
 * its documents not downloaded; «Скачать документы» runs as a job and the states become «текст извлечён» / «скан»
 * with sizes; a document opens (browser mode: a download of a safe-named copy); with the sandbox stopped the
 * tender is found «в документах» by a phrase of its own documents and its card's documents still open; after an
 * amendment (a tick) and the new version's documents downloaded, the version history shows what changed in the
 * documentation beside the field diff; choosing an automatic download in Settings runs it as a job the frame tells of.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invokeOk, runSearch, waitJob } from './viewsHelpers';

/** accessibility.spec.ts's rule over the new parts: axe's WCAG 2.1 A/AA and best practices, no serious, critical or moderate finding. */
async function axeClean(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const found = results.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? 'minor')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, state).toEqual([]);
}

type Hit = { tenderId: number; document: string; snippet: { text: string; hit: boolean }[] };

test('documents: download on the card, find offline «в документах», open, and see what an amendment changed', async ({ page, app }) => {
  test.setTimeout(240_000);
  const filterId = await runSearch(app, { ids: Array.from({ length: 30 }, (_, i) => 2971 + i), status: ['active'] }, 'e2e документы');
  const rows = (await invokeOk<{ rows: { id: number; etpId: string | null }[] }>(app, 'search.results', { filterId, limit: 100 })).rows;
  const tender = rows.find((r) => r.etpId !== null)!;
  expect(tender).toBeDefined();

  // Open the card from the frame's «Открыть» box.
  await page.getByTestId('open-box-input').fill(tender.etpId!);
  await page.getByTestId('open-box-input').press('Enter');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(tender.id));
  const docs = page.getByTestId('card-documents');
  const rowsOf = docs.getByTestId('card-document');
  await expect(rowsOf.first()).toHaveAttribute('data-state', 'not_downloaded');
  await expect(rowsOf.first().getByTestId('document-state')).toHaveText('не скачан');

  // «Скачать документы»: a job with its progress; then every document is held and read (or a scan).
  await docs.getByTestId('documents-download').click();
  await expect(docs.getByTestId('documents-job')).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  await expect(docs.getByTestId('documents-job-notice')).toContainText('уже были 0, ошибок 0');
  const count = await rowsOf.count();
  for (let i = 0; i < count; i++) {
    await expect(rowsOf.nth(i)).toHaveAttribute('data-state', /^(text_extracted|scan)$/);
    await expect(rowsOf.nth(i).getByTestId('document-state')).toHaveText(/^(текст извлечён \([\d\s\u00a0,]+\u00a0(Б|КБ|МБ)\)|скан: текст не извлечён)$/);
  }
  await docs.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'documents-card');
  await axeClean(page, 'card with documents');

  // Three more tenders' documents at version 1, as «Скачать все документы списка» does: an amendment may also be a
  // cancellation, whose documentation only gains a notice, so the diff below is looked at on one whose text changed.
  const others = rows.filter((r) => r.etpId !== null && r.id !== tender.id).slice(0, 3);
  for (const o of others) await invokeOk(app, 'card.tender', { id: o.id });
  const list = await invokeOk<{ listId: string }>(app, 'lists.create', { name: 'e2e документы' });
  await invokeOk(app, 'lists.addItems', { listId: list.listId, ids: others.map((o) => o.id) });
  const listJob = await invokeOk<{ jobId: string }>(app, 'documents.fetch', { scope: { kind: 'list', listId: list.listId } });
  expect((await waitJob(app, listJob.jobId, 150_000)).state).toBe('done');

  // A phrase of this tender's specification (its «Техническое задание», else its notice), from what the index holds.
  let own: Hit | undefined;
  for (const word of ['гарантийный', 'требования', 'поставки', 'закупка']) {
    const hits = (await invokeOk<{ hits: Hit[] }>(app, 'documents.search', { text: word, limit: 500 })).hits.filter((h) => h.tenderId === tender.id);
    own = hits.find((h) => /Техническое задание|Описание объекта/.test(h.document)) ?? own ?? hits[0];
    if (own && /Техническое задание|Описание объекта/.test(own.document)) break;
  }
  expect(own).toBeDefined();
  // Three words in a row of its text, not its title (a phrase matches words in order; punctuation is no word).
  const tokens = own!.snippet.map((p) => p.text).join('').split(/\s+/);
  const start = tokens.findIndex(
    (_, i) => tokens.slice(i, i + 3).length === 3 && tokens.slice(i, i + 3).every((t) => /^[а-яё]{3,}[,.;:]?$/i.test(t)) && !own!.document.includes(tokens.slice(i, i + 3).join(' ')),
  );
  expect(start, tokens.join(' ')).toBeGreaterThanOrEqual(0);
  const phrase = tokens.slice(start, start + 3).join(' ').replace(/[,.;:]/g, '');

  // Offline: the sandbox (the API and the documents' host) is gone.
  await app.stopSandbox();
  await expect(rowsOf.first().getByTestId('document-open')).toBeVisible();
  // Browser mode downloads a copy (there is no system program here), and the button says so to a screen reader.
  await expect(rowsOf.first().getByTestId('document-open')).toHaveAttribute('aria-label', /^Открыть «.+»: браузер скачает копию$/);
  const download = page.waitForEvent('download');
  await rowsOf.first().getByTestId('document-open').click();
  expect((await download).suggestedFilename()).toMatch(/^[\p{L}\p{N} \-_()№,]+\.[a-z0-9]+$/u);

  await page.getByTestId('nav-search').click();
  await page.getByTestId('mode-documents').click();
  await page.getByLabel('Что искать в документах').fill(`"${phrase}"`);
  await page.getByTestId('documents-search-run').click();
  const hit = page.locator(`[data-testid="documents-hit"][data-tender="${tender.id}"]`).filter({ hasText: own!.document }).first();
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toBeVisible();
  await app.screenshot(page, 'documents-search');
  await axeClean(page, '«в документах»');
  await hit.getByRole('button').first().click();
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(tender.id));
  await expect(rowsOf.first()).toHaveAttribute('data-state', /^(text_extracted|scan)$/);

  // The world moves: an amendment; the saved search reads it, the card shows version 2.
  await app.restartSandbox();
  await app.control('tick', { updated: 5000 });
  expect((await waitJob(app, (await invokeOk<{ jobId: string }>(app, 'sync.start', { filterId })).jobId)).state).toBe('done');
  // The first of them whose amendment is not a cancellation (its version 2 card read through the core, free).
  let amended = tender;
  for (const c of [tender, ...others]) {
    await invokeOk(app, 'card.tender', { id: c.id });
    const held = await invokeOk<{ documents: { name: string }[] }>(app, 'documents.ofTender', { tenderId: c.id });
    if (!held.documents.some((d) => /отмен/i.test(d.name))) {
      amended = c;
      break;
    }
  }
  await page.getByTestId('card-back').click();
  await page.getByTestId('open-box-input').fill(amended.etpId!);
  await page.getByTestId('open-box-input').press('Enter');
  await expect(page.getByTestId('view-card')).toHaveAttribute('data-id', String(amended.id));
  await expect(page.getByTestId('card-version')).toHaveCount(2);
  await expect(docs.getByTestId('documents-download')).toHaveText('Скачать документы');
  // From the palette this time (the focus is still in the «Открыть» box): the same download, its key D shown.
  await expect(docs.getByTestId('documents-download')).toHaveAttribute('title', / \(D\)$/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('скачать докум');
  await expect(page.getByTestId('palette-item-documents.download').locator('kbd')).toHaveText('D');
  await page.keyboard.press('Enter');
  // Started from a key, the section comes into view (on a long card it is far below), so its progress is seen.
  await expect(docs.getByTestId('documents-job')).toBeInViewport();
  await expect(docs.getByTestId('documents-job')).toHaveAttribute('data-state', 'done', { timeout: 150_000 });

  const diff = page.getByTestId('card-documents-diff');
  await expect(diff).toHaveAttribute('data-from', '1');
  await expect(diff).toHaveAttribute('data-to', '2');
  await expect(diff.locator('[data-testid="card-documents-diff-entry"][data-change="changed"]').first()).toBeVisible();
  await expect(diff.getByTestId('card-documents-diff-words').first().locator('ins').first()).toBeVisible();
  await expect(diff.getByTestId('card-documents-diff-summary')).toContainText('правк');
  await diff.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'documents-diff');
  await axeClean(page, 'the documents’ diff');

  // Settings «Документы»: a limit is a whole number of megabytes, said at once; a valid one is saved.
  await page.getByTestId('nav-settings').click();
  const settings = page.getByTestId('settings-documents');
  await settings.getByTestId('documents-maxTotalMb').fill('0');
  await expect(settings.getByRole('alert')).toContainText('Целое число мегабайт от 1 до');
  await expect(settings.getByTestId('documents-settings-save')).toBeDisabled();
  await settings.getByTestId('documents-maxTotalMb').fill('4096');
  await expect(settings.getByTestId('documents-maxTotalMb')).toHaveValue('4\u00a0096');
  await settings.getByTestId('documents-auto-marked').check();
  await settings.getByTestId('documents-settings-save').click();
  await expect(settings.getByTestId('documents-settings-saved')).toBeVisible();
  expect(await invokeOk(app, 'documents.settings')).toMatchObject({ autoDownload: { marked: true }, maxTotalMb: 4096 });
  // What is chosen downloads at once, as a job the frame tells of like any other download.
  const autoEnded = page.getByTestId('job-ended-banner');
  await expect(autoEnded).toContainText('«Документы (автозагрузка)»: готово');
  // A documents job counts documents and never spends: its end says so, with no «списано 0 ед.».
  await expect(autoEnded).toContainText(/«Документы \(автозагрузка\)»: готово — \d+ документ/);
  await expect(autoEnded).not.toContainText('списано');
  await expect(autoEnded).not.toContainText('объект');
  // The section says up front why a chosen tender may get no documents.
  await expect(settings.getByTestId('documents-auto-hint')).toContainText('Документы берутся из карточки закупки');
  await settings.scrollIntoViewIfNeeded();
  await app.screenshot(page, 'documents-settings');
  await axeClean(page, 'settings');
});
