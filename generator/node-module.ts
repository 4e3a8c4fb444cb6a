import { createRequire, Module } from 'node:module';
import path from 'node:path';

/**
 * Requires a CommonJS package (React, markdown-it, commander) where an `import` would load it
 * through the ES module loader, which resolves, reads and links a package's files one by one
 * (markdown-it's are some sixty; `require` reads its one CommonJS bundle): about 60 ms of every
 * command's start. Types come from a type-only import of the package.
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
