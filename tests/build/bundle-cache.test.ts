import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { runCli } from '../helpers/cli.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';

// `site build` bundles the code only when something it is made of changed: an unchanged site (or a
// copy of it elsewhere) reuses the last bundle byte for byte, and any change to a file the bundle
// read, inside the templates or not, bundles again.

afterAll(removeSites);

const CONTACT = 'site/templates/pages/contact.tsx';

/**
 * A site whose contact page shows a motto from a module outside the templates folder, in a `p` or
 * another element: sites of other templates have cache entries of their own.
 */
function siteWithMotto(motto: string, element = 'p'): string {
  const template = readFileSync(path.join(REPO_ROOT, CONTACT), 'utf8')
    .replace(/^/, "import { MOTTO } from '../../lib/motto.ts';\n")
    .replace(
      '<article className="page page--contact">',
      `<article className="page page--contact">\n<${element} className="motto">{MOTTO}</${element}>`,
    );
  return makeSite({ [CONTACT]: template, 'site/lib/motto.ts': `export const MOTTO = ${JSON.stringify(motto)};\n` });
}

/** The app's files, bytes as base64: compared as strings, byte for byte, not byte by byte. */
const appFiles = (files: ReadonlyMap<string, string | Uint8Array> | null) =>
  [...(files ?? [])]
    .filter(([file]) => file.startsWith('_app/') && !file.startsWith('_app/data/'))
    .map(([file, contents]) => [
      file,
      typeof contents === 'string' ? contents : Buffer.from(contents).toString('base64'),
    ]);
const page = (files: ReadonlyMap<string, string | Uint8Array> | null, file: string) => String(files?.get(file));

describe('the bundle cache', () => {
  it('reuses the bundle of an unchanged site, and of a copy of it elsewhere, byte for byte', async () => {
    const first = await buildSite({ root: siteWithMotto('Safety first'), write: false });
    const copy = siteWithMotto('Safety first');
    const again = await buildSite({ root: copy, write: false });
    expect(again.report.bundleReused).toBe(true);
    expect(appFiles(again.files)).toEqual(appFiles(first.files));
    expect(page(again.files, 'en/contact/index.html')).toContain('<p class="motto">Safety first</p>');
    expect((await buildSite({ root: copy, write: false })).report.bundleReused).toBe(true);
  });

  it('bundles again when a template changes, and when a module outside the templates changes', async () => {
    // Texts no earlier run can have cached (the cache outlives the test run). Its own template, so
    // that the entry it leaves is not the one the test above reads: that one stays reusable.
    const unique = `${process.pid}-${Date.now()}`;
    const root = siteWithMotto('On time, every time', 'div');
    await buildSite({ root, write: false });
    writeFileSync(path.join(root, 'site/lib/motto.ts'), `export const MOTTO = 'Ready ${unique}';\n`);
    const edited = await buildSite({ root, write: false });
    expect(edited.report.bundleReused).toBe(false);
    expect(page(edited.files, 'en/contact/index.html')).toContain(`Ready ${unique}`);
    const template = path.join(root, CONTACT);
    writeFileSync(
      template,
      readFileSync(template, 'utf8').replace('className="motto"', `className="motto m-${unique}"`),
    );
    const retemplated = await buildSite({ root, write: false });
    expect(retemplated.report.bundleReused).toBe(false);
    expect(page(retemplated.files, 'en/contact/index.html')).toContain(`class="motto m-${unique}"`);
  });

  it('says so when `site build` reuses the bundle', () => {
    const root = makeSite();
    const build = () => runCli(['--root', root, 'build', '--out', path.join(root, 'out')]);
    expect(build().status).toBe(0);
    const again = build();
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/bundle \(reused\) \d+ ms/);
  });
});

describe('the compiled configuration', () => {
  it('is reused while the configuration and the files it imports are unchanged, and never hides a change to either', async () => {
    const { loadConfig } = await import('../../generator/config.ts');
    const CONFIG = 'site/site.config.ts';
    const source = readFileSync(path.join(REPO_ROOT, CONFIG), 'utf8')
      .replace(/^/, "import { BASE } from './base.ts';\n")
      .replace("baseUrl: 'https://cloudwing.example'", 'baseUrl: BASE');
    const base = (url: string) => `export const BASE = ${JSON.stringify(url)};\n`;
    const root = makeSite({ [CONFIG]: source, 'site/base.ts': base('https://a.example') });
    expect((await loadConfig(root)).baseUrl).toBe('https://a.example');
    // A copy with the same configuration but another imported value.
    const other = makeSite({ [CONFIG]: source, 'site/base.ts': base('https://b.example') });
    expect((await loadConfig(other)).baseUrl).toBe('https://b.example');
    expect((await loadConfig(root)).baseUrl).toBe('https://a.example');
    // The configuration itself edited.
    writeFileSync(path.join(root, CONFIG), source.replace('baseUrl: BASE', "baseUrl: 'https://c.example'"));
    expect((await loadConfig(root)).baseUrl).toBe('https://c.example');
  });
});
