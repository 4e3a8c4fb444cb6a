import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.ts';
import { CONTENT_SECURITY_POLICY, toHeadersFile, toRedirectsFile } from '../../generator/write/hosting.ts';
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
