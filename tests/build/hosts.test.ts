import { describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import { HOSTS } from '../../generator/hosts.ts';
import type { HostName, SiteProblem } from '../../generator/types.ts';
import { makeSite } from '../helpers/make-site.ts';
import { problemsOf } from '../helpers/problems.ts';

// What each host's output holds (behaviour.md: Hosts): where a page's document goes, and which
// host files are written. How the hosts then serve it is tested in tests/hosting/.

const root = makeSite({
  // A public HTML file (a search console's verification file, say) keeps its name everywhere.
  'site/public/google0123.html': 'google-site-verification: google0123.html\n',
});
const built = new Map<HostName, ReadonlyMap<string, string | Uint8Array>>();
const warned = new Map<HostName, readonly SiteProblem[]>();
for (const host of HOSTS) {
  const result = await buildSite({ root, write: false, host });
  built.set(host, result.files ?? new Map());
  warned.set(host, result.report.warnings);
}
const files = (host: HostName) => [...(built.get(host)?.keys() ?? [])];
const HOST_FILES = ['nginx.conf', '_headers', '_redirects', '.nojekyll', 'deploy-s3.sh'];

describe('the output of each host', () => {
  it.each([
    ['portable', ['en/contact/index.html', 'en/contact.html'], ['nginx.conf', '_headers', '_redirects', '.nojekyll']],
    ['nginx', ['en/contact/index.html'], ['nginx.conf']],
    ['cloudflare-pages', ['en/contact.html'], ['_headers', '_redirects']],
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
    // The latest build id is the last upload; only the removal of what is gone follows it.
    const uploads = script.split('\n').filter((line) => /^(?:aws s3 (?:cp|sync)|page|redirect) /.test(line));
    expect(uploads.at(-1)).toContain('builds/latest.json');
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

describe('public files that run script on the site’s origin', () => {
  const ACTIVE = {
    // An icon as some editors export it: a script, three lines down.
    'site/public/images/badge.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">\n  <rect width="1" height="1"/>\n  <script>fetch("/x?" + document.cookie)</script>\n</svg>\n',
    // A handler, and a link written with a character reference so that it does not read `javascript:`.
    'site/public/promo.html':
      '<!doctype html>\n<title>Promo</title>\n<a href="jav&#x61;script:alert(1)">Win</a>\n<img src="x.png" onerror="alert(2)">\n',
    // Made by a module of site/public: named at the module.
    'site/public/images/made.svg.ts':
      'export default () => \'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(3)"/>\';\n',
    // No script: a search console's verification file, a plain picture.
    'site/public/google4567.html': 'google-site-verification: google4567.html\n',
    'site/public/images/plain.svg':
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="/en/contact"><text>on = off</text></a></svg>\n',
  };
  const expected = [
    ['site/public/images/badge.svg', 3, 3, 'a `<script>` element'],
    ['site/public/images/made.svg.ts', 1, 1, 'an `onload` event handler'],
    ['site/public/promo.html', 3, 10, 'an `onerror` event handler, a `javascript:` URL'],
  ];
  const active = (problems: readonly SiteProblem[]) =>
    problems
      .filter((p) => p.code === 'PUBLIC_ACTIVE_CONTENT')
      .map((p) => [p.loc?.file, p.loc?.line, p.loc?.column, p.args.what as string]);

  it('the site’s own public files hold none, for every host', () => {
    for (const host of HOSTS) expect(active(warned.get(host) ?? []), host).toEqual([]);
  });

  it('a warning for a host that sends the policy, naming the file, its line and what runs', async () => {
    const site = makeSite(ACTIVE);
    for (const host of ['nginx', 'netlify', 'portable'] as const) {
      const { report } = await buildSite({ root: site, write: false, host });
      expect(active(report.warnings), host).toEqual(expected);
    }
  });

  it('an error for GitHub Pages and S3, which send no policy', async () => {
    const site = makeSite(ACTIVE);
    for (const host of ['github-pages', 's3'] as const) {
      const problems = await problemsOf(buildSite({ root: site, write: false, host }));
      expect(active(problems), host).toEqual(expected);
      expect(problems.every((p) => p.severity === 'error')).toBe(true);
      expect(problems[0]?.message).toContain(`${host} sends no Content Security Policy`);
    }
  });
});
