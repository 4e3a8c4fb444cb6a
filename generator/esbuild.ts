import { build, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { SiteError, toProblem } from './errors.ts';
import type { SourceLoc } from './types.ts';

// The one call into esbuild: the configuration, the templates, the runtime and the dev client are
// all compiled through it, in memory, and its failures become problems with the source position.

interface EsbuildMessage {
  text: string;
  location: { file: string; line: number; column: number } | null;
}

/** Bundles in memory; a compile error is a SiteError with `code` at the first error's position. */
export async function runEsbuild(
  options: BuildOptions,
  code: 'BUNDLE_FAILED' | 'CONFIG_LOAD',
  fallbackLoc?: SourceLoc,
): Promise<{ readonly outputFiles: readonly OutputFile[]; readonly metafile: Metafile | undefined }> {
  try {
    const result = await build({ bundle: true, logLevel: 'silent', ...options, write: false });
    return { outputFiles: result.outputFiles, metafile: result.metafile };
  } catch (cause) {
    const first = (cause as { errors?: EsbuildMessage[] }).errors?.[0];
    const reason = first?.text ?? (cause instanceof Error ? cause.message : String(cause));
    const loc = first?.location
      ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
      : fallbackLoc;
    throw new SiteError([toProblem(code, { reason }, loc)], { cause });
  }
}

/** The text of a bundle with one output file. */
export async function runEsbuildToText(options: BuildOptions, code: 'BUNDLE_FAILED' | 'CONFIG_LOAD'): Promise<string> {
  return (await runEsbuild(options, code)).outputFiles[0]?.text ?? '';
}
