import { createRequire, Module } from 'node:module';
import path from 'node:path';

/**
 * Requires a CommonJS package (React, markdown-it, commander) where an `import` would load it
 * through the ES module loader, which resolves, reads and links a package's files one by one
 * (markdown-it's are some sixty; `require` reads its one CommonJS bundle), a noticeable part of
 * every command's start. Types come from a type-only import of the package.
 */
export const requirePackage = createRequire(import.meta.url);

// Code the build bundles and runs in its own process (the server bundle of the templates, the
// modules of site/public) is compiled as a CommonJS module that no loader registers: once the
// build moves on, nothing holds it and it is collected, where an `import()` would keep every
// version of it in the ES module map for as long as a watch session runs. Compiling through
// `Module#_compile` (as `require` does) keeps the code's inline source map, so an error still
// points at its source line.

interface CompilableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  require: NodeJS.Require;
  _compile(code: string, filename: string): void;
}

/**
 * Runs CommonJS `code` as the module at `file` (which need not exist) and returns its exports;
 * packages resolve from the file's folder upwards, as for a file there.
 */
export function compileUnregistered(code: string, file: string): unknown {
  // Turned on here, before the first of them is compiled, and not at start: the generator's own
  // modules then load without their maps being read.
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

/** How many runs of the site's own code are under way (see `withoutExit`). */
let guarded = 0;
let installed = false;

/**
 * Puts a stand-in in the place of `process.exit`, once per thread: while the site's code runs it
 * throws, at any other time it is the real one. Guarding a run is then two additions, cheap enough
 * for every page a build renders.
 */
function installExitGuard(): void {
  if (installed) return;
  installed = true;
  const real = Object.getOwnPropertyDescriptor(process, 'exit')?.value as typeof process.exit & { guarded?: true };
  // Another copy of this module (a bundle of its own) may have put its stand-in there first.
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
 * Runs the site's own code (its configuration, templates and public modules) with `process.exit`
 * an error: it would end the command at once, with nothing built and perhaps an exit code of 0
 * that tells a CI job all went well. Runs may overlap (modules made side by side).
 */
export async function withoutExit<T>(run: () => T | Promise<T>): Promise<T> {
  installExitGuard();
  guarded += 1;
  try {
    return await run();
  } finally {
    guarded -= 1;
  }
}

/** `withoutExit` for code that runs to its end at once (a module's top level, a page's render). */
export function withoutExitSync<T>(run: () => T): T {
  installExitGuard();
  guarded += 1;
  try {
    return run();
  } finally {
    guarded -= 1;
  }
}
