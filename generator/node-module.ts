import { createRequire, Module } from 'node:module';
import path from 'node:path';

/**
 * For CommonJS packages (React, markdown-it): `require` reads one bundle where `import` would link
 * each of its files (sixty for markdown-it) at every command's start. Types come from `import type`.
 */
export const requirePackage = createRequire(import.meta.url);

// Bundled code (templates, site/public modules) is compiled unregistered, so it is collected once
// the build moves on; `import()` would keep every version for the whole watch session.
// `Module#_compile` keeps the inline source map, so errors point at source lines.

interface CompilableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  require: NodeJS.Require;
  _compile(code: string, filename: string): void;
}

/** Runs CommonJS `code` as the module at `file` (which need not exist): packages resolve from there. */
export function compileUnregistered(code: string, file: string): unknown {
  // Not at start: the generator's own modules load without reading their maps.
  process.setSourceMapsEnabled(true);
  const module = new Module(file) as unknown as CompilableModule;
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(file),
  );
  module.require = createRequire(file);
  module._compile(code, file);
  return module.exports;
}

/** Runs of the site's own code under way. */
let guarded = 0;

/** One more run under way; `process.exit` is guarded once per thread, so guarding a page is an addition. */
function enterGuarded(): void {
  guarded += 1;
  const real = Object.getOwnPropertyDescriptor(process, 'exit')?.value as typeof process.exit & { guarded?: true };
  // Ours, or another copy's of this module (in a bundle), put there first.
  if (real.guarded) return;
  const guard = ((code?: number | string | null) => {
    if (guarded === 0) return real.call(process, code);
    throw new Error(
      `it called process.exit(${code ?? ''}), which would end the whole command with nothing built; throw an error instead`,
    );
  }) as typeof process.exit & { guarded?: true };
  guard.guarded = true;
  process.exit = guard;
}

/**
 * The site's own code runs with `process.exit` an error: it would end the command with nothing
 * built, perhaps with an exit code of 0 that tells CI all went well. Runs may overlap.
 */
export async function withoutExit<T>(run: () => T | Promise<T>): Promise<T> {
  enterGuarded();
  try {
    return await run();
  } finally {
    guarded -= 1;
  }
}

/** `withoutExit` for synchronous code (a module's top level, a page's render). */
export function withoutExitSync<T>(run: () => T): T {
  enterGuarded();
  try {
    return run();
  } finally {
    guarded -= 1;
  }
}
