import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { FEW_PAGES, hostSpecs } from '../helpers/host-specs.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import {
  deployToBucket,
  startGitHubPages,
  startS3Website,
  type Bucket,
  type HostServer,
} from '../helpers/static-hosts.ts';

// Hosts with no local engine: the small site (a page of every template and section) built for each, served by the host's documented rules
// (tests/helpers/static-hosts.ts), and held to the same specs as the real engines.

/** Both hosts: `x.html` pages (`/x/` is no page), one 404 page, no headers of ours. */
const WITHOUT_HEADERS = {
  trailingSlash: 'not-found',
  notFound: 'one-page',
  headers: false,
  browse: FEW_PAGES,
} as const;

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'site-hosts-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  removeSites();
});

describe('site build --host github-pages, on GitHub Pages’ rules', () => {
  let server: HostServer;
  const out = () => path.join(work, 'github-pages');
  beforeAll(async () => {
    await buildSite({ root: makeSite(), outDir: out(), host: 'github-pages' });
    server = await startGitHubPages(out());
  });
  afterAll(() => server?.stop());

  hostSpecs({
    ...WITHOUT_HEADERS,
    host: () => ({ url: server.url, out: out() }),
    caching: { everything: 'max-age=600' },
    redirects: 'page',
  });

  it('publishes the files whose names start with an underscore (Jekyll is off)', async () => {
    expect(existsSync(path.join(out(), '.nojekyll'))).toBe(true);
    expect((await fetch(`${server.url}/en/contact/_payload.json`)).status).toBe(200);
  });
});

describe('site build --host s3, uploaded by its deploy-s3.sh, on S3 website hosting’s rules', () => {
  let server: HostServer;
  let bucket: Bucket;
  const out = () => path.join(work, 's3');
  beforeAll(async () => {
    await buildSite({ root: makeSite(), outDir: out(), host: 's3' });
    bucket = deployToBucket(out());
    server = await startS3Website(bucket);
  });
  afterAll(() => server?.stop());

  hostSpecs({
    ...WITHOUT_HEADERS,
    host: () => ({ url: server.url, out: out() }),
    caching: 'ours',
    redirects: 'permanent',
  });

  it('uploads in the order that never serves a page before its files, the latest build id last', () => {
    const { order } = bucket;
    const position = (key: string) => order.indexOf(key);
    const lastHashed = Math.max(...order.flatMap((k, i) => (/^(_app|builds\/meta)\//.test(k) ? [i] : [])));
    const firstPage = Math.min(...order.flatMap((k, i) => (k.endsWith('.html') || !k.includes('.') ? [i] : [])));
    expect(lastHashed).toBeLessThan(firstPage);
    expect(position('en/contact/_payload.json')).toBeLessThan(position('en/contact'));
    expect(order.at(-1)).toBe('builds/latest.json');
    expect(order.filter((k) => k === 'builds/latest.json')).toHaveLength(1);
  });

  it('stores each page under its URL, and nothing that is not for visitors', () => {
    const { objects } = bucket;
    expect(objects.get('en/contact')?.contentType).toBe('text/html; charset=utf-8');
    expect(readFileSync(objects.get('en/contact')?.file as string, 'utf8')).toContain('<html lang="en-US">');
    expect(objects.get('index.html')?.contentType).toBe('text/html; charset=utf-8');
    expect(objects.has('en/contact.html')).toBe(false);
    for (const key of ['deploy-s3.sh', '.site-output', 'nginx.conf', '_headers', '_redirects'])
      expect(objects.has(key), key).toBe(false);
    // Public files keep their names, hidden ones under .well-known/ included.
    expect(objects.has('robots.txt')).toBe(true);
  });

  it('stores an old address as an object that redirects, after the pages and before the latest build id', () => {
    const { objects, order } = bucket;
    expect(objects.get('about/company-profile')?.redirect).toBe('/about/about-company');
    expect(objects.get('recruiting-day')?.redirect).toBe('/jobs/jobs-positions');
    expect(objects.has('about/company-profile.html')).toBe(false);
    expect(order.indexOf('careers')).toBeGreaterThan(order.indexOf('en/contact'));
    expect(order.indexOf('careers')).toBeLessThan(order.indexOf('builds/latest.json'));
  });

  it('removes from the bucket the pages and files the build no longer writes, never the earlier builds’ _app/ and builds/ files', () => {
    const gone = { file: path.join(out(), 'index.html'), contentType: 'text/html', cacheControl: null, redirect: null };
    const earlier = new Map(bucket.objects);
    for (const key of ['news/news99', 'images/retired.svg', '_app/boot.earlier1.js', 'builds/meta/earlier.json'])
      earlier.set(key, gone);
    const next = deployToBucket(out(), { objects: earlier, order: [], removed: [] });
    expect([...next.removed].sort()).toEqual(['images/retired.svg', 'news/news99']);
    expect(next.objects.has('_app/boot.earlier1.js')).toBe(true);
    expect(next.objects.has('builds/meta/earlier.json')).toBe(true);
    expect([...next.objects.keys()].sort()).toEqual(
      [...bucket.objects.keys(), '_app/boot.earlier1.js', 'builds/meta/earlier.json'].sort(),
    );
  });
});
