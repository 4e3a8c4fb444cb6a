import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { CONTENT_SECURITY_POLICY } from '../../generator/hosts.ts';
import { toHeadersFile, toNginxConf, toRedirectsFile } from '../../generator/write/hosting.ts';
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

/** The end of a character class that opens at `start` (a `]` first in it is literal). */
function toClassEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i;
}

/**
 * Whether a pattern repeats a group that holds a repetition of its own (`(a+)+`,
 * `(?:[^,]*,\s*)*`): the shape a backtracking engine tries in exponentially many ways once the
 * rest of the pattern fails.
 */
function hasNestedRepetition(pattern: string): boolean {
  const REPETITION = /^(?:[*+]|\{\d*,?\d*\})/;
  // For each open group, whether it holds a repetition.
  const groups: boolean[] = [];
  const markRepeated = () => groups.length > 0 && (groups[groups.length - 1] = true);
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '[') i = toClassEnd(pattern, i);
    else if (char === '(') groups.push(false);
    else if (char === ')') {
      const inner = groups.pop() ?? false;
      const repeated = REPETITION.test(pattern.slice(i + 1));
      if (inner && repeated) return true;
      if (inner) markRepeated();
    } else if (REPETITION.test(pattern.slice(i))) markRepeated();
  }
  return false;
}

describe('nginx.conf, its patterns', () => {
  // Every regular expression of the snippet, as written after `~` or `~*` (quoted or not).
  const patterns = toNginxConf(config)
    .split('\n')
    .flatMap((line) => {
      const match = /\s~\*?\s+(?:"((?:[^"\\]|\\.)*)"\)?|(\S+))\s*\{$/.exec(line);
      return match ? [(match[1] ?? match[2]) as string] : [];
    });

  it('finds every pattern, and tells a nested repetition', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(6);
    expect(patterns.some((p) => p.includes('(zh|en)'))).toBe(true);
    for (const nested of [
      '(a+)+',
      '(?:a|b*)*',
      '^\\s*(?:(?!(?:zh|en)(?:[-_;,\\s]|$))[^,]*,\\s*)*(zh|en)',
      '((a)*){2,}',
    ])
      expect(hasNestedRepetition(nested), nested).toBe(true);
    for (const flat of ['(?:^|,)\\s*(zh|en)', '[(*)]+', '\\(a*\\)*', '^(?<p>/[^/]*)/\\z'])
      expect(hasNestedRepetition(flat), flat).toBe(false);
  });

  it('repeats no group that holds a repetition: each runs in time linear in what a visitor sends', () => {
    expect(patterns.filter(hasNestedRepetition)).toEqual([]);
  });
});
