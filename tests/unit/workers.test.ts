import { execFileSync, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { toCardWorkers } from '../../generator/cards.ts';
import { shouldUseWorkers, toBusyCoreFlags } from '../../generator/parallel.ts';

// `--workers auto` starts workers from 400 content files on, one per core but the main thread's,
// as behaviour.md says. The compiled worker must exist: `npm test` compiles first.
describe('--workers auto', () => {
  it('builds a site of fewer than 400 content files on the main thread alone, a larger one on every core', () => {
    expect(shouldUseWorkers(399, 'auto')).toBe(0);
    expect(shouldUseWorkers(400, 'auto')).toBe(availableParallelism() - 1);
    expect(shouldUseWorkers(10_000, 'auto', 2)).toBe(1);
    expect(shouldUseWorkers(10_000, 'auto', 8)).toBe(7);
  });

  it('starts no worker on a single core, where it would only take turns with the main thread', () => {
    expect(shouldUseWorkers(10_000, 'auto', 1)).toBe(0);
    // Asked for, one is started all the same.
    expect(shouldUseWorkers(10_000, 1, 1)).toBe(1);
  });

  it('takes a number as it is, up to one thread per core', () => {
    expect(shouldUseWorkers(10, 0)).toBe(0);
    expect(shouldUseWorkers(10, 1)).toBe(1);
    expect(shouldUseWorkers(10, 999)).toBe(availableParallelism());
  });
});

// Share cards are drawn in worker threads beside the render when there are more than eight: one
// per 400 cards, as many as the cores; on a single core, on the main thread.
describe('the threads that draw share cards', () => {
  it('are none for a few cards, one per 400 cards up to the cores, and none on a single core', () => {
    expect(toCardWorkers(8, 2)).toBe(0);
    expect(toCardWorkers(108, 2)).toBe(1);
    expect(toCardWorkers(1_000, 2)).toBe(2);
    expect(toCardWorkers(1_000, 8)).toBe(3);
    expect(toCardWorkers(1_000, 1)).toBe(0);
  });
});

// While a build's workers run, V8 is tuned for a build thread on every core (parallel.ts). The
// flags are set at run time, where V8 prints an unknown one as an error and goes on: each must be
// one this Node knows, and be put back to the default this Node has.
describe("V8's settings while a build's workers run", () => {
  const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });

  it('are flags this Node knows, put back to the defaults it has', () => {
    const flags = toBusyCoreFlags();
    // Node 20 to 24 all have a flag for when a function is optimized, and one for the collector.
    expect(flags.map((f) => f.name)).toHaveLength(2);
    for (const { name, busy, usual } of flags) {
      expect(options).toContain(`  --${name} (`);
      expect(options).toContain(`default: ${usual}\n`);
      expect(busy).not.toBe(usual);
    }
  });

  it('are taken by this Node without a word', () => {
    const set = toBusyCoreFlags().flatMap(({ busy, usual }) => [busy, usual]);
    const run = spawnSync(
      process.execPath,
      ['-e', `for (const flag of ${JSON.stringify(set)}) require('node:v8').setFlagsFromString(flag)`],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it("leave a V8 they do not know to optimize as it would (its flag's name may have changed)", () => {
    expect(toBusyCoreFlags('99.1.0-node.1').map((f) => f.name)).toEqual(['parallel-scavenge']);
    expect(toBusyCoreFlags('11.3.244.8-node.38')[0]?.name).toBe('interrupt-budget');
    expect(toBusyCoreFlags('12.4.254.21-node.57')[0]?.name).toBe('invocation-count-for-turbofan');
    expect(toBusyCoreFlags('13.6.233.17-node.63')[0]?.name).toBe('invocation-count-for-turbofan');
  });
});
