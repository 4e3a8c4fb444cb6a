import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { removeSites } from '../helpers/make-site.ts';
import { NGINX, startNginx, type NginxServer } from '../helpers/nginx.ts';
import { makePolicySite } from '../helpers/policy-site.ts';

// The configured policy as a real nginx sends it (behaviour.md: Security policy): on pages, on
// hashed files, on redirects and on the 404 page alike, every block of the snippet.
const run = NGINX !== null || process.env.CI === 'true';
if (!run) console.warn('nginx is not installed: the hosting tests are skipped (apt-get install nginx-light).');

let nginx: NginxServer;
let work: string;
let policy: string;
let asset: string;
beforeAll(async () => {
  if (!run) return;
  work = mkdtempSync(path.join(tmpdir(), 'site-policy-nginx-'));
  chmodSync(work, 0o755);
  const out = path.join(work, 'out');
  const { manifest } = await buildSite({ root: makePolicySite(), outDir: out });
  policy = manifest.policy ?? '';
  asset = `/${manifest.assets?.find((f) => f.startsWith('_app/')) ?? ''}`;
  expect(readFileSync(path.join(out, 'nginx.conf'), 'utf8')).toContain(policy);
  nginx = await startNginx(out, work);
});
afterAll(async () => {
  await nginx?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  removeSites();
});

describe.runIf(run)('nginx sends the configured policy', () => {
  it('on every kind of answer, with the analytics origin and the video player', async () => {
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://plausible.io;");
    expect(policy).toContain("connect-src 'self' https://plausible.io;");
    expect(policy).toContain('frame-src');
    for (const url of [
      '/',
      '/en',
      '/en/services/service-ramp',
      asset,
      '/careers',
      '/en/no-such-page',
      '/en/contact/',
    ]) {
      const response = await fetch(`${nginx.url}${url}`, { redirect: 'manual' });
      expect(response.headers.get('content-security-policy'), url).toBe(policy);
    }
  });
});
