/**
 * What the search form does with tricky input, as an analyst types it: «31.02.2026» is named as a day that
 * does not exist (not as a wrong format) and nothing is sent; a keyword with «;» stays one keyword and its
 * chip shows exactly what is sent; a very long keyword's chip stays inside the field (ellipsis, the whole
 * text in its title) and does not cover its neighbours.
 */
import { expect, test } from './fixtures';

test('search form: a non-existent date, a keyword with «;», a long keyword chip', async ({ page, app }) => {
  await expect(page.getByTestId('view-search')).toBeVisible();

  await page.getByRole('textbox', { name: 'Дата публикации: с' }).fill('31.02.2026');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('publishDate-error')).toHaveText('31 февраля 2026 года не существует (в этом месяце 28 дн.)');
  await expect(page.getByTestId('preview-result')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Дата публикации: с' }).fill('28.02.2026');

  // «;» typed inside a keyword is part of it: Enter makes one chip of the whole text.
  const keywords = page.getByRole('textbox', { name: 'Ключевые слова' });
  await keywords.fill('услуги связи; интернет');
  await keywords.press('Enter');
  const chips = page.getByTestId('keywords-chip');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toHaveText('услуги связи; интернет×');
  // Pasted text with «;» stays one keyword too; a new line separates keywords.
  await keywords.focus();
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', 'ремонт; обслуживание\nноутбук');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(chips).toHaveCount(3);
  await expect(chips.nth(1)).toHaveText('ремонт; обслуживание×');
  // Quotes around a phrase and extra spaces are not sent, so the chip does not show them either.
  await keywords.fill('  «поставка   бумаги» ');
  await keywords.press('Enter');
  await expect(chips.nth(3)).toHaveText('поставка бумаги×');
  await page.getByRole('button', { name: 'Убрать «поставка бумаги»' }).click();
  await expect(chips).toHaveCount(3);

  // A long keyword: its chip fits the field, cut with an ellipsis, with the whole text in the title.
  const long = 'поставка расходных материалов для копировально-множительной техники и принтеров для нужд учреждения в 2026 году';
  await keywords.fill(long);
  await keywords.press('Enter');
  const longChip = chips.nth(3);
  await expect(longChip).toHaveAttribute('title', long);
  const field = await page.getByTestId('keywords').boundingBox();
  const chip = await longChip.boundingBox();
  expect(chip!.x + chip!.width).toBeLessThanOrEqual(field!.x + field!.width + 0.5);
  const cut = await longChip.locator('.tokens__text').evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(true);
  // Its remove button stays visible and usable inside the field.
  const remove = page.getByRole('button', { name: `Убрать «${long}»` });
  const button = await remove.boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(field!.x + field!.width + 0.5);

  // The criteria sent are exactly the chips.
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-result')).toBeVisible();
  await app.screenshot(page, 'search-input');
  await remove.click();
  await expect(chips).toHaveCount(3);
});

test('offline search form: «31.02.2026» is named as a day that does not exist, as in the online form', async ({ page }) => {
  await expect(page.getByTestId('view-search')).toBeVisible();
  await page.getByRole('tab', { name: 'В кэше (офлайн)' }).or(page.getByRole('button', { name: 'В кэше (офлайн)' })).first().click();
  await page.locator('#offline-publishDate-from').fill('31.02.2026');
  await page.getByTestId('offline-search').click();
  await expect(page.getByTestId('offline-publishDate-error')).toHaveText('31 февраля 2026 года не существует (в этом месяце 28 дн.)');
});
