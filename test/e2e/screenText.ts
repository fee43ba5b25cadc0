/**
 * "No internals on screen", as one check several specs apply (no-internals walks every view; the
 * insights spec its pages): no raw code of the API or the core, and in the Russian interface no English
 * sentence. Soft expectations, so one walk reports every leak at once.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** What must never be visible: raw ids and codes of the API or the core. */
const RAW_CODE = /\bflt_\w+|\b44-FZ\b|\b223-FZ\b|\bcommercial\b|\bcreated\b|\bupdated\b|\bfeed\b|\bcard\b|\bsubmission\b|\bpending\b|\bdone\b|\bfailed\b|\bspend_cap\b|\bbalance_exhausted\b|\btenders\b|\bcontracts\b/;
/** An English sentence or phrase in the Russian interface (three Latin words in a row). */
const ENGLISH = /\b[A-Za-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b/;
/** Names that are Latin on purpose (the product, a profile name, a label the test gave, a unit of the API). */
const ALLOWED = [/Tender Workbench/g, /sandbox(-earlier)?/g, /e2e[\w -]*/gi, /npm run web/g, /\bEN\b|\bRU\b|English/g, /https?:\/\/\S+/g, /\bID\b|\bINN\b|OKPD2|ОКПД2|CSV|API|UTF-8|Excel|МСК|request_id/g];

async function visibleText(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  return ALLOWED.reduce((t, re) => t.replace(re, ' '), text);
}

export async function expectClean(page: Page, where: string): Promise<void> {
  const text = await visibleText(page);
  // Soft: one walk reports every view's leaks at once.
  const near = (i: number): string => text.slice(Math.max(0, i - 60), i + 60).replace(/\s+/g, ' ');
  for (const m of text.matchAll(new RegExp(RAW_CODE, 'g'))) expect.soft(m[0], `${where}: raw code on screen in «${near(m.index)}»`).toBe('');
  for (const m of text.matchAll(new RegExp(ENGLISH, 'g'))) expect.soft(m[0], `${where}: English in the Russian interface in «${near(m.index)}»`).toBe('');
}
