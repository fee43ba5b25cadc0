/**
 * Moving fast: the command palette opens on Ctrl+K, finds a view by a fragment of its Russian name
 * and runs it, shows the shortcuts, gives the focus back on Escape; the row shortcuts (J/K, O, M) work from
 * the results and a list's members without the mouse, and the palette's export reaches a list's; the deadlines calendar shows a tender's submission deadline on its Moscow
 * day (checked against the Moscow zone of the browser's own Intl, not the view's arithmetic), in the month and
 * in its week, and opens its card.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addIds, addKeyword, createList, invokeOk, runSearchInView } from './viewsHelpers';

interface Event {
  tender_id: number;
  at: string;
  kind: string;
}

const moscowDay = (iso: string): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date(iso));

function row(page: Page, index: number) {
  return page.getByTestId('results').locator(`[role="row"][data-row-index="${index}"]`);
}

test('palette and calendar: Ctrl+K finds and runs a command, row shortcuts, a deadline on its Moscow day', async ({ page, app }) => {
  // No list yet: the calendar says why «Список» cannot be chosen and how to make one.
  await page.getByTestId('nav-calendar').click();
  await expect(page.getByTestId('calendar-scope-list')).toBeDisabled();
  await expect(page.getByTestId('calendar-no-lists')).toContainText('создайте список');
  await page.getByTestId('nav-search').click();
  // «мебель»: enough open tenders that some day has more deadlines than a month cell shows (its «+N ещё»).
  await addKeyword(page, 'мебель');
  await runSearchInView(page, 'e2e палитра');

  // Row shortcuts, with the focus outside the table: J enters it, J/K move, O opens the card.
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('j');
  await expect(row(page, 0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(row(page, 1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(row(page, 0)).toBeFocused();
  // M marks the active row when none is selected: the marks dialog opens for one tender.
  await page.keyboard.press('m');
  await expect(page.getByTestId('results-marks-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('results-marks-dialog')).toHaveCount(0);
  await row(page, 0).focus();
  await page.keyboard.press('o');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.getByTestId('card-back').click();
  await expect(page.getByTestId('view-search')).toBeVisible();

  // The same keys in a list's members: J enters the table, M marks the active member.
  const ids = await page.getByTestId('results').locator('[role="row"][data-key]').evaluateAll((els) => els.slice(0, 2).map((e) => Number(e.getAttribute('data-key'))));
  await createList(page, 'e2e клавиши');
  await addIds(page, ids);
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await page.keyboard.press('j');
  await expect(page.getByTestId('lists-members').locator('[role="row"][data-row-index="0"]')).toBeFocused();
  await page.keyboard.press('m');
  await expect(page.getByTestId('lists-marks-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lists-marks-dialog')).toHaveCount(0);
  // The palette's export opens the list's export dialog, as its button does.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('xlsx');
  await expect(page.getByTestId('command-palette').getByRole('option').first()).toContainText('Экспорт в файл');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lists-export')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lists-export')).toHaveCount(0);
  await page.getByTestId('nav-search').click();
  await expect(row(page, 0)).toBeVisible();

  // Ctrl+K from a button: the palette, its input focused; Escape closes it and the focus is back.
  const lists = page.getByTestId('nav-lists');
  await lists.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await app.screenshot(page, 'palette');
  // The table's actions are listed with their shortcuts.
  await page.keyboard.type('след');
  await expect(palette.getByRole('option').first()).toContainText('Следующая строка');
  await expect(palette.getByRole('option').first().locator('kbd')).toHaveText('J');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(lists).toBeFocused();

  // A fragment of the Russian name finds the calendar first; Enter runs it.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('кален');
  await expect(palette.getByRole('option').first()).toContainText('Календарь сроков');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByTestId('view-calendar')).toBeVisible();
  await expect(page.getByTestId('calendar-no-lists')).toHaveCount(0);

  // The saved search's deadlines: one of them (one past 21:00 UTC when there is one) on its Moscow day.
  const searches = await invokeOk<{ filterId: string; label: string | null }[]>(app, 'savedSearches.list');
  const filterId = searches.find((x) => x.label === 'e2e палитра')!.filterId;
  await page.getByTestId('calendar-scope-search').check();
  await expect(page.getByTestId('calendar-search')).toHaveValue(filterId);
  const now = Date.now();
  const events = await invokeOk<Event[]>(app, 'calendar.events', {
    scope: { kind: 'search', filterId },
    from: new Date(now - 200 * 86_400_000).toISOString(),
    to: new Date(now + 200 * 86_400_000).toISOString(),
  });
  const submissions = events.filter((e) => e.kind === 'submission');
  expect(submissions.length).toBeGreaterThan(0);
  const perDay = new Map<string, number>();
  for (const e of events) perDay.set(moscowDay(e.at), (perDay.get(moscowDay(e.at)) ?? 0) + 1);
  // On a day the month shows whole (at most four events; more are behind «+N ещё»).
  const whole = submissions.filter((e) => perDay.get(moscowDay(e.at))! <= 4 && Date.parse(e.at) > now);
  const chosen = whole.find((e) => new Date(e.at).getUTCHours() >= 21) ?? whole[0]!;
  const day = moscowDay(chosen.at);
  const goToMonthOf = async (target: string) => {
    await page.getByTestId('calendar-today').click();
    const todays = moscowDay(new Date(now).toISOString());
    const months = (Number(target.slice(0, 4)) - Number(todays.slice(0, 4))) * 12 + Number(target.slice(5, 7)) - Number(todays.slice(5, 7));
    for (let i = 0; i < Math.abs(months); i++) await page.getByTestId(months > 0 ? 'calendar-next' : 'calendar-previous').click();
  };

  // The busiest day shows four events and «+N ещё» for the rest, which opens its week with them all.
  const [busiest, busiestCount] = [...perDay].sort((a, b) => b[1] - a[1])[0]!;
  expect(busiestCount).toBeGreaterThan(4);
  await goToMonthOf(busiest);
  const busy = page.getByTestId(`calendar-day-${busiest}`).first();
  await expect(busy.getByTestId('calendar-event')).toHaveCount(4);
  await expect(busy.getByTestId('calendar-more')).toHaveText(`+${busiestCount - 4} ещё`);
  await busy.getByTestId('calendar-more').click();
  await expect(page.getByTestId('calendar-mode-week')).toHaveAttribute('aria-pressed', 'true');
  await expect(busy.getByTestId('calendar-event')).toHaveCount(busiestCount);
  await page.getByTestId('calendar-mode-month').click();

  await goToMonthOf(day);
  const cell = page.getByTestId(`calendar-day-${day}`).first();
  const event = cell.locator(`[data-testid="calendar-event"][data-tender-id="${chosen.tender_id}"]`).first();
  await expect(event).toBeVisible();
  await expect(event).toContainText(`Заявки до ${new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' }).format(new Date(chosen.at))}`);
  // Its accessible name starts with what it shows, the tender's name included (WCAG 2.5.3), then
  // what the short words stand for.
  await expect(event).toHaveAccessibleName(/Окончание подачи заявок/);
  const shown = (await event.locator('.calendar__title').innerText()).trim();
  expect(await event.evaluate((el) => el.getAttribute('aria-label'))).toBeNull();
  await expect(event).toHaveAccessibleName(new RegExp(`^Заявки до .*${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await app.screenshot(page, 'calendar-month');
  // From the keyboard, the event opens its tender's card, and Esc comes back to the calendar, focus on that event.
  await event.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-card')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('view-calendar')).toBeVisible();
  await expect(event).toBeFocused();
  // The day's number opens its week (Monday to Sunday), the event still on its day.
  await cell.getByTestId('calendar-open-week').click();
  await expect(page.getByTestId('calendar-mode-week')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calendar-grid').getByRole('cell')).toHaveCount(7);
  await expect(event).toBeVisible();
  await expect(event).not.toHaveAttribute('data-past', 'true');
  await app.screenshot(page, 'calendar-week');
  // Once its instant has passed, the deadline is dimmed as past.
  await page.clock.setFixedTime(new Date(chosen.at).getTime() + 60_000);
  await page.getByTestId('calendar-mode-month').click();
  await expect(event).toHaveAttribute('data-past', 'true');
  await event.click();
  await expect(page.getByTestId('view-card')).toBeVisible();
});
