import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildSite } from '../../generator/pipeline/build.ts';
import { toPublicFileKind } from '../../generator/load/public-modules.ts';
import { createDevSession } from '../../generator/serve/session.ts';
import { makeSite, removeSites, REPO_ROOT } from '../helpers/make-site.ts';
import { problemsOf } from '../helpers/problems.ts';
import { snapshotTree } from '../helpers/tree.ts';

// A file of site/public written as a module: run when the site is built, its result published
// under the module's name without `.ts`, not run again while its inputs are unchanged.

afterAll(removeSites);

const MODULE = 'site/public/data/stamp.txt.ts';
const HELPER = 'site/public/data/words.ts';

/**
 * A module that counts its runs in a file of its own (a line per run) and returns a text from its
 * helper. The counter's path makes the source unique to the test, so no earlier run is cached.
 */
function counted(word = 'first'): { files: Record<string, string>; runs: () => number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-module-runs-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const counter = path.join(dir, 'runs.txt');
  writeFileSync(counter, '');
  const files = {
    [MODULE]: [
      "import { appendFileSync } from 'node:fs';",
      "import { word } from './words.ts';",
      '',
      'export default function stamp(): string {',
      `  appendFileSync(${JSON.stringify(counter)}, 'run\\n');`,
      '  return `made from ${word}\\n`;',
      '}',
      '',
    ].join('\n'),
    [HELPER]: `export const word = ${JSON.stringify(word)};\n`,
  };
  return { files, runs: () => readFileSync(counter, 'utf8').split('\n').filter(Boolean).length };
}

const text = (files: ReadonlyMap<string, string | Uint8Array> | null, file: string) => {
  const contents = files?.get(file);
  return typeof contents === 'string' ? contents : contents ? Buffer.from(contents).toString('utf8') : undefined;
};

