import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';

// A page that is gone is noticed (behaviour.md: Moved and removed pages): the build that loses it
// warns with its old address, and `site check` of that output reports it, as an error on request.
// So is a translation left behind (behaviour.md: Translations): `site check` warns about it, and
// fails on it on request. One output serves both: a check reads every page of it.

afterAll(removeSites);

const RAMP_ZH = 'site/content/services/service-ramp.zhHant.md';
const RAMP_EN = 'site/content/services/service-ramp.en.md';

interface CheckReport {
  problems: { code: string; severity: string; message: string; loc?: { file: string } }[];
}

describe('a removed page and a stale translation (subprocess)', () => {
  it('warns PAGE_REMOVED at the build that loses it, unless a redirect answers it; site check reports it and a stale translation, and fails on each with removedPages and staleTranslations: error', () => {
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
    // The Chinese ramp handling page edited, its English translation not.
    const ramp = path.join(root, RAMP_ZH);
    const source = readFileSync(ramp, 'utf8');
    expect(source).toContain('清水補給與污水處理');
    writeFileSync(ramp, source.replace('清水補給與污水處理', '清水補給、污水處理與垃圾清運'));
    const build = runCli(['--root', root, 'build', '--out', out]);
    expect(build.status).toBe(0);
    const said = build.stdout + build.stderr;
    expect(said).toContain('PAGE_REMOVED');
    expect(said).toContain('The page /en/news/news1 was in the previous output and is gone from this one');
    expect(said).not.toContain('The page /news/news1 was');
    expect(said).toContain('aliases: [/old-address]');

    const check = runCli(['--root', root, 'check', '--out', out]);
    expect(check.stdout + check.stderr).toContain('The page /en/news/news1 was in the previous output');
    expect(check.stdout + check.stderr).toContain('TRANSLATION_STALE');
    expect(check.status).toBe(0);

    const strict = readFileSync(config, 'utf8').replace(
      '  check: {\n',
      "  check: {\n    removedPages: 'error',\n    staleTranslations: 'error',\n",
    );
    expect(strict).not.toBe(readFileSync(config, 'utf8'));
    writeFileSync(config, strict);
    const failed = runCli(['--root', root, 'check', '--out', out, '--json']);
    expect(failed.status).toBe(1);
    const { problems } = JSON.parse(failed.stdout) as CheckReport;
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => p.code).sort()).toEqual(['PAGE_REMOVED', 'TRANSLATION_STALE']);
    expect(errors.find((p) => p.code === 'PAGE_REMOVED')?.message).toContain('The page /en/news/news1');
    expect(errors.find((p) => p.code === 'TRANSLATION_STALE')).toEqual(
      expect.objectContaining({ loc: expect.objectContaining({ file: RAMP_EN }) }),
    );
  });
});
