import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runBuild } from './commands/build.ts';
import { runRoutes } from './commands/routes.ts';

// Declarations only: each action calls one function of commands/ and sets the exit code.

function toWorkers(value: string): string {
  if (value !== 'auto' && !/^\d+$/.test(value)) throw new InvalidArgumentError('Use `auto` or a whole number.');
  return value;
}

export async function main(argv: readonly string[]): Promise<void> {
  const program = new Command('site')
    .description('Builds, previews and checks the bilingual CloudWing site.')
    .option('--root <dir>', 'the project folder that holds site/', '.')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  const root = () => path.resolve(program.opts<{ root: string }>().root);

  program.command('build')
    .description('render every page of every locale into the output folder')
    .option('-o, --out <dir>', 'output folder', 'out')
    .option('--base-url <url>', 'absolute base URL for canonical, alternate and sitemap links (overrides SITE_BASE_URL and the config)')
    .option('--json', 'print the build report as JSON')
    .option('--workers <n>', 'render threads: auto, or a number (0 renders on the main thread)', toWorkers, 'auto')
    .action(async (opts: { out: string; baseUrl?: string; json?: boolean; workers: string }) => {
      process.exitCode = await runBuild({ root: root(), out: path.resolve(opts.out), baseUrl: opts.baseUrl, json: opts.json, workers: opts.workers });
    });

  program.command('routes')
    .description('print the route inventory: path, names, template, layout and locales with content')
    .option('--json', 'print the routes as JSON')
    .action(async (opts: { json?: boolean }) => {
      process.exitCode = await runRoutes({ root: root(), json: opts.json });
    });

  await program.parseAsync(argv as string[]);
}
