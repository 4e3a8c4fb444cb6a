import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawCardTask } from '../../generator/cards/draw.ts';
import type { CardTask } from '../../generator/types.ts';
import { isWholePng, toPngSize } from '../../generator/png.ts';
import type { CardThreads } from '../../generator/cards/cards.ts';
import { createPool } from '../../generator/workers/pool.ts';
import type { ShareCardProps } from '../../generator/types.ts';

// The worker pool runs the compiled worker (dist/pool-worker.js): `npm test` compiles first. Its
// threads draw a share card as the main thread does, and a layout that throws fails its task with
// the layout's own error, which the build reports as CARD_FAILED.

const dir = mkdtempSync(path.join(tmpdir(), 'site-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server module whose card layout is plain elements (no package to resolve from a temporary folder). */
function writeServerModule(name: string, layout: string): string {
  const file = path.join(dir, `${name}.cjs`);
  writeFileSync(file, `module.exports = { ShareCard: ${layout} };\n`);
  return file;
}

const props: ShareCardProps = {
  title: 'Ramp handling',
  titleBreaks: null,
  section: null,
  company: 'CloudWing',
  brand: 'CloudWing',
  site: 'cloudwing.example',
  logo: '',
  colors: { navy: '#0f2740', primary: '#0066cc', accent: '#f5a623' },
};

describe('the worker pool', () => {
  it('draws a share card in its threads, in each size asked, the same bytes as the main thread draws', async () => {
    const serverModule = writeServerModule(
      'good',
      `(p) => ({ type: 'div', props: { style: { display: 'flex', width: 1200, height: 630, background: '#0f2740', color: '#fff', fontSize: 64, fontFamily: 'card' }, children: p.title } })`,
    );
    const sizes = [
      { width: 1200, height: 630 },
      { width: 1200, height: 1200 },
    ];
    const task: CardTask = { serverModule, props, sizes };
    // The pool is what the cards stage draws in.
    const pool: CardThreads & ReturnType<typeof createPool> = createPool();
    expect(pool.start(2), 'the worker is compiled (node scripts/compile.js)').toBe(true);
    try {
      const [[first, square], [second]] = await Promise.all([pool.run('card', task), pool.run('card', task)]);
      expect(isWholePng(first as Uint8Array)).toBe(true);
      expect(toPngSize(first as Uint8Array)).toEqual({ width: 1200, height: 630 });
      expect(toPngSize(square as Uint8Array)).toEqual({ width: 1200, height: 1200 });
      expect(Buffer.from(second as Uint8Array).equals(Buffer.from(first as Uint8Array))).toBe(true);
      const [here] = await drawCardTask(task);
      expect(Buffer.from(here as Uint8Array).equals(Buffer.from(first as Uint8Array))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("fails a task whose layout throws with the layout's message", async () => {
    const serverModule = writeServerModule('broken', `() => { throw new Error('the card is broken'); }`);
    const pool = createPool();
    expect(pool.start(2)).toBe(true);
    try {
      await expect(pool.run('card', { serverModule, props, sizes: [{ width: 1200, height: 630 }] })).rejects.toThrow(
        'the card is broken',
      );
    } finally {
      await pool.close();
    }
  });
});
