import { describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { HOSTS } from '../../generator/hosts.ts';
import type { HostName } from '../../generator/types.ts';
import { makeSite } from '../helpers/make-site.ts';

// What each host's output holds (behaviour.md: Hosts): where a page's document goes, and which
// host files are written. How the hosts then serve it is tested in tests/hosting/.

const root = makeSite({
  // A public HTML file (a search console's verification file, say) keeps its name everywhere.
  'site/public/google0123.html': 'google-site-verification: google0123.html\n',
});
const built = new Map<HostName, ReadonlyMap<string, string | Uint8Array>>();
for (const host of HOSTS) built.set(host, (await buildSite({ root, write: false, host })).files ?? new Map());
const files = (host: HostName) => [...(built.get(host)?.keys() ?? [])];
const HOST_FILES = ['nginx.conf', '_headers', '_redirects', '.nojekyll', 'deploy-s3.sh'];

describe('the output of each host', () => {
  it.each([
    ['portable', ['en/contact/index.html', 'en/contact.html'], ['nginx.conf', '_headers', '_redirects', '.nojekyll']],
    ['nginx', ['en/contact/index.html'], ['nginx.conf']],
    ['cloudflare-pages', ['en/contact.html'], ['_headers']],
    ['netlify', ['en/contact.html'], ['_headers', '_redirects']],
    ['github-pages', ['en/contact.html'], ['.nojekyll']],
    ['s3', ['en/contact.html'], ['deploy-s3.sh']],
  ] as const)('%s: a page is %j, with %j', (host, documents, hostFiles) => {
    const written = files(host);
    expect(written.filter((f) => /^en\/contact(\.html|\/index\.html)$/.test(f)).sort()).toEqual([...documents].sort());
    expect(written.filter((f) => HOST_FILES.includes(f)).sort()).toEqual([...hostFiles].sort());
    // In every layout: the home page, the error pages, the payload in the page's folder, public files.
    for (const file of ['index.html', '404.html', 'en/404.html', 'en/contact/_payload.json', 'google0123.html'])
      expect(written, `${host}: ${file}`).toContain(file);
    expect(written.filter((f) => f === 'index.html.html' || f === 'google0123/index.html')).toEqual([]);
    // The root of a locale is a page like the others.
    expect(written).toContain(
      documents.some((d) => d.endsWith('.html') && !d.endsWith('index.html')) ? 'en.html' : 'en/index.html',
    );
  });

  it('writes both documents of a page with the same bytes in the portable layout', () => {
    const portable = built.get('portable') as ReadonlyMap<string, string | Uint8Array>;
    expect(portable.get('en/contact.html')).toBe(portable.get('en/contact/index.html'));
  });

  it('puts the policy in the pages only where the host sends no headers, and the other language’s "not found" only in the one 404 page', () => {
    const meta = '<meta http-equiv="Content-Security-Policy"';
    for (const host of HOSTS) {
      const pages = built.get(host) as ReadonlyMap<string, string | Uint8Array>;
      const noHeaders = host === 'github-pages' || host === 's3';
      expect(String(pages.get('index.html')).includes(meta), host).toBe(noHeaders);
      expect(String(pages.get('404.html')).includes('class="other-language-notice" lang="en-US"'), host).toBe(
        noHeaders,
      );
      expect(String(pages.get('en/404.html')).includes('other-language-notice'), host).toBe(false);
    }
  });

  it('gives Netlify a _headers file without Cloudflare’s detach syntax or a site-wide cache rule', () => {
    const headers = String(built.get('netlify')?.get('_headers'));
    expect(headers).not.toContain('! Cache-Control');
    expect(headers.split('\n/_app/*')[0]).not.toContain('Cache-Control');
    expect(headers).toMatch(/\/_app\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(String(built.get('cloudflare-pages')?.get('_headers'))).toContain('! Cache-Control');
  });

  it('uploads every page under its URL from the S3 script, public HTML files under their names', () => {
    const script = String(built.get('s3')?.get('deploy-s3.sh'));
    expect(script).toContain("page 'en/contact.html' 'en/contact'\n");
    expect(script).toContain("page 'en.html' 'en'\n");
    expect(script).toContain("page 'index.html' 'index.html'\n");
    expect(script).toContain("page 'en/404.html' 'en/404.html'\n");
    expect(script).toContain("page 'google0123.html' 'google0123.html'\n");
    expect(script.trimEnd().split('\n').at(-1)).toContain('builds/latest.json');
  });

  it('records its host in the manifest, for site check', async () => {
    const { manifest } = await buildSite({ root, write: false, host: 'github-pages' });
    expect(manifest.builtWith?.host).toBe('github-pages');
  });

  it('refuses a host it does not know, from the configuration or from --host, naming the choices', async () => {
    const bad = makeSite({});
    const config = `site/site.config.ts`;
    const { readFileSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const file = path.join(bad, config);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "  titleSeparator: ' | ',",
        "  host: 'vercel' as never,\n  titleSeparator: ' | ',",
      ),
    );
    const fromConfig = await buildSite({ root: bad, write: false }).catch((e: unknown) => e);
    expect(fromConfig).toBeInstanceOf(SiteError);
    expect((fromConfig as SiteError).problems[0]).toMatchObject({ code: 'CONFIG_INVALID', loc: { file: config } });
    expect((fromConfig as SiteError).problems[0]?.message).toContain('`github-pages`');
    const fromFlag = await buildSite({ root, write: false, host: 'apache' as HostName }).catch((e: unknown) => e);
    expect((fromFlag as SiteError).problems[0]).toMatchObject({ code: 'CONFIG_INVALID' });
    expect((fromFlag as SiteError).problems[0]?.message).toContain('--host');
  });
});
