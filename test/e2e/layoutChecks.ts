/**
 * Layout checks by measuring the DOM ("screens as evidence"): what an analyst at 1366×768 would see as
 * broken, found without looking at a picture:
 * - the page scrolls sideways (the document, the main area, or any box that scrolls: a table pushed a column
 *   off-screen);
 * - text spills out of its box (an element that does not clip its content but is narrower than its text);
 * - text that must be read whole is cut: table cells of columns marked `data-whole` (dates, numbers, prices,
 *   the ledger's time and object) and every column header, sorted or not;
 * - a mark chip (a tag, our status, a tag count) is cut by the box that holds it: several marks beside a name
 *   shrink to a count rather than show «Нам подх…»;
 * - a menu item is cut or wraps onto a second line (the active one is bold);
 * - an element lies (partly) outside the window sideways, not clipped by a box of its own.
 * A box marked `data-scrolls-sideways` scrolls by design (the pipeline board's eight columns of cards).
 * Answers the problems in words, each naming the element, so a failing test says what to look at.
 */
import type { Page } from '@playwright/test';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element): string => {
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}>${testId ? ` in [${testId}]` : ''} «${text}»`;
    };
    const visible = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('.visually-hidden');
    };
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const all = [...document.querySelectorAll<HTMLElement>('body *')].filter(visible);
    for (const el of all) {
      const style = getComputedStyle(el);
      const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrollsX && el.scrollWidth > el.clientWidth + 1 && !el.hasAttribute('data-scrolls-sideways')) problems.push(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    // Text spilling out of a box that does not clip it: a block narrower than its own text.
    for (const el of all) {
      const style = getComputedStyle(el);
      if (style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex') continue;
      if (style.overflowX !== 'visible' || el.closest('svg')) continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0);
      if (!ownText) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) problems.push(`text spills out of its box (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    // Cut where it must be whole: marked table cells and every header.
    for (const text of document.querySelectorAll<HTMLElement>('[role="gridcell"][data-whole] .vt__text, [role="columnheader"] .vt__text')) {
      if (!visible(text)) continue;
      if (text.scrollWidth > text.clientWidth + 1) problems.push(`cut (${text.scrollWidth} > ${text.clientWidth}): ${describe(text)}`);
    }
    // A mark chip is read whole or not at all: cut by a box that clips it (a row's marks beside the name), it
    // reads as another word.
    for (const chip of document.querySelectorAll<HTMLElement>('.mark-tag, .mark-status, .mark-tagCount')) {
      if (!visible(chip)) continue;
      const r = chip.getBoundingClientRect();
      for (let p = chip.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        const pr = p.getBoundingClientRect();
        if (r.right > pr.right + 1 || r.left < pr.left - 1) problems.push(`mark chip cut (${Math.round(r.width)} px, ${Math.round(Math.max(0, Math.min(r.right, pr.right) - Math.max(r.left, pr.left)))} shown): ${describe(chip)}`);
        break;
      }
    }
    // The menu: every item on one line and whole, the active one too (bold or not, it must not wrap or shift).
    const navItems = [...document.querySelectorAll<HTMLElement>('.frame__navItem')].filter(visible);
    for (const item of navItems) if (item.scrollWidth > item.clientWidth + 1) problems.push(`menu item cut (${item.scrollWidth} > ${item.clientWidth}): ${describe(item)}`);
    const heights = navItems.map((item) => item.getBoundingClientRect().height);
    if (heights.length > 0 && Math.max(...heights) - Math.min(...heights) > 2) problems.push(`a menu item wraps: heights ${heights.map(Math.round).join(', ')}`);
    // Outside the window sideways, unless a box of its own clips it (then the checks above speak).
    for (const el of all) {
      const r = el.getBoundingClientRect();
      if (r.right <= width + 1 && r.left >= -1) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== 'visible') {
          const pr = p.getBoundingClientRect();
          if (pr.right <= width + 1 && pr.left >= -1) clipped = true;
          break;
        }
      }
      if (!clipped) problems.push(`outside the window (${Math.round(r.left)}…${Math.round(r.right)} of ${width}): ${describe(el)}`);
    }
    return [...new Set(problems)];
  });
}
