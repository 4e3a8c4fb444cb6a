import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';

// A page that is gone is noticed (behaviour.md: Moved and removed pages): the build that loses it
// warns with its old address, and `site check` of that output reports it, as an error on request.

afterAll(removeSites);

describe('a removed page (subprocess)', () => {
  it('warns PAGE_REMOVED at the build that loses it, unless a redirect answers it; site check reports it, and fails with removedPages: error', () => {
    const root = makeSite();
    const out = path.join(root, 'out');
    expect(runCli(['--root', root, 'build', '--out', out]).status).toBe(0);

    // The article is deleted in both languages; only its Chinese address is sent on.
    for (const file of ['news1.zhHant.md', 'news1.en.md']) rmSync(path.join(root, 'site/content/news', file));
    const config = path.join(root, 'site/site.config.ts');
    const text = readFileSync(config, 'utf8');
    writeFileSync(
      config,
      text.replace('  redirects: [\n', "  redirects: [\n    { from: '/news/news1', to: '/news' },\n"),
    );
    const build = runCli(['--root', root, 'build', '--out', out]);
    expect(build.status).toBe(0);
    const said = build.stdout + build.stderr;
    expect(said).toContain('PAGE_REMOVED');
    expect(said).toContain('The page /en/news/news1 was in the previous output and is gone from this one');
    expect(said).not.toContain('The page /news/news1 was');
    expect(said).toContain('aliases: [/old-address]');

    const check = runCli(['--root', root, 'check', '--out', out]);
    expect(check.stdout + check.stderr).toContain('The page /en/news/news1 was in the previous output');
    expect(check.status).toBe(0);

    const strict = readFileSync(config, 'utf8').replace('  check: {\n', "  check: {\n    removedPages: 'error',\n");
    writeFileSync(config, strict);
    const failed = runCli(['--root', root, 'check', '--out', out]);
    expect(failed.stdout + failed.stderr).toMatch(/error.*PAGE_REMOVED|PAGE_REMOVED[\s\S]*The page \/en\/news\/news1/);
    expect(failed.status).toBe(1);
  });
});
