import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { CONTENT_SECURITY_POLICY } from '../../generator/hosts.ts';
import { REPO_ROOT, removeSites } from '../helpers/make-site.ts';
import { buildProblems } from '../helpers/problems.ts';
import { ANALYTICS_SRC, makePolicySite, VIDEO_PAGE, withSecurity } from '../helpers/policy-site.ts';

afterAll(removeSites);

const text = (files: ReadonlyMap<string, string | Uint8Array> | null, name: string) => {
  const value = files?.get(name);
  return typeof value === 'string' ? value : Buffer.from(value ?? '').toString('utf8');
};

describe('the security policy is made from the configuration (behaviour.md: Security policy)', () => {
  it('the configured origins, the script and the video player reach nginx.conf, _headers and the manifest', async () => {
    const { files, manifest } = await buildSite({ root: makePolicySite(), write: false });
    const policy = manifest.policy ?? '';
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://plausible.io;");
    expect(policy).toContain("connect-src 'self' https://plausible.io;");
    expect(policy).toContain("frame-src 'self' https://www.youtube-nocookie.com;");
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(text(files, 'nginx.conf')).toContain(`add_header Content-Security-Policy "${policy}" always;`);
    expect(text(files, 'nginx.conf')).not.toContain(CONTENT_SECURITY_POLICY);
    expect(text(files, '_headers')).toContain(`Content-Security-Policy: ${policy}`);
    // Every page's head loads the script, once, as configured.
    for (const page of ['index.html', 'en/contact.html', 'en/services/service-ramp.html']) {
      const html = text(files, page);
      expect(html.split(ANALYTICS_SRC).length - 1, page).toBe(1);
      expect(html, page).toContain(`<script src="${ANALYTICS_SRC}" defer data-domain="cloudwing.example"></script>`);
    }
  });

  it('on a host without headers each page carries the policy, less frame-ancestors, in its head', async () => {
    const { files, manifest } = await buildSite({ root: makePolicySite(), write: false, host: 'github-pages' });
    const meta = (manifest.policy ?? '').replace("; frame-ancestors 'none'", '');
    const html = text(files, `en${VIDEO_PAGE}.html`).replaceAll('&#39;', "'");
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${meta}">`);
    expect(meta).toContain('https://www.youtube-nocookie.com');
  });

  it("'unsafe-inline' in scriptSrc fails the build, at its line", async () => {
    const config = withSecurity(
      "  security: {\n    scriptSrc: [\n      'https://plausible.io',\n      \"'unsafe-inline'\",\n    ],\n  },",
    );
    const problems = await buildProblems({ 'site/site.config.ts': config });
    const line = config.split('\n').findIndex((l) => l.includes('unsafe-inline')) + 1;
    expect(problems).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID', loc: { file: 'site/site.config.ts', line, column: 1 } }),
    ]);
    expect(problems[0]?.message).toContain('`security.scriptSrc[1]`');
  });

  it('a video of an unknown provider fails the build at its line', async () => {
    const file = 'site/content/services/service-ramp.en.md';
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(
      '\n---\n',
      '\nvideo:\n  provider: dailymotion\n  id: x8abc\n  title: A turnaround\n---\n',
    );
    const problems = await buildProblems({ [file]: text });
    const line = text.split('\n').indexOf('video:') + 1;
    expect(problems).toEqual([
      expect.objectContaining({ code: 'FRONT_MATTER_INVALID', loc: { file, line, column: 1 } }),
    ]);
    expect(problems[0]?.message).toContain('`youtube` or `vimeo`');
  });
});
