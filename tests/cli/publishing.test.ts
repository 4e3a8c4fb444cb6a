import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.ts';
import { makeSite, REPO_ROOT, removeSites } from '../helpers/make-site.ts';

// `site build --drafts`, `--future` and `--env` as a user types them (behaviour.md: Publishing).

afterAll(removeSites);

describe('site build and publishing', () => {
  it('reports what it left out and what the build is for; builds it on request; refuses an unknown environment', () => {
    const draft = readFileSync(path.join(REPO_ROOT, 'site/content/news/news3.en.md'), 'utf8').replace(
      /^date: .*$/m,
      '$&\ndraft: true',
    );
    const root = makeSite({ 'site/content/news/news3.en.md': draft });
    const out = path.join(root, 'out');
    const plain = runCli(['--root', root, 'build', '--out', out], { env: { VERCEL_ENV: 'preview' } });
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(
      'preview build (from VERCEL_ENV=preview): noindex everywhere, robots.txt disallows all',
    );
    expect(plain.stdout).toContain('left out of production: 1 draft\n');
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toContain('Disallow: /');

    const drafts = runCli(['--root', root, 'build', '--out', out, '--drafts', '--env', 'production'], {
      env: { VERCEL_ENV: 'preview' },
    });
    expect(drafts.status, drafts.stderr).toBe(0);
    expect(drafts.stdout).not.toContain('preview build');
    expect(drafts.stdout).toContain('left out of production: 1 draft (built and marked)');
    expect(readFileSync(path.join(out, 'en/news/news3/index.html'), 'utf8')).toContain('notice-unpublished');

    const wrong = runCli(['--root', root, 'build', '--out', out, '--env', 'staging']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/--env.*'staging' is invalid.*production, preview/s);
  });
});