describe('modules of site/public', () => {
  it('tells modules, their helpers and published files apart by name', () => {
    expect(toPublicFileKind('images/map.svg.ts')).toEqual({ kind: 'module', output: 'images/map.svg' });
    expect(toPublicFileKind('data/stations.json.ts')).toEqual({ kind: 'module', output: 'data/stations.json' });
    expect(toPublicFileKind('images/map.ts')).toEqual({ kind: 'helper' });
    expect(toPublicFileKind('images/types.d.ts')).toEqual({ kind: 'helper' });
    expect(toPublicFileKind('images/map.svg')).toEqual({ kind: 'copy' });
    expect(toPublicFileKind('.well-known/security.txt')).toEqual({ kind: 'copy' });
  });

  it('publishes what the module returns under its name, not the module or its helper, links to it resolve, and runs it again only when it, a file it imports or the installed packages change', async () => {
    const { files, runs } = counted();
    const page = 'site/content/customers.en.md';
    const original = readFileSync(path.join(REPO_ROOT, page), 'utf8');
    const sources = { ...files, [page]: `${original}\n[Stamp](/data/stamp.txt)\n` };
    const root = makeSite(sources);
    const result = await buildSite({ root, write: false });
    expect(text(result.files, 'data/stamp.txt')).toBe('made from first\n');
    expect(result.files?.has('data/stamp.txt.ts')).toBe(false);
    expect(result.files?.has('data/words.ts')).toBe(false);
    expect(text(result.files, 'en/customers/index.html')).toContain('href="/data/stamp.txt"');
    expect(runs()).toBe(1);
    // Nothing changed: the file comes from the cache, the module does not run.
    const again = await buildSite({ root, write: false });
    expect(text(again.files, 'data/stamp.txt')).toBe('made from first\n');
    expect(runs()).toBe(1);
    // A copy of the project with the same sources finds the same result.
    await buildSite({ root: makeSite(sources), write: false });
    expect(runs()).toBe(1);
    // The helper it imports changed.
    writeFileSync(path.join(root, HELPER), 'export const word = "second";\n');
    const changed = await buildSite({ root, write: false });
    expect(text(changed.files, 'data/stamp.txt')).toBe('made from second\n');
    expect(runs()).toBe(2);
    // The module itself changed.
    const source = readFileSync(path.join(root, MODULE), 'utf8');
    writeFileSync(path.join(root, MODULE), source.replace('made from', 'now made from'));
    const edited = await buildSite({ root, write: false });
    expect(text(edited.files, 'data/stamp.txt')).toBe('now made from second\n');
    expect(runs()).toBe(3);
    // Back to the first version: its result was kept beside the other's, not overwritten by it.
    writeFileSync(path.join(root, MODULE), source);
    expect(text((await buildSite({ root, write: false })).files, 'data/stamp.txt')).toBe('made from second\n');
    expect(runs()).toBe(3);
    // A project with other installed packages keeps its own result too: the first one's stays.
    const other = makeSite({ ...sources, 'package-lock.json': '{"lockfileVersion":3,"packages":{}}\n' });
    await buildSite({ root: other, write: false });
    expect(runs()).toBe(4);
    await buildSite({ root, write: false });
    expect(runs()).toBe(4);
  });

  it('in watch mode, makes the file again when its module is saved', async () => {
    const { files, runs } = counted();
    const root = makeSite(files);
    const session = createDevSession(root);
    onTestFinished(() => session.close());
    await session.rebuild([]);
    expect(text(session.files(), 'data/stamp.txt')).toBe('made from first\n');
    writeFileSync(path.join(root, HELPER), 'export const word = "a save";\n');
    const rebuilt = await session.rebuild([HELPER]);
    expect(rebuilt.kind).toBe('public');
    expect(rebuilt.changed).toContain('data/stamp.txt');
    expect(text(session.files(), 'data/stamp.txt')).toBe('made from a save\n');
    // A page or a translation saved: the module is not run for it.
    await session.rebuild(['site/content/customers.en.md']);
    expect(runs()).toBe(2);
  });

  it('a module that throws: a problem naming it, and the previous output left as it was', async () => {
    const root = makeSite(counted().files);
    const out = path.join(root, 'out');
    await buildSite({ root, outDir: out });
    const before = snapshotTree(out);
    expect(readFileSync(path.join(out, 'data/stamp.txt'), 'utf8')).toBe('made from first\n');
    const source = "export default function stamp(): string {\n  throw new Error('no data for the stamp');\n}\n";
    writeFileSync(path.join(root, MODULE), source);
    const problems = await problemsOf(buildSite({ root, outDir: out }));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'PUBLIC_MODULE_FAILED',
        loc: expect.objectContaining({ file: MODULE }),
        message: `${MODULE} could not make /data/stamp.txt: no data for the stamp.`,
      }),
    ]);
    expect(snapshotTree(out)).toEqual(before);
  });

  it.each([
    ['does not compile', 'export default function (: string {\n}\n', /Expected|Unexpected/, 1],
    ['has no default export', 'export const text = "x";\n', /no default export function/, 1],
    ['returns no text', 'export default () => 42;\n', /returned number, not the file's text or bytes/, 1],
  ])('a module that %s is a problem naming it', async (_what, source, reason, line) => {
    const problems = await problemsOf(buildSite({ root: makeSite({ [MODULE]: source }), write: false }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'PUBLIC_MODULE_FAILED', loc: { file: MODULE, line } });
    expect(problems[0]?.message).toMatch(reason);
    expect(problems[0]?.message).toContain(MODULE);
  });

  it('a compile error in a helper points into the helper and names the module', async () => {
    const { files } = counted();
    const problems = await problemsOf(
      buildSite({ root: makeSite({ ...files, [HELPER]: 'export const word = ;\n' }), write: false }),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'PUBLIC_MODULE_FAILED', loc: { file: HELPER, line: 1, column: 21 } }),
    ]);
    expect(problems[0]?.message).toContain(`${MODULE} could not make /data/stamp.txt`);
  });

  it('a module and a file of the name it makes: a problem, neither is published over the other', async () => {
    const problems = await problemsOf(
      buildSite({
        root: makeSite({ [MODULE]: 'export default () => "x";\n', 'site/public/data/stamp.txt': 'y' }),
        write: false,
      }),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'PUBLIC_MODULE_FAILED', loc: expect.objectContaining({ file: MODULE }) }),
    ]);
    expect(problems[0]?.message).toContain('site/public/data/stamp.txt exists too');
  });
  it('a module that makes a PNG: published as it returns it, never read from site/public as a photo', async () => {
    // A 1 × 1 PNG, as bytes the module returns.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const root = makeSite({
      'site/public/data/dot.png.ts': `export default function dot(): Uint8Array {\n  return Buffer.from('${png}', 'base64');\n}\n`,
    });
    const { files, report } = await buildSite({ root, write: false });
    expect(Buffer.from(files?.get('data/dot.png') as Uint8Array).toString('base64')).toBe(png);
    expect(report.warnings.filter((p) => p.severity === 'error')).toEqual([]);
  });
});
