import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites, REPO_ROOT } from '../helpers/make-site.ts';

// behaviour.md: Safety. Long texts in Chinese, which the build breaks into words, as a `site build`
// process meets them: a title too long to be one is refused at its line before it is broken, and
// a body of 1 MB builds (the word breaker asked about the whole of a run of 48,000 characters at
// once took gigabytes, and ended the process without a file or a line).

afterAll(removeSites);

const FILE = 'site/content/news/news3.zhHant.md';
const ORIGINAL = readFileSync(path.join(REPO_ROOT, FILE), 'utf8');
const WORDS = '營運控制中心公司新聞服務航空地勤我們的信賴與品質颱風季場站應變準備';
/** `length` characters of Chinese with no punctuation: one run for the word breaker. */
const han = (length: number) => Array.from({ length }, (_, i) => WORDS[(i * 7) % WORDS.length]).join('');

/** The article with its front matter's `title` and `description` and its body replaced. */
function article(title: string, description: string, body: string): string {
  const [, matter = ''] = /^---\n([\s\S]*?)\n---\n/.exec(ORIGINAL) ?? [];
  const fields = matter
    .replace(/^title: .*$/m, `title: "${title}"`)
    .replace(/^description: .*$/m, `description: "${description}"`);
  return `---\n${fields}\n---\n${body}`;
}

const build = (root: string) => runCli(['--root', root, 'build', '--out', path.join(root, 'out')]);

describe('long texts in Chinese', () => {
  it('a title of 48,000 characters is refused at its line, before it is broken into words', () => {
    const root = makeSite({ [FILE]: article(han(48_000), '描述。', '內文。\n') });
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${FILE}:2:1  FRONT_MATTER_INVALID`);
    expect(result.stderr).toContain('Front matter field `title` is 48,000 characters long, over the limit of 200.');
  });

  it('a body of 1 MB builds, its longest run broken into words in a table cell', () => {
    // Sentences of 30 characters, then a table cell of one run of 120,000 characters.
    const prose = han(230_000).replace(/(.{29})./g, '$1，');
    const cell = han(120_000);
    const body = `${prose}\n\n| 項目 | 說明 |\n|---|---|\n| 說明 | ${cell} |\n`;
    const root = makeSite({ [FILE]: article(han(200), han(1000), body) });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const result = build(root);
    expect(result.stderr).toContain('CONTENT_LARGE');
    expect(result.status).toBe(0);
    const html = readFileSync(path.join(root, 'out', 'news', 'news3.html'), 'utf8');
    const cells = [...html.matchAll(/<td class="ph"[^>]*>([^<]*(?:<wbr\/?>[^<]*)*)<\/td>/g)].map((m) => m[1] ?? '');
    const shown = cells.reduce((longest, next) => (next.length > longest.length ? next : longest), '');
    expect(shown.replace(/<wbr\/?>/g, '')).toBe(cell);
    expect(shown.split(/<wbr\/?>/).length).toBeGreaterThan(1000);
  });
});
