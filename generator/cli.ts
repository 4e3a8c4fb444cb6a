import path from 'node:path';
import { HOSTS } from './hosts.ts';
import { PACKAGE_ROOT } from './paths.ts';
import { requirePackage } from './node-module.ts';
import type * as CommanderModule from 'commander';
import type { runBuild as RunBuild } from './commands/build.ts';

const { Command, InvalidArgumentError, Option } = requirePackage('commander') as typeof CommanderModule;
type Program = CommanderModule.Command;
type ToOut = (out: string | undefined) => string;

// Declarations only: each action calls one function of commands/ and sets the exit code. The
// commands load on demand, so `site build` does not pay for the checker's or the server's modules.

function toPort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('Use a port number from 0 to 65535.');
  return port;
}

const OUT_HELP = 'output folder (default: out in the project folder)';

export async function main(argv: readonly string[]): Promise<void> {
  const { version } = requirePackage(path.join(PACKAGE_ROOT, 'package.json')) as { version: string };
  const program = new Command('site')
    .description('Builds, previews and checks the bilingual CloudWing site.')
    .option('--root <dir>', 'the project folder that holds site/', '.')
    .version(version, '-V, --version', 'print the version of site')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  const root = () => path.resolve(program.opts<{ root: string }>().root);
  // `--out` as given (from the current folder), else `out` in the project folder.
  const toOut = (out: string | undefined) => (out === undefined ? path.join(root(), 'out') : path.resolve(out));
  const all = [declareBuild, declareServe, declareCheck, declareRoutes, declareNew, declareTranslations, declareCache];
  for (const declare of all) declare(program, root, toOut);
  await program.parseAsync(argv);
}

function declareBuild(program: Program, root: () => string, toOut: ToOut): void {
  program
    .command('build')
    .description('render every page of every locale into the output folder')
    .option('-o, --out <dir>', OUT_HELP)
    .option(
      '--base-url <url>',
      'absolute base URL for canonical, alternate and sitemap links (overrides SITE_BASE_URL and the config)',
    )
    .option('--json', 'print the build report as JSON')
    .option('--precompress', 'write .gz and .br beside every text file above 1 KB, for hosts that serve them (nginx)')
    .option('--no-cache', 'build from the sources alone, reading no cache (the caches are written afresh)')
    .addOption(
      new Option(
        '--host <name>',
        'the static host to shape the output for (overrides the config; default: portable, which serves on all of them)',
      ).choices(HOSTS),
    )
    .option('--drafts', 'build the pages marked `draft: true` too, each with a band that says so')
    .option('--future', 'build the pages whose day has not come, and those past their expiryDate, each marked')
    .addOption(
      new Option(
        '--env <name>',
        'what the build is for: a preview is noindex everywhere (default: production, or preview on a branch deployment of Netlify, Cloudflare Pages or Vercel)',
      ).choices(['production', 'preview']),
    )
    .action(async (opts: Omit<Parameters<typeof RunBuild>[0], 'root' | 'out'> & { out?: string }) => {
      const { runBuild } = await import('./commands/build.ts');
      process.exitCode = await runBuild({ ...opts, root: root(), out: toOut(opts.out) });
    });
}

function declareServe(program: Program, root: () => string, toOut: ToOut): void {
  program
    .command('serve')
    .description(
      'serve the built site (building it first when there is none); --watch rebuilds on every change and reloads the open pages',
    )
    .option('-o, --out <dir>', OUT_HELP)
    .option('-p, --port <port>', 'port (the next free one when it is taken)', toPort, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('-w, --watch', 'rebuild what a change affects, reload open pages, show build errors over the page')
    .option('--open', 'open the site in the default browser')
    .action(async (opts: { out?: string; port: number; host: string; watch?: boolean; open?: boolean }) => {
      const { runServe } = await import('./commands/serve.ts');
      process.exitCode = await runServe({ ...opts, root: root(), out: toOut(opts.out) });
    });
}

function declareCheck(program: Program, root: () => string, toOut: ToOut): void {
  program
    .command('check')
    .description('check a built site: links and fragments, SEO and locales, translations, HTML, page budgets')
    .option('-o, --out <dir>', 'output folder to check (default: out in the project folder)')
    .option('--external', 'also check links to other sites (needs the network)')
    .option('--json', 'print the report as JSON')
    .action(async (opts: { out?: string; external?: boolean; json?: boolean }) => {
      const { runCheck } = await import('./commands/check.ts');
      const { external = false, json = false } = opts;
      process.exitCode = await runCheck({ root: root(), out: toOut(opts.out), external, json });
    });
}

function declareRoutes(program: Program, root: () => string): void {
  program
    .command('routes')
    .description('print the route inventory: path, names, template, layout and locales with content')
    .option('--json', 'print the routes as JSON')
    .action(async (opts: { json?: boolean }) => {
      const { runRoutes } = await import('./commands/routes.ts');
      process.exitCode = await runRoutes({ root: root(), json: opts.json });
    });
}

function declareNew(program: Program, root: () => string): void {
  program
    .command('new')
    .description(
      'start a page in every locale as a draft, with the template, layout, order and date its siblings have: `site new news/news14`',
    )
    .argument('<path>', 'the page path from site/content, without locale or .md (news/news14, about/about-safety)')
    .option('--json', 'print what was written as JSON')
    .addHelpText(
      'after',
      [
        '',
        'Writes site/content/<path>.<locale>.md for each locale with `draft: true` and placeholders that say',
        'what to write. The template and layout are those most pages of the folder have; an article (most',
        'pages of the folder carry a date) is dated today in Taiwan (SOURCE_DATE_EPOCH when set); a page of',
        'a section takes the next order. A new folder is started only at the top of site/content (a new',
        'section), with the default template and layout. Nothing is written when the path breaks the',
        'file-name rule, leaves site/content, or names a page that exists.',
      ].join('\n'),
    )
    .action(async (page: string, opts: { json?: boolean }) => {
      const { runNew } = await import('./commands/new.ts');
      process.exitCode = await runNew({ root: root(), page, json: opts.json });
    });
}

function declareTranslations(program: Program, root: () => string): void {
  program
    .command('translations')
    .description(
      'show which translations are up to date, stale or missing and what changed in their source; `done <file|route|namespace:key>…` confirms translations',
    )
    .argument('[done]', '`done`: confirm the translations named after it')
    .argument('[names...]', 'content files, routes, `namespace:key` or namespaces whose translations are confirmed')
    .option('--all', 'with `done`: confirm every translation there is (a first run)')
    .option('--json', 'print the status as JSON')
    .action(async (action: string | undefined, names: string[], opts: { all?: boolean; json?: boolean }) => {
      const { runTranslations } = await import('./commands/translations.ts');
      process.exitCode = await runTranslations({ root: root(), json: opts.json, action, names, all: opts.all });
    });
}

function declareCache(program: Program): void {
  const cache = program.command('cache').description('the caches a build keeps on disk (node_modules/.cache/site)');
  cache
    .command('clear')
    .description('remove every cache the build keeps, and say how much was removed')
    .action(async () => {
      const { runCacheClear } = await import('./commands/cache.ts');
      process.exitCode = await runCacheClear();
    });
}
