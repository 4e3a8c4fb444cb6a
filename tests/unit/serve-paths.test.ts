import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOutputFile } from '../../generator/check/links.ts';
import { startFolderServer, toTrailingSlashRedirect } from '../../generator/serve/server.ts';
import { ACCEPT_LANGUAGE, expectRootAnswer, HOSTILE_ACCEPT_LANGUAGES } from '../helpers/accept-language.ts';
import { getRaw } from '../helpers/http.ts';

// Hostile paths against the preview server's path rules (behaviour.md: Safety): redirects stay on
// the origin, and no request reads a file outside the output folder or a hidden file inside it.

const ORIGIN = 'http://127.0.0.1:1234';

/** Pieces a hostile path is made of: climbing, hiding, encoded separators and controls, double encoding. */
const SEGMENT = fc.constantFrom(
  'a',
  'en',
  'contact',
  'evil.example',
  'secret.txt',
  'out',
  'index.html',
  'nginx.conf',
  '_headers',
  'deploy-s3.sh',
  'jobs',
  '404',
  '.env',
  '.well-known',
  'security.txt',
  '',
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '%2eenv',
  '%2F',
  '%252F',
  '%5C',
  '%255C',
  '\\',
  '%09',
  '%0A',
  '%0D',
  '%00',
  '%7F',
  '%20',
  '%25',
  '%',
  '%C3%A9',
  '%E9',
  'javascript:',
  '@evil.example',
);
const SEPARATOR = fc.constantFrom('/', '/', '/', '//', '///', '\\', '%2F', '%5C', '%252F', '/%09/', '/%0A/');
const QUERY = fc.constantFrom(
  '',
  '?x=1',
  '?a=%2F%2Fevil.example',
  '?x=//evil.example',
  '?é=\t',
  '?\\',
  '?#//evil',
  '#x',
  '#/../../secret.txt',
);

/** A raw request path as a client could send it: always starting with `/`, sometimes with a trailing slash. */
const RAW_PATH = fc
  .tuple(
    fc.constantFrom('/', '//', '///', '/\\', '/%2F', '/%5C', '/%09/', '/%2F%2F'),
    fc.array(fc.tuple(SEGMENT, SEPARATOR), { maxLength: 5 }),
    SEGMENT,
    fc.constantFrom('', '/', '//', '%2F', '/%09/'),
  )
  .map(([start, parts, last, end]) => start + parts.map(([s, sep]) => s + sep).join('') + last + end);

