import type { BuildContext, BuildOptions, Message, Metafile, OutputFile } from 'esbuild';
import { requirePackage } from './node-module.ts';
import { SiteError, toProblem } from './problems/problem.ts';
import type { SourceLoc } from './types.ts';

// The one call into esbuild, in memory; its failures become problems at their source position.

/** For the caches' keys; from its package file, as loading esbuild would slow a fully cached command. */
export const ESBUILD_VERSION = (requirePackage('esbuild/package.json') as { version: string }).version;

/** A watch session's incremental contexts, by bundle name; new options replace one. */
export type EsbuildContexts = Map<string, { readonly key: string; readonly context: Promise<BuildContext> }>;

export async function disposeEsbuildContexts(contexts: EsbuildContexts): Promise<void> {
  const all = [...contexts.values()];
  contexts.clear();
  await Promise.all(all.map(async (entry) => (await entry.context.catch(() => null))?.dispose()));
}

export interface Reuse {
  readonly contexts: EsbuildContexts;
  readonly name: string;
  /** Inputs the options do not show (a plugin's generated entry). */
  readonly extraKey?: string;
}

async function runOnce(options: BuildOptions, reuse: Reuse | undefined) {
  const full: BuildOptions = { bundle: true, logLevel: 'silent', ...options, write: false };
  const { build, context } = await import('esbuild');
  if (!reuse) return build(full);
  // The options as data: functions (plugins) drop out, so `extraKey` must cover what they produce.
  const data = JSON.stringify(full, (_key, value: unknown) => (typeof value === 'function' ? undefined : value));
  const key = data + (reuse.extraKey ?? '');
  let entry = reuse.contexts.get(reuse.name);
  if (entry?.key !== key) {
    if (entry) void entry.context.then((c) => c.dispose()).catch(() => undefined);
    entry = { key, context: context(full) };
    reuse.contexts.set(reuse.name, entry);
  }
  return (await entry.context).rebuild();
}

/** Bundles in memory; a compile error is a SiteError with `code` at the first error's position. */
export async function runEsbuild(
  options: BuildOptions,
  code: 'BUNDLE_FAILED' | 'CONFIG_LOAD',
  fallbackLoc?: SourceLoc,
  reuse?: Reuse,
): Promise<{ readonly outputFiles: readonly OutputFile[]; readonly metafile: Metafile | undefined }> {
  try {
    const result = await runOnce(options, reuse);
    return { outputFiles: result.outputFiles ?? [], metafile: result.metafile };
  } catch (cause) {
    const first = (cause as { errors?: Message[] }).errors?.[0];
    const reason = first?.text ?? (cause instanceof Error ? cause.message : String(cause));
    const loc = first?.location
      ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
      : fallbackLoc;
    throw new SiteError([toProblem(code, { reason }, loc)], { cause });
  }
}
