import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import type { ServerModule } from '../types.ts';

// The bundled templates (CommonJS) are compiled as a module that no loader registers: once a
// watch session moves on to the next bundle, nothing holds the old one and it is collected. An
// `import()` would keep every bundle of the session in the ES module map for as long as it runs.
// Compiling through `Module#_compile` (as `require` does) keeps the bundle's inline source map, so
// a template error still points at its .tsx line.

interface CompilableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  require: NodeJS.Require;
  _compile(code: string, filename: string): void;
}

let last: { readonly file: string; readonly server: ServerModule } | null = null;

/** Loads the server bundle at `file`; the same file twice in a row is loaded once. */
export function loadServerModule(file: string): ServerModule {
  if (last?.file === file) return last.server;
  const module = new Module(file) as unknown as CompilableModule;
  module.filename = file;
  // `react` and the other packages resolve from the bundle's folder, below the generator's node_modules.
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(file),
  );
  module.require = createRequire(file);
  module._compile(readFileSync(file, 'utf8'), file);
  const server = module.exports as ServerModule;
  last = { file, server };
  return server;
}
