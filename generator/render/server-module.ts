import { readFileSync } from 'node:fs';
import { compileUnregistered } from '../node-module.ts';
import type { ServerModule } from '../types.ts';

// The bundled templates (CommonJS) are compiled as a module that no loader registers
// (`node-module.ts`): once a watch session moves on to the next bundle, the old one is collected,
// and a template error still points at its .tsx line. `react` and the other packages resolve from
// the bundle's folder, below the generator's node_modules.

let last: { readonly file: string; readonly server: ServerModule } | null = null;

/** Loads the server bundle at `file`; the same file twice in a row is loaded once. */
export function loadServerModule(file: string): ServerModule {
  if (last?.file === file) return last.server;
  const server = compileUnregistered(readFileSync(file, 'utf8'), file) as ServerModule;
  last = { file, server };
  return server;
}
