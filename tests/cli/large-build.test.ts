import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { snapshotTree as snapshot } from '../helpers/tree.ts';

// A site of some hundreds of pages renders them on every core (architecture.md: The build):
// what it writes, and what it reports of a mistake, are what one thread would write and report.

afterAll(removeSites);

/** Articles in both languages: enough pages, with bodies not yet rendered, for the pool to start. */
function articles(count: number, broken: readonly number[] = []): Record<string, string> {
  const files: Record<string, string> = {};
  for (let n = 1; n <= count; n++) {
    const link = broken.includes(n) ? `/services/no-such-service-${n}` : '/contact';
    files[`site/content/news/bulk${n}.en.md`] =
      `---\ntitle: "Station bulletin ${n}"\ndescription: "Notes from the ramp, number ${n}."\ntemplate: article\nlayout: default\ndate: 2024-01-${String((n % 28) + 1).padStart(2, '0')}\n---\n` +
      `## Turnaround ${n}\n\nThe ramp team at Taoyuan reviewed turnaround ${n}. Questions go to [our contact page](${link}).\n`;
    files[`site/content/news/bulk${n}.zhHant.md`] =
      `---\ntitle: "場站通報 ${n}"\ndescription: "來自停機坪的第 ${n} 則紀錄。"\ntemplate: article\nlayout: default\ndate: 2024-01-${String((n % 28) + 1).padStart(2, '0')}\n---\n` +
      `## 第 ${n} 次過站\n\n桃園場站團隊檢討了第 ${n} 次過站作業，問題請見[聯絡我們](/contact)。\n`;
  }
  return files;
}

describe('a large build', () => {
  const cores = availableParallelism();

  it('renders on every core and writes what a build on one thread writes', () => {
    const root = makeSite(articles(220));
    const env = { SITE_CACHE_DIR: path.join(root, 'cache'), SOURCE_DATE_EPOCH: '1790000000' };
    const build = (out: string) => {
      // No base URL, so no share cards: a cold build as the benchmark times it.
      const result = runCli(['--root', root, 'build', '--out', path.join(root, out), '--json', '--base-url', ''], {
        env,
      });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as { buildId: string; renderThreads: number };
    };
    // The first build renders every page; the second reads them from the cache and needs no threads.
    const cold = build('cold');
    expect(cold.renderThreads).toBe(cores);
    const warm = build('warm');
    expect(warm.renderThreads).toBe(1);
    expect(warm.buildId).toBe(cold.buildId);
    expect(snapshot(path.join(root, 'cold'))).toEqual(snapshot(path.join(root, 'warm')));
  });

  it('reports a mistake in a page a pool thread rendered at its file and line, and writes nothing', () => {
    // This thread takes the first batches of pages, the pool the last: a mistake at either end.
    const root = makeSite(articles(220, [1, 99]));
    const result = runCli(['--root', root, 'build', '--out', path.join(root, 'out'), '--no-cache', '--base-url', '']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/site\/content\/news\/bulk1\.en\.md:10:\d+ +LINK_UNKNOWN_ROUTE/);
    expect(result.stderr).toMatch(/site\/content\/news\/bulk99\.en\.md:10:\d+ +LINK_UNKNOWN_ROUTE/);
    expect(result.stderr).toContain('/services/no-such-service-99');
    expect(result.stderr).toContain('The build failed: 2 errors. The previous output is untouched.');
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });
});
