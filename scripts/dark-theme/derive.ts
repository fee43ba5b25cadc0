/**
 * The dark theme, derived at build time from the light stylesheets rather than kept as a second
 * hand-written copy of every rule: each rule that sets a colour gets a twin that applies under
 * `<html data-theme="dark">` (src-renderer/state/theme.ts sets it from the OS setting or the user's choice) with
 * the colour mapped to its dark counterpart. A style added to the light sheets is dark at once, and the light
 * sheets stay exactly as they are (other branches change their colours; this only reads them).
 *
 * The mapping keeps the hue and turns lightness around: white surfaces become near-black, dark text becomes
 * light, pale tints become deep ones of the same hue. A vivid colour (an accent: the primary button, a «new»
 * badge, a bar of a chart) stays as it is where it fills or outlines, and is lifted where it is text, so a link
 * stays readable on a dark surface; text set on a vivid fill in the same rule keeps its colour (white on blue).
 * Translucent colours (shadows, overlays) stay. Rules of the sidebar, dark in both themes, are left alone.
 *
 * The twins are prefixed with `:where(...)`, which adds no specificity: between themselves the dark rules win
 * and lose exactly as their light originals do, and they come after them in the sheet.
 */

export const DARK_ROOT = ':where(:root[data-theme="dark"])';

/**
 * Rules left as they are: the sidebar is dark in the light theme already. Its status block (network, profile,
 * generation) is styled by classes of its own: turned around, its light text went dark on the dark sidebar.
 */
const KEEP_PREFIXES = ['.frame__nav', '.frame__brand', '.frame__status', '.frame__profile', '.openbox'];

const COLOR_PROPS = new Set(['color', 'background', 'background-color', 'border', 'border-color', 'border-top', 'border-bottom', 'border-left', 'border-right', 'border-left-color', 'border-top-color', 'border-bottom-color', 'border-right-color', 'outline', 'outline-color', 'box-shadow', 'fill', 'stroke', 'caret-color', 'accent-color', 'text-decoration-color']);

type Role = 'fill' | 'text' | 'line';

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function roleOf(prop: string): Role {
  if (prop === 'color' || prop === 'caret-color' || prop === 'text-decoration-color') return 'text';
  if (prop.startsWith('background') || prop === 'fill' || prop === 'accent-color') return 'fill';
  return 'line';
}

function parseHex(hex: string): Rgba {
  const h = hex.slice(1);
  const full = h.length <= 4 ? [...h].map((c) => c + c).join('') : h;
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) / 255 : 1 };
}

function toHsl({ r, g, b }: Rgba): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === R) h = (G - B) / d + (G < B ? 6 : 0);
  else if (max === G) h = (B - R) / d + 2;
  else h = (R - G) / d + 4;
  return { h: h * 60, s, l };
}

function hslHex(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** An accent: saturated and of middle lightness (blue of the primary button, red of «danger», bars of charts). */
export function isVivid(color: string): boolean {
  const rgba = readColor(color);
  if (!rgba) return false;
  const { s, l } = toHsl(rgba);
  return s >= 0.45 && l >= 0.3 && l <= 0.72;
}

function readColor(token: string): Rgba | null {
  const t = token.toLowerCase();
  if (/^#[0-9a-f]{3,8}$/.test(t) && [4, 5, 7, 9].includes(t.length)) return parseHex(t);
  if (t === 'white') return { r: 255, g: 255, b: 255, a: 1 };
  if (t === 'black') return { r: 0, g: 0, b: 0, a: 1 };
  const m = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[/,]\s*([\d.]+%?))?\s*\)$/.exec(t);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
}

/** The dark counterpart of one colour in a given role (see the module's comment); null: keep it. */
export function darkColor(token: string, role: Role): string | null {
  const rgba = readColor(token);
  if (!rgba || rgba.a < 1) return null;
  const { h, s, l } = toHsl(rgba);
  const vivid = s >= 0.45 && l >= 0.3 && l <= 0.72;
  if (vivid) return role === 'text' ? hslHex(h, Math.min(s, 0.9), Math.max(l, 0.72)) : null;
  const turned = 1 - l;
  if (role === 'text') return hslHex(h, s, 0.1 + turned * 0.9);
  if (role === 'fill') return hslHex(h, s * 0.55, 0.1 + turned * 0.8);
  return hslHex(h, s * 0.6, 0.16 + turned * 0.8);
}

const COLOR_TOKEN = /#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|\bwhite\b|\bblack\b/g;

function mapValue(value: string, role: Role): string {
  return value.replace(COLOR_TOKEN, (token) => darkColor(token, role) ?? token);
}

function darkSelector(selectorList: string): string {
  return splitTop(selectorList, ',')
    .map((sel) => sel.trim())
    .filter((sel) => sel.length > 0)
    .map((sel) => (sel.startsWith(':root') ? `:root:where([data-theme="dark"])${sel.slice(':root'.length)}` : `${DARK_ROOT} ${sel}`))
    .join(', ');
}

/** Splits on `sep` outside parentheses (a selector list may hold `:not(a, b)`). */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** The dark twin of one rule's declarations, or null when it sets no colour the dark theme changes. */
function darkDeclarations(body: string): string | null {
  const decls = splitTop(body, ';')
    .map((d) => d.trim())
    .filter((d) => d.includes(':'));
  const parsed = decls.map((d) => {
    const i = d.indexOf(':');
    return { prop: d.slice(0, i).trim().toLowerCase(), value: d.slice(i + 1).trim() };
  });
  // Text on a vivid fill of the same rule (white on the primary blue) keeps its colour.
  const vividFill = parsed.some((d) => roleOf(d.prop) === 'fill' && COLOR_PROPS.has(d.prop) && (d.value.match(COLOR_TOKEN) ?? []).some(isVivid));
  const out: string[] = [];
  for (const { prop, value } of parsed) {
    if (!COLOR_PROPS.has(prop)) continue;
    const role = roleOf(prop);
    if (role === 'text' && vividFill) continue;
    const mapped = mapValue(value, role);
    if (mapped !== value) out.push(`${prop}: ${mapped}`);
  }
  return out.length > 0 ? out.join('; ') : null;
}

/**
 * The dark rules for a stylesheet: plain rules and rules inside `@media`/`@supports`; other at-rules
 * (`@keyframes`, `@font-face`) are skipped. Answers CSS to append after the sheet.
 */
export function deriveDarkRules(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const prelude = text.slice(i, open).trim();
    const close = matchingBrace(text, open);
    const body = text.slice(open + 1, close);
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      const inner = deriveDarkRules(body);
      if (inner) out.push(`${prelude} {\n${inner}\n}`);
    } else if (!prelude.startsWith('@')) {
      const keep = splitTop(prelude, ',').every((sel) => KEEP_PREFIXES.some((p) => sel.trim().startsWith(p)));
      const decls = keep ? null : darkDeclarations(body);
      if (decls) out.push(`${darkSelector(prelude)} { ${decls}; }`);
    }
    i = close + 1;
  }
  return out.join('\n');
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}
