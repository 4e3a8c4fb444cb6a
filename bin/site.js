#!/usr/bin/env node
// React must run in production mode. Template errors point into their .tsx sources: source maps
// are turned on where the bundled templates and public modules are compiled
// (generator/node-module.ts), not here, where reading the generator's own maps would cost every
// command a tenth of its start.
process.env.NODE_ENV = 'production';

const { main } = await import('../dist/cli.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write('site: the generator is not compiled yet. Run `npm install` (or `npm run compile`) first.\n');
    process.exit(1);
  }
  throw error;
});
await main(process.argv);
