/**
 * The analyst's working day, one flow with the keyboard where it is quicker: a search's results →
 * mark two tenders (a tag and a status, from the results) → the pipeline board shows them in their column →
 * the calendar of the tag shows their submission deadlines on their Moscow days, and its ICS export (after
 * consenting to open their cards, whose cost it shows, for the links to the notices) holds both with links → the palette's «xlsx» opens the results' export, written as XLSX with its «Источник» sheet.
 */
import { readFile } from 'node:fs/promises';
import { readSheetNames } from 'read-excel-file/node';
import { expect, test } from './fixtures';
import { addKeyword, invokeOk, runSearchInView } from './viewsHelpers';

const TAG = 'Срочно';
const moscowDay = (iso: string): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date(iso));

test('working day: mark from results → board → calendar → export', async ({ page, app }) => {
  await addKeyword(page, 'компьютер');
  await runSearchInView(page, 'e2e рабочий день');

  // Mark the first two rows: Space selects the active row, J moves down, M opens the marks of the selection.
  const rows = page.getByTestId('results').locator('[role="row"][data-row-index]');
  await rows.nth(0).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('j');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('results-selected')).toContainText('2');
  const ids = (await rows.evaluateAll((els) => els.slice(0, 2).map((e) => Number(e.getAttribute('data-key'))))).sort((a, b) => a - b);
  await page.keyboard.press('m');
  const marks = page.getByTestId('results-marks-dialog');
  await expect(marks).toBeVisible();
  await marks.getByTestId('results-marks-new-tag').fill(TAG);
  await marks.getByTestId('results-marks-add-tag').click();
  await marks.getByTestId('results-marks-status').selectOption('preparing');
  await marks.getByTestId('results-marks-save').click();
  await expect(marks).toHaveCount(0);

  // The board: both in «Готовим заявку».
  await page.getByTestId('nav-marks').click();
  const column = page.getByTestId('board-column').and(page.locator('[data-status="preparing"]'));
  await expect(column).toHaveAttribute('data-count', '2');
  await expect(column).toContainText('Готовим заявку');

  // The calendar of the tag: each deadline on its Moscow day; the ICS file holds both.
  await page.getByTestId('nav-calendar').click();
  await page.getByTestId('calendar-scope-marked').check();
  // The filter's tags are read when its picker takes the focus.
  await page.getByTestId('calendar-marks-tag').focus();
  await page.getByTestId('calendar-marks-tag').selectOption(TAG);
  await expect(page.getByTestId('calendar-marks-chip')).toHaveAttribute('data-value', TAG);
  const now = Date.now();
  const events = await invokeOk<{ tender_id: number; at: string; kind: string }[]>(app, 'calendar.events', {
    scope: { kind: 'marked', filter: { tags: [TAG] } },
    from: new Date(now - 200 * 86_400_000).toISOString(),
    to: new Date(now + 200 * 86_400_000).toISOString(),
  });
  const deadlines = events.filter((e) => e.kind === 'submission');
  expect(deadlines.map((e) => e.tender_id).sort((a, b) => a - b)).toEqual(ids);
  const first = deadlines[0]!;
  const day = moscowDay(first.at);
  const today = moscowDay(new Date(now).toISOString());
  const months = (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < Math.abs(months); i++) await page.getByTestId(months > 0 ? 'calendar-next' : 'calendar-previous').click();
  await expect(page.getByTestId(`calendar-day-${day}`).first().locator(`[data-testid="calendar-event"][data-tender-id="${first.tender_id}"]`).first()).toBeVisible();
  // Neither card was opened: the export offers to open them for the links, with the cost shown first.
  await page.getByTestId('calendar-export-ics').click();
  const links = page.getByTestId('calendar-links-dialog');
  await expect(links.getByTestId('calendar-links-question')).toContainText('У 2 событий нет ссылки на извещение: открыть карточки (бесплатно для уже оплаченных версий, стоимость не больше 2 ед.');
  await app.screenshot(page, 'working-day-calendar-links');
  const ics = page.waitForEvent('download');
  await links.getByTestId('calendar-links-open').click();
  const icsFile = await ics;
  await expect(page.getByTestId('calendar-exported')).toContainText('Событий в файле: 2');
  const icsText = await readFile(await icsFile.path(), 'utf8');
  for (const id of ids) expect(icsText).toContain(`UID:tender-${id}@tender-workbench`);
  expect(icsText.match(/^URL[;:]/gm)).toHaveLength(2);
  // Its provenance, like every export's: in browser mode a second link beside the answer.
  await expect(page.getByTestId('calendar-exported-provenance')).toHaveAttribute('download', 'Сроки — отмеченные закупки.ics.provenance.json');
  await app.screenshot(page, 'working-day-calendar');

  // The export: back to the results, the palette finds it by «xlsx».
  await page.getByTestId('nav-search').click();
  await expect(page.getByTestId('results-export-open')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('xlsx');
  await expect(page.getByTestId('command-palette').getByRole('option').first()).toContainText('XLSX');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('results-export');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('results-export-format-xlsx').check();
  const xlsx = page.waitForEvent('download');
  await dialog.getByTestId('results-export-run').click();
  const xlsxFile = await xlsx;
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(await readSheetNames(await xlsxFile.path())).toContain('Источник');
  await expect(dialog.getByTestId('results-export-result')).toHaveAttribute('data-rows', /^[1-9]\d*$/);
});
