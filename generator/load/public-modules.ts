import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { ESBUILD_VERSION, runEsbuild } from '../esbuild.ts';
import { isProblemOf, SiteError, toProblem } from '../problems/problem.ts';
import { hashBytes, readRecord, removeUnused, writeRecord, type InputRecord } from '../file-cache.ts';
import { compileUnregistered, withoutExit } from '../node-module.ts';
import { CACHES } from '../caches.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { SiteConfig, SiteProblem, SourceLoc } from '../types.ts';

// `images/map.svg.ts` is run at build time and its default export's result published as
// `images/map.svg`; again only when it, its imports or the installed packages changed.

/** `a/map.svg.ts` makes `a/map.svg`; `a/shapes.ts` (and a `.d.ts`) is a helper; anything else is copied. */
export function toPublicFileKind(
  file: string,
): { readonly kind: 'copy' } | { readonly kind: 'module'; readonly output: string } | { readonly kind: 'helper' } {
  if (!file.endsWith('.ts')) return { kind: 'copy' };
  const output = file.slice(0, -'.ts'.length);
  return /\.[A-Za-z0-9]+$/.test(path.posix.basename(output)) && !output.endsWith('.d')
    ? { kind: 'module', output }
    : { kind: 'helper' };
}

interface CacheRecord extends InputRecord {
  readonly output: { readonly text: string } | { readonly base64: string };
}

/** Packages a module imports come from the project's node_modules, else from those of `site`. */
const PACKAGE_NODE_MODULES = path.join(PACKAGE_ROOT, 'node_modules');

/** The files site/public publishes: copies, and what its modules made (a failed one publishes nothing). */
export async function loadPublicFiles(config: SiteConfig, listed: readonly string[]) {
  const copied = listed.filter((f) => toPublicFileKind(f).kind === 'copy');
  const modules = listed.flatMap((file) => {
    const kind = toPublicFileKind(file);
    return kind.kind === 'module' ? [{ file, output: kind.output }] : [];
  });
  const problems: SiteProblem[] = [];
  const generated = new Map<string, string | Uint8Array>();
  if (modules.length > 0) {
    const environment = await toEnvironment(config.root);
    const results = await Promise.all(
      modules.map(async ({ file, output }) => {
        const twice = `site/public/${output} exists too, and only one of them can be published at /${output}`;
        if (copied.includes(output)) return [toModuleProblem(file, twice)];
        try {
          generated.set(output, await makePublicFile(config, file, environment));
          return [];
        } catch (error) {
          if (error instanceof SiteError) return error.problems;
          throw error;
        }
      }),
    );
    problems.push(...results.flat());
  }
  return { files: [...copied, ...generated.keys()].sort(), generated, problems };
}

/** esbuild's version and the installed packages (npm's lockfiles), so a copy of the project finds the same records. */
async function toEnvironment(root: string): Promise<string> {
  const folders = [...new Set([path.resolve(root), path.resolve(PACKAGE_ROOT)])];
  const locks = await Promise.all(
    folders.map(async (folder) => {
      for (const file of [path.join('node_modules', '.package-lock.json'), 'package-lock.json']) {
        const text = await readFile(path.join(folder, file)).catch(() => null);
        if (text) return hashBytes(text);
      }
      return null;
    }),
  );
  return hashBytes([ESBUILD_VERSION, ...new Set(locks.filter((lock) => lock !== null))].join('\0'));
}

async function makePublicFile(config: SiteConfig, file: string, environment: string): Promise<string | Uint8Array> {
  // Not keyed by the project's folder: a copy of the project finds the same record.
  const own = await readFile(path.join(config.publicDir, file)).catch(() => '');
  const key = hashBytes([file, hashBytes(own), environment].join('\0')).slice(0, 20);
  const recordFile = path.join(CACHES.public.dir, `${key}.json`);
  const record = await readRecord<CacheRecord>(recordFile, CACHES.public.format, (input) =>
    path.join(config.root, input),
  );
  if (record) return 'text' in record.output ? record.output.text : Buffer.from(record.output.base64, 'base64');
  const { output, inputs } = await runPublicModule(config, file);
  const fresh: CacheRecord = {
    format: CACHES.public.format,
    inputs,
    output: typeof output === 'string' ? { text: output } : { base64: Buffer.from(output).toString('base64') },
  };
  await writeRecord(recordFile, fresh);
  await removeUnused(CACHES.public.dir, (name) => name.endsWith('.json'));
  return output;
}

