import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import {
  CONTENT_SECURITY_POLICY,
  expectInlineStyleBlocked,
  expectSecurityHeaders,
  isHydrated,
  OFF_SITE,
  SECURITY_TXT,
  toNavigations,
  watchProblems,
} from '../helpers/cli-serve-policy.ts';
import { expectOldAddresses } from '../helpers/host-specs.ts';
import { getRaw } from '../helpers/http.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { waitForHydration } from '../helpers/site-fixture.ts';
import { snapshotTree } from '../helpers/tree.ts';

const browser = useBrowser();
afterAll(removeSites);

const raw = async (url: string, method = 'GET') => {
  const response = await fetch(url, { method, redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: method === 'HEAD' ? '' : await response.text(),
  };
};

/**
 * The small site, with a `.well-known/security.txt`, built by `site build --precompress`: served
 * below as the production host serves it, by the watch session from memory, and read for the dev client.
 */
let built: { root: string; out: string } | null = null;
const precompressed = () => {
  if (!built) {
    const root = makeSite({ 'site/public/.well-known/security.txt': SECURITY_TXT });
    built = { root, out: path.join(root, 'out') };
    expect(runCli(['--root', root, 'build', '--out', built.out, '--precompress']).status).toBe(0);
  }
  return built;
};

describe('site serve --watch', () => {
  // The precompressed build's project: the session builds it in memory, and its output folder,
  // given as --out, is neither read nor written by any of the edits below.
  let root: string;
  let out: string;
  let outBefore: ReturnType<typeof snapshotTree>;
  let serve: ServeProcess;
  /** Where the output stood when a save was made the moment the session said it was watching. */
  let savedAtOnce: number;
  beforeAll(async () => {
    ({ root, out } = precompressed());
    outBefore = snapshotTree(out);
    serve = await startServe(['--root', root, 'serve', '--watch', '--port', '0', '--out', out]);
    savedAtOnce = serve.output().length;
    const procurement = path.join(root, 'site/content/procurement.en.md');
    writeFileSync(procurement, readFileSync(procurement, 'utf8').replace(/^title: .*$/m, 'title: "Saved at once"'));
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it('misses no save made the moment it says it is watching, in a project without a runtime/ of its own', async () => {
    await serve.waitFor(/rebuilt/, savedAtOnce);
    expect((await raw(`${serve.url}/en/procurement`)).body).toContain(
      '<h1 id="page-title" tabindex="-1">Saved at once',
    );
  });

  it('serves its own build from memory, with the dev client: the built page apart from file names', async () => {
    const live = await getRaw(`${serve.url}/en/contact`, { 'Accept-Encoding': 'br' });
    expect(live.headers['content-encoding']).toBeUndefined();
    const html = live.body.toString('utf8');
    expect(html).toContain('__site/');
    const withoutNames = (page: string) =>
      page
        .replace(/<script src="\/__site\/[^"]+"><\/script>\n/, '')
        .replace(/\/_app\/([\w/-]+)\.[\w]{8,10}\.(js|css|json)/g, '/_app/$1.$2')
        .replaceAll(/\b[a-z0-9]{8}-[0-9a-f]{8,12}\b/g, 'BUILD-ID');
    expect(withoutNames(html)).toBe(withoutNames(readFileSync(path.join(out, 'en/contact/index.html'), 'utf8')));
  });

  /**
   * One tab for the tests that open a page and watch it update: each loads its page anew in it (a
   * new tab would start a renderer each time), at the default size.
   */
  let tab: Page | null = null;
  /**
   * Opens a page, waits until the app has hydrated it (an update reaches the app; a page still as
   * its first view made it reloads), and marks its document: the mark survives an update in
   * place, not a reload.
   */
  const openMarked = async (pathname: string) => {
    tab ??= await browser().newPage();
    const page = tab;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${serve.url}${pathname}`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { marked: boolean }).marked = true;
    });
    return {
      page,
      reloaded: () => page.evaluate(() => !(window as unknown as { marked?: boolean }).marked),
    };
  };
  const edit = (file: string, from: string | RegExp, to: string) => {
    const full = path.join(root, file);
    const text = readFileSync(full, 'utf8');
    expect(text, file).toMatch(from);
    writeFileSync(full, text.replace(from, to));
  };

  it('updates the open page in place after an edit to its translation file, keeping its scroll position', async () => {
    const { page, reloaded } = await openMarked('/en/contact');
    await page.setViewportSize({ width: 800, height: 400 });
    await page.evaluate(() => window.scrollTo(0, 300));
    const from = serve.output().length;
    edit('site/content/contact.en.md', /^title: .*$/m, 'title: "Reach CloudWing"');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Reach CloudWing');
    expect(await page.title()).toMatch(/^Reach CloudWing/);
    expect(await reloaded()).toBe(false);
    expect(await page.evaluate(() => scrollY)).toBe(300);
    await serve.waitFor(/rebuilt \(content\): 1 pages/, from);
  });

  it('updates every open page of a locale after an edit to its navigation texts', async () => {
    const { page, reloaded } = await openMarked('/en/news');
    const from = serve.output().length;
    edit('site/locales/en/nav.json', '"procurement": "Procurement"', '"procurement": "Supplier portal"');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('header a[href="/en/procurement"]')].some(
        (a) => a.textContent?.trim() === 'Supplier portal',
      ),
    );
    expect(await reloaded()).toBe(false);
    // The pages that were not open follow in the same rebuild.
    await serve.waitFor(/rebuilt \(messages\)/, from);
    expect((await raw(`${serve.url}/en/contact`)).body).toContain('Supplier portal');
  });

  it("swaps an edited page template's chunk and an edited stylesheet in place; reloads after an edit to the app shell", async () => {
    const { page, reloaded } = await openMarked('/en/contact');
    edit('site/templates/pages/contact.tsx', 'className="page page--contact"', 'className="page page--contact edited"');
    await page.waitForSelector('.page--contact.edited');
    expect(await reloaded()).toBe(false);
    // Client navigation away and back uses the new chunk too.
    await page.click('header a[href="/en/news"]');
    await page.waitForURL(/\/en\/news$/);
    await page.goBack();
    await page.waitForSelector('.page--contact.edited');
    expect(await reloaded()).toBe(false);

    edit('site/templates/styles/base.css', /$/, '\nbody { outline: 3px solid rgb(1, 2, 3); }\n');
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)');
    expect(await reloaded()).toBe(false);

    edit(
      'site/templates/components/Header.tsx',
      '<header className="site-header">',
      '<header className="site-header" data-edited="yes">',
    );
    await page.waitForSelector('[data-edited="yes"]');
    expect(await reloaded()).toBe(true);
  });

  it('marks a page whose translation fell behind, in development only; a confirmation or a dismissal removes the mark', async () => {
    const { page, reloaded } = await openMarked('/en/services/service-ramp');
    const marker = page.locator('#site-dev-translation');
    expect(await marker.count()).toBe(0);
    const from = serve.output().length;
    edit('site/content/services/service-ramp.zhHant.md', '清水補給與污水處理', '清水補給、污水處理與垃圾清運');
    await marker.waitFor();
    expect(await marker.textContent()).toContain(
      'Translation out of date: site/content/services/service-ramp.zhHant.md (zhHant) has changed since',
    );
    expect(await reloaded()).toBe(false);
    // The source's own page is not a translation: no mark there.
    const source = await browser().newPage();
    await source.goto(`${serve.url}/services/service-ramp`);
    await serve.waitFor(/rebuilt \(content\)/, from);
    expect(await source.locator('#site-dev-translation').count()).toBe(0);
    await source.close();

    // Confirmed from the command line: the mark goes, with no rebuild.
    const confirmed = serve.output().length;
    expect(runCli(['--root', root, 'translations', 'done', '/services/service-ramp']).status).toBe(0);
    await marker.waitFor({ state: 'detached' });
    expect(serve.output().slice(confirmed)).not.toMatch(/rebuilt/);

    // Out of date again, and dismissed: gone for this page.
    edit('site/content/services/service-ramp.zhHant.md', '與垃圾清運', '及垃圾清運');
    await marker.waitFor();
    await marker.getByRole('button', { name: 'Dismiss' }).click();
    expect(await marker.count()).toBe(0);
  });

  it('shows a broken front matter over the last good page, styled, with no policy violation, and clears it once fixed', async () => {
    const page = await browser().newPage();
    const problems = await watchProblems(page);
    const connected = page.waitForResponse((r) => new URL(r.url()).pathname === '/__site/events');
    const response = await page.goto(`${serve.url}/en/customers`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await connected;
    const file = path.join(root, 'site/content/customers.en.md');
    const good = readFileSync(file, 'utf8');
    const from = serve.output().length;
    writeFileSync(file, good.replace(/^title: .*$/m, 'title: [unclosed'));
    const overlay = page.locator('#site-dev-overlay');
    await overlay.waitFor();
    const text = await overlay.textContent();
    expect(text).toContain('site/content/customers.en.md:');
    expect(text).toContain('FRONT_MATTER_SYNTAX');
    expect(text).toContain('title: [unclosed');
    // Its look is set through element.style, which the policy allows: no inline style attribute is blocked.
    expect(await overlay.evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    await serve.waitFor(/rebuild failed; the last good pages are still served/, from);
    expect((await raw(`${serve.url}/en/customers`)).body).toContain('Our airline customers');
    // A page opened while the error stands shows it too.
    const other = await browser().newPage();
    await other.goto(`${serve.url}/en/contact`);
    await other.waitForSelector('#site-dev-overlay');
    writeFileSync(file, good);
    await overlay.waitFor({ state: 'detached' });
    await other.waitForSelector('#site-dev-overlay', { state: 'detached' });
    expect(problems).toEqual([]);
    await expectInlineStyleBlocked(page);
    await page.close();
    await other.close();
  });

  it('sends the security headers on its own routes', async () => {
    for (const url of ['/__site/client.js', '/__site/no-such-route', '/en/contact']) {
      expectSecurityHeaders((await fetch(`${serve.url}${url}`)).headers, url);
    }
    const events = new AbortController();
    const stream = await fetch(`${serve.url}/__site/events`, { signal: events.signal });
    expectSecurityHeaders(stream.headers, '/__site/events');
    events.abort();
  });

  it('reloads an open page when a page is added or removed, and a removed page answers 404', async () => {
    const { reloaded } = await openMarked('/en/news');
    const from = serve.output().length;
    rmSync(path.join(root, 'site/content/news/news1.en.md'));
    rmSync(path.join(root, 'site/content/news/news1.zhHant.md'));
    await serve.waitFor(/rebuilt/, from);
    await expect.poll(reloaded).toBe(true);
    expect((await raw(`${serve.url}/en/news/news1`)).status).toBe(404);
  });

  it('serves a draft as the web team writes it, marked as a draft (behaviour.md: Publishing)', async () => {
    const from = serve.output().length;
    for (const locale of ['en', 'zhHant']) {
      const text = readFileSync(path.join(root, `site/content/news/news3.${locale}.md`), 'utf8');
      writeFileSync(
        path.join(root, `site/content/news/draftw.${locale}.md`),
        text.replace(/^date: .*$/m, '$&\ndraft: true'),
      );
    }
    await serve.waitFor(/rebuilt/, from);
    const page = await raw(`${serve.url}/en/news/draftw`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Draft: not published on the live site');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
  });

  it('answers old addresses with their redirect and the security headers, as the hosts do', async () => {
    await expectOldAddresses(serve.url, 'status', { headers: true, baseUrl: null });
  });

  it("answers unknown paths with 404 and the page of the path's language", async () => {
    const en = await raw(`${serve.url}/en/no-such-page`);
    expect(en.status).toBe(404);
    expect(en.body).toContain('<html lang="en-US">');
    const zh = await raw(`${serve.url}/no-such-page`);
    expect(zh.status).toBe(404);
    expect(zh.body).toContain('<html lang="zh-Hant">');
  });

  it('refuses paths that climb out of the output folder and does not serve dotfiles', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'not for the web');
    writeFileSync(path.join(root, 'site/public/.env'), 'SECRET=1');
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/_app/..%2f..%2fsecret.txt',
      '/_app/%252e%252e%252f%252e%252e%252fsecret.txt',
      '/.env',
      '/%2eenv',
    ]) {
      const response = await raw(`${serve.url}${attempt}`);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.body, attempt).not.toMatch(/not for the web|SECRET=1/);
    }
  });

  it('sends correct content types with charset=utf-8, and answers HEAD', async () => {
    expect((await raw(`${serve.url}/en/contact`)).type).toBe('text/html; charset=utf-8');
    expect((await raw(`${serve.url}/en/contact/_payload.json`)).type).toBe('application/json; charset=utf-8');
    expect((await raw(`${serve.url}/robots.txt`)).type).toBe('text/plain; charset=utf-8');
    const head = await raw(`${serve.url}/en`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.type).toBe('text/html; charset=utf-8');
  });

  it('stops cleanly, the output folder as it was after every edit above', async () => {
    expect(await serve.stop()).toBe(0);
    expect(snapshotTree(out)).toEqual(outBefore);
  });
});

describe('site serve, as the production host', () => {
  // The precompressed build, served as it is: no redirect leaves the origin, every answer carries
  // the host's security headers and policy, the host files are not content, and `.well-known/` is
  // served (behaviour.md: Safety).
  let out: string;
  let serve: ServeProcess;
  beforeAll(async () => {
    const site = precompressed();
    out = site.out;
    serve = await startServe(['--root', site.root, 'serve', '--port', '0', '--out', out]);
  }, 120_000);
  afterAll(async () => {
    await serve?.stop();
  });

  it("serves a precompressed build's .br and .gz files to the clients that accept them", async () => {
    const sent = await getRaw(`${serve.url}/en/contact`, { 'Accept-Encoding': 'br' });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers.vary).toMatch(/Accept-Encoding/);
    expect(sent.body.equals(readFileSync(path.join(out, 'en/contact/index.html.br')))).toBe(true);
    const gzip = await getRaw(`${serve.url}/en/contact`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(readFileSync(path.join(out, 'en/contact/index.html.gz')))).toBe(true);
    const identity = await getRaw(`${serve.url}/en/contact`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(readFileSync(path.join(out, 'en/contact/index.html')))).toBe(true);
    // Old addresses answer as the hosts answer them, not with the pages written there for hosts without rules.
    await expectOldAddresses(serve.url, 'status', { headers: true, baseUrl: null });
  });

  it('never follows a redirect off the site, and still sends /en/contact/ to /en/contact', async () => {
    const page = await browser().newPage();
    const documents = await toNavigations(
      page,
      OFF_SITE.map((url) => `${serve.url}${url}`),
    );
    expect(documents.filter((url) => new URL(url).origin !== serve.url)).toEqual([]);
    expect(new URL(page.url()).origin).toBe(serve.url);
    await page.goto(`${serve.url}/en/contact/?x=1`);
    expect(page.url()).toBe(`${serve.url}/en/contact?x=1`);
    expect(await page.locator('h1').count()).toBe(1);
    await page.close();
  });

  it('sends the security headers and policy of the host files on pages, files, 404s, 403s, 405s and redirects', async () => {
    const boot = readdirSync(path.join(out, '_app')).find((f) => /^boot\.\w+\.js$/.test(f)) as string;
    const cases: [string, RequestInit, number][] = [
      ['/en/contact', {}, 200],
      [`/_app/${boot}`, {}, 200],
      ['/robots.txt', {}, 200],
      ['/no-such-page', {}, 404],
      ['/.env', {}, 403],
      ['/en/contact', { method: 'POST' }, 405],
      ['/en/contact/', {}, 301],
      ['/%5Cevil.example/', {}, 404],
    ];
    for (const [url, init, status] of cases) {
      const response = await fetch(`${serve.url}${url}`, { ...init, redirect: 'manual' });
      expect(response.status, url).toBe(status);
      expectSecurityHeaders(response.headers, `${init.method ?? 'GET'} ${url}`);
    }
  });

  it('shows a page of each locale with no policy violation and no console error', async () => {
    const page = await browser().newPage();
    const problems = await watchProblems(page);
    for (const url of ['/contact', '/en/contact', '/en/news/news3', '/no-such-page']) {
      const response = await page.goto(`${serve.url}${url}`);
      expect(response?.headers()['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      await page.waitForFunction(isHydrated);
    }
    // The 404 page's own request for the missing URL is the only console error a browser prints.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await expectInlineStyleBlocked(page);
    await page.close();
  });

  it('answers the host files with the 404 page, as nginx does', async () => {
    for (const url of ['/nginx.conf', '/_headers', '/_redirects']) {
      expect(existsSync(path.join(out, url)), url).toBe(true);
      const response = await fetch(`${serve.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain('<html lang="zh-Hant">');
    }
  });

  it('serves .well-known/security.txt from site/public, and no other hidden file; stops cleanly', async () => {
    const response = await fetch(`${serve.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(SECURITY_TXT);
    expect((await fetch(`${serve.url}/.site-output`)).status).toBe(403);
    expect(await serve.stop()).toBe(0);
  });
});

describe('site serve', () => {
  it('builds first when there is no output, moves to the next free port when the port is taken, and stops cleanly', async () => {
    const root = makeSite();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const serve = await startServe(['--root', root, 'serve', '--port', String(taken), '--out', path.join(root, 'out')]);
    expect(serve.output()).toContain(`Port ${taken} is in use`);
    expect(new URL(serve.url).port).not.toBe(String(taken));
    expect((await raw(`${serve.url}/en/contact`)).status).toBe(200);
    expect(await serve.stop()).toBe(0);
    blocker.close();
  });

  it('keeps the dev-only client out of `site build` output', () => {
    const { out } = precompressed();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)],
      );
    // The compressed copies hold the same bytes as the files beside them.
    for (const file of walk(out).filter((f) => !/\.(br|gz)$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      expect(
        ['__site/', 'EventSource', 'site-dev-overlay', 'site:refresh'].some((marker) => text.includes(marker)),
        file,
      ).toBe(false);
    }
  });
});
