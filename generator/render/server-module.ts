import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import { compileUnregistered, withoutExitSync } from '../node-module.ts';
import type { ServerModule, SourceLoc } from '../types.ts';

// Compiled unregistered (node-module.ts), so a watch session's old bundle is collected; named as a
// file of the tool's node_modules (never written), so `react` resolves wherever the caches are.

const toCompiledFile = (file: string) => path.join(PACKAGE_ROOT, 'node_modules', '.site-server', path.basename(file));

let last: { readonly file: string; readonly server: ServerModule } | null = null;

/** Loads the server bundle (the same file twice in a row once); a throwing template fails at its line. */
export function loadServerModule(file: string): ServerModule {
  if (last?.file === file) return last.server;
  const code = readFileSync(file, 'utf8');
  let server: ServerModule;
  try {
    server = withoutExitSync(() => compileUnregistered(code, toCompiledFile(file))) as ServerModule;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteError([toProblem('TEMPLATE_LOAD_FAILED', { reason }, toTemplateLoc(error) ?? undefined)], {
      cause: error,
    });
  }
  last = { file, server };
  return server;
}

/** A template's `.tsx` line from the stack; the reuse hook's frame is passed over, the fault is its user's. */
export function toTemplateLoc(error: unknown): SourceLoc | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const frame of stack.split('\n')) {
    const match = /(site\/templates\/[^\s:()]+):(\d+):(\d+)/.exec(frame);
    if (match && !/\buseReused\b/.test(frame))
      return { file: match[1] as string, line: Number(match[2]), column: Number(match[3]) };
  }
  return null;
}
