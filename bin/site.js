#!/usr/bin/env node
// React must run in production mode; template errors point into their .tsx sources.
process.env.NODE_ENV = 'production';
process.setSourceMapsEnabled(true);

const { main } = await import('../dist/cli.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write('site: the generator is not compiled yet. Run `npm install` (or `npm run compile`) first.\n');
    process.exit(1);
  }
  throw error;
});
await main(process.argv);
