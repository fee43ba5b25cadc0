import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  contentSecurityPolicyHeader,
  createMainWindowOptions,
  frameAncestorsPolicy,
  secureWebPreferences,
} from '../../src-main/contract/windowOptions';
import { isAllowedExternalUrl } from '../../src-main/contract/externalUrl';

/** Directive name → its sources, from a policy string. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') directives.set(name, sources);
  }
  return directives;
}

/** The content of the CSP meta tag of src-renderer/index.html. */
function readIndexHtmlPolicy(): string {
  const html = readFileSync(new URL('../../src-renderer/index.html', import.meta.url), 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/i.exec(html);
  if (meta?.[1] === undefined) throw new Error('src-renderer/index.html has no Content-Security-Policy meta tag');
  return meta[1];
}

describe('main window web preferences (Electron security checklist)', () => {
  it('isolate the page: context isolation, process sandbox, no Node integration, web security on', () => {
    expect(secureWebPreferences.contextIsolation).toBe(true);
    expect(secureWebPreferences.sandbox).toBe(true);
    expect(secureWebPreferences.nodeIntegration).toBe(false);
    expect(secureWebPreferences.nodeIntegrationInWorker).toBe(false);
    expect(secureWebPreferences.nodeIntegrationInSubFrames).toBe(false);
    expect(secureWebPreferences.webSecurity).toBe(true);
  });

  it('allow no insecure content, experimental features or <webview>', () => {
    expect(secureWebPreferences.allowRunningInsecureContent).toBe(false);
    expect(secureWebPreferences.experimentalFeatures).toBe(false);
    expect(secureWebPreferences.webviewTag).toBe(false);
    expect(secureWebPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('are frozen, so nothing at run time can loosen them', () => {
    expect(Object.isFrozen(secureWebPreferences)).toBe(true);
  });

  it('reach the window unchanged, with only the preload path added', () => {
    const options = createMainWindowOptions('/app/out/preload/index.cjs');
    expect(options.webPreferences).toEqual({ ...secureWebPreferences, preload: '/app/out/preload/index.cjs' });
    expect(options.show).toBe(false);
  });
});

describe('content security policy', () => {
  const directives = parsePolicy(contentSecurityPolicy);

  it("lets scripts come only from the app itself: script-src 'self', nothing else", () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it("never allows eval or inline scripts ('unsafe-eval', 'unsafe-inline' in script-src, wasm eval)", () => {
    expect(contentSecurityPolicy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy).not.toContain('wasm-unsafe-eval');
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('shuts plugins and <base> rewriting; framing by other pages is shut by the header policy', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(parsePolicy(frameAncestorsPolicy)).toEqual(new Map([['frame-ancestors', ["'none'"]]]));
    expect(parsePolicy(contentSecurityPolicyHeader)).toEqual(new Map([...directives, ['frame-ancestors', ["'none'"]]]));
  });

  it('has no frame-ancestors in the meta tag, where Chromium ignores it with a console error', () => {
    expect(directives.has('frame-ancestors')).toBe(false);
    expect(readIndexHtmlPolicy()).not.toContain('frame-ancestors');
  });

  it('is the same policy that src-renderer/index.html carries in its meta tag', () => {
    expect(parsePolicy(readIndexHtmlPolicy())).toEqual(directives);
    expect(readIndexHtmlPolicy().replace(/\s+/g, ' ').trim()).toBe(contentSecurityPolicy);
  });
});

describe('links that leave the app', () => {
  it('go to the browser only when they are https', () => {
    expect(isAllowedExternalUrl('https://zakupki.gov.ru/epz/main/public/home.html')).toBe(true);
  });

  it('are dropped for every other scheme, malformed URLs and URLs with credentials', () => {
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'smb://host/share',
      'https://user:secret@example.com/',
      'not a url',
      '',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });
});
