import { describe, expect, it } from 'vitest';
import { darkColor, deriveDarkRules } from '../../scripts/dark-theme/derive';

const lum = (hex: string): number => {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return 0.2126 * n(1) + 0.7152 * n(3) + 0.0722 * n(5);
};

describe('the dark theme is derived from the light sheets', () => {
  it('a white surface turns dark and dark text turns light; an accent fill stays, accent text is lifted', () => {
    expect(lum(darkColor('#fff', 'fill')!)).toBeLessThan(0.15);
    expect(lum(darkColor('#1c2430', 'text')!)).toBeGreaterThan(0.6);
    expect(darkColor('#2563eb', 'fill')).toBeNull();
    expect(lum(darkColor('#2563eb', 'text')!)).toBeGreaterThan(lum('#2563eb'));
    // Translucent shadows and overlays are left as they are.
    expect(darkColor('rgb(0 0 0 / 12%)', 'line')).toBeNull();
  });

  it('each coloured rule gets a twin under data-theme=dark that adds no specificity; white on a vivid fill keeps its colour', () => {
    const out = deriveDarkRules('.a, .b:hover { color: #1c2430; padding: 4px; }\n.btn--primary { background: #2563eb; color: #fff; }\n.plain { margin: 0; }');
    expect(out).toContain(':where(:root[data-theme="dark"]) .a, :where(:root[data-theme="dark"]) .b:hover { color: #');
    expect(out).not.toContain('padding');
    expect(out).not.toContain('.btn--primary');
    expect(out).not.toContain('.plain');
  });

  it('the sidebar, dark in both themes, is left alone; @media blocks are kept around their twins', () => {
    const out = deriveDarkRules('.frame__nav { background: #1f2a37; }\n.frame__profile { color: #d0d7e1; }\n@media (min-width: 1600px) { .x { background: #fff; } }');
    expect(out).not.toContain('frame__nav');
    // The profile's name in the sidebar's status block stays light on the dark sidebar (it went dim, 2.4:1).
    expect(out).not.toContain('frame__profile');
    expect(out).toMatch(/^@media \(min-width: 1600px\) \{\n:where\(:root\[data-theme="dark"\]\) \.x \{ background: #[0-9a-f]{6}; \}\n\}$/);
  });

});
