import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { buildProblems } from '../helpers/problems.ts';

// Old addresses (behaviour.md: Moved and removed pages): what cannot stand is refused at its line,
// all at once; what can is in every host's form and nowhere a page is.

afterAll(removeSites);

const CONFIG = 'site/site.config.ts';
const COMPANY_EN = 'site/content/about/about-company.en.md';
const COMPANY_ZH = 'site/content/about/about-company.zhHant.md';
const real = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part)) + 1;

/** The real configuration with more entries in its `redirects`. */
function withRedirects(...entries: string[]): string {
  return real(CONFIG).replace('  redirects: [\n', `  redirects: [\n${entries.map((e) => `    ${e},\n`).join('')}`);
}

/** The English company profile with these aliases, one a line. */
function withAliases(...aliases: string[]): string {
  return real(COMPANY_EN).replace(/^aliases: .*$/m, `aliases:\n${aliases.map((a) => `  - ${a}`).join('\n')}`);
}

describe('old addresses that cannot stand fail the build with the code, the file and the line', () => {
  it('an alias outside its locale, one that is a page, a public file or another redirect, a chain and an unknown target', async () => {
    const config = withRedirects(
      "{ from: '/old-jobs', to: '/careers' }",
      "{ from: '/retired-section', to: '/no-such-page' }",
      "{ from: '/linkedin', to: 'https://www.linkedin.com/company/cloudwing-example' }",
    );
    const company = withAliases('/en/about/company-profile', '/about/in-chinese', '/en/contact', '/en/careers');
    const chinese = real(COMPANY_ZH).replace(/^aliases: .*$/m, 'aliases: [/about/company-profile, /favicon.svg]');
    const problems = await buildProblems({ [CONFIG]: config, [COMPANY_EN]: company, [COMPANY_ZH]: chinese });
    const found = problems.map((p) => [p.code, p.loc?.file, p.loc?.line]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['REDIRECT_OUTSIDE_LOCALE', COMPANY_EN, lineOf(company, '/about/in-chinese')],
        ['REDIRECT_COLLISION', COMPANY_EN, lineOf(company, '/en/contact')],
        ['REDIRECT_COLLISION', CONFIG, lineOf(config, "from: '/en/careers'")],
        ['REDIRECT_CHAIN', CONFIG, lineOf(config, "from: '/old-jobs'")],
        ['REDIRECT_UNKNOWN_TARGET', CONFIG, lineOf(config, "from: '/retired-section'")],
      ]),
    );
    expect(found).toHaveLength(6);
    const text = problems.map((p) => `${p.message} ${p.hint}`).join('\n');
    expect(text).toContain('`/en/contact` is also the page /en/contact');
    expect(text).toContain('which redirects again, to `/jobs`');
    expect(text).toContain("Send `/old-jobs` straight to where it ends: `to: '/jobs'`");
    // The public file: an alias there would stand where site/public has a file.
    expect(found).toContainEqual(['REDIRECT_COLLISION', COMPANY_ZH, lineOf(chinese, '/favicon.svg')]);
    expect(text).toContain('`/favicon.svg` is also the public file site/public/favicon.svg');
  });

  it('an old address that is no plain path: refused in front matter and in the configuration', async () => {
    const company = withAliases('/en/about/company-profile/', 'en/about/old');
    const config = withRedirects("{ from: '/campaign', to: '//evil.example/', status: 307 }");
    const problems = await buildProblems({ [COMPANY_EN]: company, [CONFIG]: config });
    expect(problems.map((p) => [p.code, p.loc?.line])).toEqual([
      ['CONFIG_INVALID', lineOf(config, "from: '/campaign'")],
      ['CONFIG_INVALID', lineOf(config, "from: '/campaign'")],
    ]);
    expect(problems.map((p) => p.code === 'CONFIG_INVALID' && p.args.field)).toEqual([
      'redirects.0.to',
      'redirects.0.status',
    ]);
    const aliases = await buildProblems({ [COMPANY_EN]: company });
    expect(aliases.map((p) => [p.code, p.loc?.file, p.loc?.line])).toEqual([
      ['FRONT_MATTER_INVALID', COMPANY_EN, lineOf(company, '/en/about/company-profile/')],
      ['FRONT_MATTER_INVALID', COMPANY_EN, lineOf(company, 'en/about/old')],
    ]);
  });
});

describe('old addresses that stand', () => {
  it('are in the host files and the manifest, never among the pages or in the sitemap', async () => {
    const root = makeSite();
    const { files, manifest } = await buildSite({ root, write: false, host: 'portable' });
    const text = (file: string) => String(files?.get(file) ?? '');
    expect(manifest.redirects).toContainEqual({
      from: '/en/about/company-profile',
      to: '/en/about/about-company',
      status: 301,
    });
    expect(manifest.prerendered).not.toContain('/en/about/company-profile');
    expect(text('_redirects')).toContain('/recruiting-day  /jobs/jobs-positions  302\n');
    expect(text('nginx.conf')).toContain('location = /careers {');
    expect(text('sitemap.xml')).not.toMatch(/company-profile|careers|recruiting-day/);
    const page = text('en/about/company-profile/index.html');
    expect(page).toBe(text('en/about/company-profile.html'));
    expect(page).toContain('<html lang="en-US">');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/en/about/about-company">');
  });
});
