import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { expectOldAddresses, FEW_PAGES, hostSpecs } from '../helpers/host-specs.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { startPagesDev, type PagesServer } from '../helpers/wrangler.ts';

// The site behind Cloudflare's own runtime for Pages (`wrangler pages dev`, offline): the small site
// (a page of every template and section: what a host serves differently is the kind of file, not
// the page) built with --host cloudflare-pages, and the real site's portable output.

let work: string;
let pages: PagesServer;
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'site-cloudflare-'));
  await buildSite({ root: makeSite(), outDir: path.join(work, 'out'), host: 'cloudflare-pages' });
  pages = await startPagesDev(path.join(work, 'out'));
}, 90_000);
afterAll(async () => {
  await pages?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  removeSites();
});

describe('site build --host cloudflare-pages, on Cloudflare Pages (wrangler pages dev)', () => {
  hostSpecs({
    host: () => ({ url: pages.url, out: path.join(work, 'out') }),
    trailingSlash: 'redirect',
    notFound: 'by-language',
    headers: true,
    caching: 'ours',
    redirects: 'status',
    browse: FEW_PAGES,
  });
});

describe('the portable output, on Cloudflare Pages', () => {
  let portable: PagesServer;
  beforeAll(async () => {
    portable = await startPagesDev(inject('builtSite').out);
  }, 60_000);
  afterAll(() => portable?.stop());

  it('serves the pages of every kind with 200 and no redirect, and 404s by language', async () => {
    // Every page of both locales is the spec above, for the host's own output; here one of each
    // kind: the root, a locale's root, a section's page, a nested one, articles in both languages.
    const urls = ['/', '/en', '/contact', '/en/strengths/homemade-equipment/eq1', '/news/news3', '/news/newsEn1'];
    for (const url of urls)
      expect((await fetch(`${portable.url}${url}`, { redirect: 'manual' })).status, url).toBe(200);
    const en = await fetch(`${portable.url}/en/no-such-page`);
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('<html lang="en-US">');
  });

  it('answers an old address with its redirect, not with the page written there for hosts without rules', async () => {
    await expectOldAddresses(portable.url, 'status', { headers: true, baseUrl: null });
  });
});