async function runPublicModule(config: SiteConfig, file: string) {
  const source = `site/public/${file}`;
  let bundled: Awaited<ReturnType<typeof runEsbuild>>;
  try {
    bundled = await runEsbuild(
      {
        entryPoints: [path.join(config.root, source)],
        absWorkingDir: config.root,
        nodePaths: [PACKAGE_NODE_MODULES],
        platform: 'node',
        // Compiled unregistered (node-module.ts); `import.meta.url` is made the module's file there.
        format: 'cjs',
        target: 'node20',
        define: { 'import.meta.url': 'import_meta_url' },
        banner: { js: 'var import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
        metafile: true,
        sourcemap: 'inline',
        sourcesContent: false,
        // Named as the module is compiled, so the source map's paths lead to the sources.
        outfile: toModuleFile(file),
      },
      'BUNDLE_FAILED',
      { file: source, line: 1, column: 1 },
    );
  } catch (error) {
    // Restated as this module's problem, at its own position (perhaps a helper's).
    if (!(error instanceof SiteError)) throw error;
    throw new SiteError(
      error.problems.map((p) =>
        toModuleProblem(file, isProblemOf(p, ['BUNDLE_FAILED']) ? p.args.reason : p.message, p.loc),
      ),
      { cause: error.cause },
    );
  }
  const code = bundled.outputFiles[0]?.text ?? '';
  const inputs = await hashInputs(config.root, bundled.metafile);
  try {
    const output: unknown = await withoutExit(async () => {
      const mod = compileUnregistered(code, toModuleFile(file)) as { default?: unknown };
      if (typeof mod.default !== 'function')
        throw new TypeError('it has no default export function (`export default function () { … }`)');
      return (mod.default as () => unknown)();
    });
    if (typeof output !== 'string' && !(output instanceof Uint8Array))
      throw new TypeError(
        `its default export returned ${output === null ? 'null' : typeof output}, not the file's text or bytes`,
      );
    return { output, inputs };
  } catch (cause) {
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '');
    throw new SiteError([toModuleProblem(file, reason, toThrowLoc(config.root, cause))], { cause });
  }
}

/** The project files the bundle read, by content; the module too, in case it was saved while bundled. */
async function hashInputs(root: string, metafile: Metafile | undefined): Promise<Record<string, string>> {
  const files = Object.keys(metafile?.inputs ?? {}).filter(
    (f) => !f.split('/').includes('node_modules') && !f.includes(':'),
  );
  const hashed = await Promise.all(
    files.map(async (f) => [f, hashBytes(await readFile(path.resolve(root, f)))] as const),
  );
  return Object.fromEntries(hashed.sort(([a], [b]) => a.localeCompare(b)));
}

/** The name a module is compiled as (never written): in the tool's node_modules, so `createRequire` finds packages. */
function toModuleFile(file: string): string {
  return path.join(PACKAGE_NODE_MODULES, '.site-public', `${file.split('/').join('__')}.cjs`);
}

/** Of a module (`map.svg.ts`), so what it makes is its name without `.ts`. */
function toModuleProblem(file: string, reason: string, loc?: SourceLoc): SiteProblem {
  const source = `site/public/${file}`;
  const args = { module: source, output: file.slice(0, -'.ts'.length), reason };
  return toProblem('PUBLIC_MODULE_FAILED', args, loc ?? { file: source, line: 1, column: 1 });
}

/** Where a module threw: the first frame in a project source outside node_modules (via source maps). */
function toThrowLoc(root: string, cause: unknown): SourceLoc | undefined {
  const stack = cause instanceof Error ? (cause.stack ?? '') : '';
  const prefix = `${path.resolve(root)}${path.sep}`;
  for (const match of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    const [, file = '', line = '0', column = '0'] = match;
    if (!file.startsWith(prefix) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    return { file: path.relative(root, file).split(path.sep).join('/'), line: Number(line), column: Number(column) };
  }
  return undefined;
}