describe('toTrailingSlashRedirect', () => {
  it('drops the trailing slash and keeps the query', () => {
    expect(toTrailingSlashRedirect('/en/contact/', '?x=1')).toBe('/en/contact?x=1');
    expect(toTrailingSlashRedirect('/news/news3/', '')).toBe('/news/news3');
    expect(toTrailingSlashRedirect('/en//contact//', '')).toBe('/en//contact');
  });

  it('turns a path that reads as another host into one path of this site, or refuses it', () => {
    expect(toTrailingSlashRedirect('//evil.example/', '')).toBe('/evil.example');
    expect(toTrailingSlashRedirect('/%2F%2Fevil.example/', '')).toBe('/evil.example');
    expect(toTrailingSlashRedirect('/%5Cevil.example/', '')).toBeNull();
    expect(toTrailingSlashRedirect('/\\evil.example/', '')).toBeNull();
    expect(toTrailingSlashRedirect('/%09/evil.example/', '')).toBeNull();
    expect(toTrailingSlashRedirect('/%250A/evil.example/', '')).toBeNull();
    expect(toTrailingSlashRedirect('/%E9/', '')).toBeNull();
    expect(toTrailingSlashRedirect('http://evil.example/', '')).toBeNull();
  });

  it('keeps a run of slashes inside the path, however long, and drops those around it', () => {
    const run = '/'.repeat(16_000);
    expect(toTrailingSlashRedirect(`/a${run}b/`, '')).toBe(`/a${run}b`);
    expect(toTrailingSlashRedirect(`${run}a${run}`, '?x')).toBe('/a?x');
    expect(toTrailingSlashRedirect(run, '')).toBe('/');
    expect(toTrailingSlashRedirect(`/a${run}./`, '')).toBeNull();
  });

  it('sends only percent-encoded ASCII', () => {
    expect(toTrailingSlashRedirect('/caf%C3%A9/', '?q=\u00e9 x')).toBe('/caf%C3%A9?q=%E9%20x');
    expect(toTrailingSlashRedirect('/a%3Fb/', '')).toBe('/a%3Fb');
  });

  it('for any path and query, redirects only to a path of the same origin, in printable ASCII', () => {
    fc.assert(
      fc.property(RAW_PATH, QUERY, (raw, query) => {
        const location = toTrailingSlashRedirect(raw, query);
        if (location === null) return;
        expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        const target = new URL(location, `${ORIGIN}/`);
        expect(target.origin).toBe(ORIGIN);
        expect(target.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the link checker’s page → output file', () => {
  it('never names a file outside the output folder', () => {
    const out = path.resolve('/srv/out');
    fc.assert(
      fc.property(fc.oneof(RAW_PATH, fc.string()), (page) => {
        const file = path.resolve(out, toOutputFile(page));
        expect(file.startsWith(`${out}${path.sep}`), file).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(toOutputFile('/en/contact')).toBe('en/contact/index.html');
    expect(toOutputFile('/../../etc/passwd')).toBe('etc/passwd/index.html');
  });
});

/** A GET with the path sent exactly as given (no URL normalization on the way). */
function getPath(port: number, rawPath: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: rawPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the preview server, with hostile paths', () => {
  let work: string;
  let out: string;
  let site: Awaited<ReturnType<typeof startFolderServer>>;
  let port: number;
  /** Every file the output publishes: a 200 may only ever be one of these. */
  let published: Set<string>;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'site-serve-paths-'));
    out = path.join(work, 'out');
    const files: Record<string, string> = {
      'index.html': '<html><body>home</body></html>',
      '404.html': '<html><body>not found</body></html>',
      'en/404.html': '<html><body>en not found</body></html>',
      'en/contact/index.html': '<html><body>contact</body></html>',
      'a/index.html': '<html><body>a</body></html>',
      // A page in the `x.html` layout of some hosts (behaviour.md: Hosts).
      'en/jobs.html': '<html><body>jobs</body></html>',
      'en/contact/_payload.json': '{"page":"contact"}',
      '_app/boot.abc123.js': 'boot();',
      'robots.txt': 'User-agent: *',
      'deploy-s3.sh': 'HOST-CONFIGURATION',
      '.nojekyll': '',
      '.well-known/security.txt': 'Contact: mailto:security@example.com',
      '.env': 'HIDDEN-INSIDE-OUTPUT',
      '.git/config': 'HIDDEN-INSIDE-OUTPUT',
      'nginx.conf': 'HOST-CONFIGURATION',
      _headers: 'HOST-CONFIGURATION',
      _redirects: 'HOST-CONFIGURATION',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
      writeFileSync(path.join(out, file), text);
    }
    writeFileSync(path.join(work, 'secret.txt'), 'SECRET-BESIDE-OUTPUT');
    mkdirSync(path.join(work, 'evil.example'));
    writeFileSync(path.join(work, 'evil.example/index.html'), 'SECRET-BESIDE-OUTPUT');
    published = new Set(
      Object.entries(files)
        .filter(([file]) => file === '.well-known/security.txt' || !/^(\.|nginx|_headers|_redirects|deploy)/.test(file))
        .map(([, text]) => text),
    );
    site = await startFolderServer(out, ['', '/en']);
    port = Number(new URL(site.url).port);
  });
  afterAll(async () => {
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves .well-known but no other hidden file, and not the host files', async () => {
    expect((await getPath(port, '/.well-known/security.txt')).body).toBe('Contact: mailto:security@example.com');
    for (const hidden of ['/.env', '/%2eenv', '/.git/config', '/.well-known/../.env', '/a/.well-known/x', '/.env#x']) {
      expect((await getPath(port, hidden)).status, hidden).toBe(403);
    }
    const hosts = ['/nginx.conf', '/_headers', '/_redirects', '//nginx.conf', '/nginx%2Econf', '/deploy-s3.sh'];
    // A query or a fragment sent on the request line hides nothing either.
    for (const host of [...hosts, '/nginx.conf#x', '/nginx.conf?x', '/_headers#/en/contact']) {
      const response = await getPath(port, host);
      expect(response.status, host).toBe(404);
      expect(response.body, host).toContain('not found');
    }
  });

  it('serves a page from x/index.html or x.html at x, and no error page at a path of its own', async () => {
    expect(await getPath(port, '/en/contact')).toMatchObject({
      status: 200,
      body: '<html><body>contact</body></html>',
    });
    expect(await getPath(port, '/en/jobs')).toMatchObject({ status: 200, body: '<html><body>jobs</body></html>' });
    expect(await getPath(port, '/en/jobs/')).toMatchObject({ status: 301, location: '/en/jobs' });
    expect(await getPath(port, '/en/404')).toMatchObject({
      status: 404,
      body: '<html><body>en not found</body></html>',
    });
    expect((await getPath(port, '/404')).status).toBe(404);
    expect((await getPath(port, '/.nojekyll')).status).toBe(403);
  });

  it('sends each file with its UTF-8 type and its caching, answers HEAD, and revalidates', async () => {
    const base = `http://127.0.0.1:${port}`;
    const expected: [string, RegExp, string][] = [
      ['/en/contact', /^text\/html; ?charset=utf-8$/, 'no-cache'],
      ['/en/contact/_payload.json', /^application\/json; charset=utf-8$/, 'no-cache'],
      ['/robots.txt', /^text\/plain; charset=utf-8$/, 'no-cache'],
      ['/_app/boot.abc123.js', /^text\/javascript; charset=utf-8$/, 'public, max-age=31536000, immutable'],
    ];
    for (const [url, type, cache] of expected) {
      const head = await fetch(`${base}${url}`, { method: 'HEAD' });
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-type'), url).toMatch(type);
      expect(head.headers.get('cache-control'), url).toBe(cache);
      expect(await head.text(), url).toBe('');
      const again = await fetch(`${base}${url}`, { headers: { 'If-None-Match': head.headers.get('etag') ?? '' } });
      expect(again.status, url).toBe(304);
    }
  });

  it('answers paths as long as a request line takes, one after another, in time linear in their length', async () => {
    // A pattern anchored at the end over a run of slashes (`/\/+$/`) takes time quadratic in the
    // run: a fifth of a second of the server's only thread for each of these requests.
    const run = '/'.repeat(16_000);
    for (let i = 0; i < 600; i++) expect((await getPath(port, `/a${run}./`)).status).toBe(404);
  });

  it('answers the bare root with its page whatever Accept-Language and the cookie say: the page decides', async () => {
    // No redirect and no cookie: the answer is the same for every visitor, so it varies by neither.
    const check = async (language: string) => {
      const headers = { 'Accept-Language': language, Cookie: 'i18n_redirected=en' };
      const response = await getRaw(`http://127.0.0.1:${port}/`, headers);
      expectRootAnswer(response, false, language);
      expect(response.status, language).toBe(200);
      expect(response.headers['set-cookie'], language).toBeUndefined();
      expect(response.body.toString(), language).toBe('<html><body>home</body></html>');
    };
    for (const language of HOSTILE_ACCEPT_LANGUAGES) await check(language);
    await fc.assert(fc.asyncProperty(ACCEPT_LANGUAGE, check), { numRuns: 200 });
  });

  it('for any path, sends only published files, and redirects only within the origin', async () => {
    const base = `http://127.0.0.1:${port}`;
    await fc.assert(
      fc.asyncProperty(RAW_PATH, QUERY, async (raw, query) => {
        // A client cannot put raw whitespace, controls or characters beyond ASCII on the request line:
        // those are sent encoded (sent raw, Node's parser refuses the line and may reset the socket
        // before its 400 is read).
        const sent = (raw + query).replace(/[\s\p{Cc}]|[^\0-\x7f]/gu, encodeURIComponent);
        const response = await getPath(port, sent);
        expect(response.body).not.toContain('SECRET-BESIDE-OUTPUT');
        expect(response.body).not.toContain('HIDDEN-INSIDE-OUTPUT');
        expect(response.body).not.toContain('HOST-CONFIGURATION');
        if (response.status === 200) expect(published.has(response.body), sent).toBe(true);
        if (response.status >= 300 && response.status < 400) {
          const target = new URL(response.location as string, `${base}${sent.startsWith('/') ? '' : '/'}`);
          expect(target.origin, sent).toBe(base);
          expect(target.pathname.startsWith('//'), sent).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });
});
