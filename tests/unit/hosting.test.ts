import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { CONTENT_SECURITY_POLICY, toHeadersFile, toNginxConf, toRedirectsFile } from '../../generator/write/hosting.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

// The rule files of hosts that cannot run here (Netlify, Cloudflare Pages): their syntax and order.
const config = await loadConfig(REPO_ROOT, {});
const rules = (text: string) => text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

describe('_redirects', () => {
  const text = toRedirectsFile(config);

  it('sends unknown paths to the 404 page of their language, the prefixed language first', () => {
    expect(rules(text)).toEqual(['/en/*  /en/404.html  404', '/*  /404.html  404']);
  });

  it("carries the root's edge conditions, commented out, cookie before language", () => {
    const lines = text.split('\n');
    const cookie = lines.indexOf('# /  /index.html  200!  Cookie=i18n_redirected');
    const language = lines.indexOf('# /  /en  302!  Language=en');
    expect(cookie).toBeGreaterThan(-1);
    expect(language).toBeGreaterThan(cookie);
  });
});

describe('_headers', () => {
  const text = toHeadersFile();
  /** Each path block with its header lines. */
  const blocks = new Map<string, string[]>();
  let current = '';
  for (const line of rules(text)) {
    if (line.startsWith('/')) blocks.set((current = line), []);
    else blocks.get(current)?.push(line.trim());
  }

  it('sends the security headers and no-cache on every path', () => {
    expect(blocks.get('/*')).toEqual(
      expect.arrayContaining([
        `Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`,
        'X-Content-Type-Options: nosniff',
        'Referrer-Policy: strict-origin-when-cross-origin',
        'Cache-Control: no-cache',
      ]),
    );
  });

  it('caches hashed files and build manifests for a year, replacing the site-wide Cache-Control', () => {
    for (const path of ['/_app/*', '/builds/meta/*']) {
      expect(blocks.get(path)).toEqual(['! Cache-Control', 'Cache-Control: public, max-age=31536000, immutable']);
    }
  });
});

describe('nginx.conf, its trailing-slash redirect', () => {
  // The location pattern read as nginx reads it: the configuration string loses one level of
  // backslashes, then PCRE sees it (`\z` is the end of the subject, as `$` is in JavaScript).
  // Real nginx runs the same cases in tests/hosting/nginx.test.ts; this runs everywhere.
  const line = toNginxConf(config)
    .split('\n')
    .find((l) => l.includes('?<site_path>')) as string;
  const quoted = /^location ~ "?(.*?)"? \{$/.exec(line)?.[1] as string;
  const pattern = new RegExp(quoted.replace(/\\(["'\\])/g, '$1').replace(/\\z$/, '$'));
  /** Where the browser goes for the Location nginx would send for a decoded `$uri`, or null. */
  const toTarget = (uri: string): URL | null => {
    const site = pattern.exec(uri)?.groups?.site_path;
    return site === undefined ? null : new URL(site, 'http://127.0.0.1:1234/en/x/');
  };

  it('sends /en/contact/ to /en/contact and refuses paths a browser would read as another host', () => {
    expect(toTarget('/en/contact/')?.pathname).toBe('/en/contact');
    expect(toTarget('/news/news3/')?.pathname).toBe('/news/news3');
    for (const uri of [
      '//evil.example/',
      '/\\evil.example/',
      '/\t/evil.example/',
      '/\r/evil.example/',
      '/ /x/',
      '/\x7f/x/',
      '/x/\n',
      '/a/\\b/',
    ]) {
      expect(toTarget(uri), JSON.stringify(uri)).toBeNull();
    }
  });

  it('for any decoded path, redirects only within the origin', () => {
    const char = fc.constantFrom(
      '/',
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '\x00',
      '\x0b',
      '\x7f',
      'a',
      'e',
      '.',
      ':',
      '@',
      '%',
      '?',
      '#',
      '\u00e9',
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const uri = `/${chars.join('')}/`;
        // nginx resolves `.` and `..` segments (encoded ones too) before `$uri` exists; repeated
        // slashes stay where the includer turns `merge_slashes` off.
        fc.pre(!uri.split('/').some((segment) => segment === '.' || segment === '..'));
        const target = toTarget(uri);
        if (target === null) return;
        expect(target.origin).toBe('http://127.0.0.1:1234');
        expect(target.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
