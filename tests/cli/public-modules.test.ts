import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';
import { snapshotTree } from '../helpers/tree.ts';

afterAll(removeSites);

const MODULE = 'site/public/data/stamp.txt.ts';

describe('site build with a module in site/public (subprocess)', () => {
  it('publishes its file; a module that throws fails the build at its line and leaves the output as it was', () => {
    const root = makeSite({ [MODULE]: 'export default function stamp(): string {\n  return "stamped";\n}\n' });
    const out = path.join(root, 'out');
    const first = runCli(['--root', root, 'build', '--out', out]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(readFileSync(path.join(out, 'data/stamp.txt'), 'utf8')).toBe('stamped');
    const before = snapshotTree(out);

    writeFileSync(
      path.join(root, MODULE),
      'export default function stamp(): string {\n  throw new Error("no data for the stamp");\n}\n',
    );
    const second = runCli(['--root', root, 'build', '--out', out]);
    expect(second.status).toBe(1);
    // Source maps lead from the bundle back to the line of the module that threw.
    expect(second.stderr).toMatch(/site\/public\/data\/stamp\.txt\.ts:2:\d+ +PUBLIC_MODULE_FAILED/);
    expect(second.stderr).toContain(`${MODULE} could not make /data/stamp.txt: no data for the stamp.`);
    expect(second.stderr).toContain('The previous output is untouched.');
    expect(second.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(snapshotTree(out)).toEqual(before);
  });
});
