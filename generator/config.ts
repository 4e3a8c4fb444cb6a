import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESBUILD_VERSION, runEsbuild } from './esbuild.ts';
import { SiteError, toProblem } from './problems/problem.ts';
import { hashBytes, hashFile, readRecord, removeUnused, writeRecord, type InputRecord } from './file-cache.ts';
import { CACHES } from './caches.ts';
import type { HostName, PublishConfig, SiteConfig, SiteConfigInput, SourceLoc } from './types.ts';
import { HOSTS } from './hosts.ts';
import { withoutExit } from './node-module.ts';
import { CONFIG_FILE, findFieldLine, toBaseUrl, validateConfig } from './config-check.ts';
import { toBuildEnv } from './build-env.ts';

/** Typed identity for `site/site.config.ts`. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

export interface ConfigOverrides {
  /** Overrides the configured base URL (`--base-url`, then `SITE_BASE_URL`). */
  baseUrl?: string | undefined;
  /** Overrides the configured host (`site build --host`). */
  host?: HostName | undefined;
  /** `--drafts`, `--future`: build what a production build leaves out, marked (behaviour.md: Publishing). */
  drafts?: boolean | undefined;
  future?: boolean | undefined;
  /** `--env`: over what the CI's variables say. */
  env?: string | undefined;
}

/** Reads, validates and settles `site/site.config.ts` once; everything downstream reads the result. */
export async function loadConfig(
  root: string,
  overrides: ConfigOverrides = {},
  imported?: Map<string, unknown>,
): Promise<SiteConfig> {
  const configFile = path.join(root, CONFIG_FILE);
  const source = await readFile(configFile, 'utf8').catch((cause: unknown) => {
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    const problem = missing
      ? toProblem('CONFIG_MISSING', { file: configFile, root })
      : toProblem(
          'CONFIG_LOAD',
          { reason: `${CONFIG_FILE} cannot be read` },
          { file: CONFIG_FILE, line: 1, column: 1 },
        );
    throw new SiteError([problem], { cause });
  });
  // Watch mode passes what the last import of the same source gave: no compile, no new module.
  const input = imported?.has(source) ? imported.get(source) : await importConfigModule(configFile, source, root);
  if (imported && !imported.has(source)) {
    imported.clear();
    imported.set(source, input);
  }
  const problems = validateConfig(input, source);
  if (problems.length > 0) throw new SiteError(problems);
  return resolveConfig(root, input as SiteConfigInput, source, overrides);
}

/** A compiled configuration and the files it was compiled from (root-relative → content hash). */
interface ConfigRecord extends InputRecord {
  readonly code: string;
}

/** The configuration module's default export: compiled (or taken from the cache), then imported. */
async function importConfigModule(configFile: string, source: string, root: string): Promise<unknown> {
  const loc = { file: CONFIG_FILE, line: 1, column: 1 };
  const code = await compileConfig(configFile, source, root, loc);
  try {
    const mod = (await withoutExit(
      () => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`),
    )) as {
      default?: unknown;
    };
    return mod.default;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError([toProblem('CONFIG_LOAD', { reason }, loc)], { cause });
  }
}

/** The configuration compiled to JavaScript, cached: every command reads it first. */
async function compileConfig(configFile: string, source: string, root: string, loc: SourceLoc): Promise<string> {
  const record = path.join(CACHES.config.dir, `${hashBytes([ESBUILD_VERSION, source].join('\0')).slice(0, 20)}.json`);
  const toPath = (input: string) => path.resolve(root, input);
  const cached = await readRecord<ConfigRecord>(record, CACHES.config.format, toPath);
  if (cached) return cached.code;
  const result = await runEsbuild(
    {
      entryPoints: [configFile],
      absWorkingDir: root,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      sourcemap: false,
      metafile: true,
    },
    'CONFIG_LOAD',
    loc,
  );
  const code = result.outputFiles[0]?.text ?? '';
  // The configuration itself is verified too, against a save while it compiled.
  const files = Object.keys(result.metafile?.inputs ?? {}).filter((f) => !f.includes(':'));
  const inputs = Object.fromEntries(
    await Promise.all(files.map(async (f) => [f, (await hashFile(toPath(f))) ?? ''] as const)),
  );
  const fresh: ConfigRecord = { format: CACHES.config.format, inputs, code };
  await writeRecord(record, fresh);
  await removeUnused(path.dirname(record), (name) => name.endsWith('.json'));
  return code;
}

/** KB of gzip `site check` holds a page to when the configuration says nothing (behaviour.md: Constants). */
const DEFAULT_BUDGETS = { jsKb: 20, idleJsKb: 120, cssKb: 20, payloadKb: 30, imageKb: 200, fontKb: 100 } as const;

/** The checked configuration settled with the overrides and defaults: what every stage reads. */
function resolveConfig(root: string, input: SiteConfigInput, source: string, overrides: ConfigOverrides): SiteConfig {
  const baseUrl = resolveBaseUrl(input, overrides);
  if (overrides.host !== undefined && !HOSTS.includes(overrides.host)) {
    throw new SiteError([
      toProblem('CONFIG_INVALID', {
        field: 'host',
        reason: `\`${String(overrides.host)}\` (from --host) is none of ${HOSTS.join(', ')}`,
      }),
    ]);
  }
  const site = path.join(root, 'site');
  return Object.freeze({
    root,
    configFile: path.join(root, CONFIG_FILE),
    contentDir: path.join(site, 'content'),
    localesDir: path.join(site, 'locales'),
    templatesDir: path.join(site, 'templates'),
    publicDir: path.join(site, 'public'),
    locales: resolveLocales(input),
    defaultLocale: input.defaultLocale,
    fallbackLocale: input.fallbackLocale,
    organization: resolveOrganization(input),
    baseUrl,
    host: overrides.host ?? input.host ?? 'portable',
    listPageSize: input.listPageSize ?? 24,
    titleSeparator: input.titleSeparator ?? ' | ',
    keepWhole: Object.freeze([...(input.keepWhole ?? [])]),
    theme: Object.freeze({ ...input.theme }),
    runtime: Object.freeze({ ...input.runtime }),
    navigation: Object.freeze(input.navigation.map((n) => Object.freeze({ ...n, line: findNavLine(source, n.path) }))),
    contacts: Object.freeze((input.contacts ?? []).map((c) => Object.freeze({ ...c }))),
    redirects: Object.freeze(
      (input.redirects ?? []).map(({ from, to, status }, i) =>
        Object.freeze({ from, to, status: status ?? 301, line: findFieldLine(source, `redirects.${i}.from`) }),
      ),
    ),
    check: Object.freeze({
      budgets: Object.freeze({ ...DEFAULT_BUDGETS, ...input.check?.budgets }),
      sameInAllLocales: Object.freeze([...(input.check?.sameInAllLocales ?? [])]),
      staleTranslations: input.check?.staleTranslations ?? 'warning',
      removedPages: input.check?.removedPages ?? 'warning',
    }),
    publish: resolvePublishing(input, overrides),
    security: Object.freeze(
      Object.fromEntries(Object.entries(input.security ?? {}).map(([k, v]) => [k, Object.freeze([...v])])),
    ),
    scripts: Object.freeze(
      (input.scripts ?? []).map((s) =>
        Object.freeze({
          src: s.src,
          defer: s.defer ?? false,
          async: s.async ?? false,
          attributes: Object.freeze({ ...s.attributes }),
          consent: s.consent ?? false,
        }),
      ),
    ),
  });
}

/** The locales, each with the separator between a page title and its brand settled. */
function resolveLocales(input: SiteConfigInput): SiteConfig['locales'] {
  return Object.freeze(
    input.locales.map((l) =>
      Object.freeze({ ...l, titleSeparator: l.titleSeparator ?? input.titleSeparator ?? ' | ' }),
    ),
  );
}

/** The company's address and stations for structured data, or null when the configuration gives none. */
function resolveOrganization(input: SiteConfigInput): SiteConfig['organization'] {
  const organization = input.organization;
  if (!organization) return null;
  return Object.freeze({
    ...organization,
    stations: Object.freeze(organization.stations.map((station) => Object.freeze({ ...station }))),
  });
}

/** The base URL the pages write, from `--base-url`, then `SITE_BASE_URL`, then the configuration; null for none. */
function resolveBaseUrl(input: SiteConfigInput, overrides: ConfigOverrides): string | null {
  // `--base-url ''` asks for none; SITE_BASE_URL set to nothing (a CI variable that is not
  // defined) is unset, and the configuration's applies.
  const [given, from] =
    overrides.baseUrl !== undefined
      ? [overrides.baseUrl, 'from --base-url']
      : process.env.SITE_BASE_URL?.trim()
        ? [process.env.SITE_BASE_URL, 'from SITE_BASE_URL']
        : [input.baseUrl, 'from the configuration'];
  const baseUrl = given?.trim() ? toBaseUrl(given) : null;
  if (given?.trim() && baseUrl === null) {
    throw new SiteError([
      toProblem('CONFIG_INVALID', {
        field: 'baseUrl',
        // Quoted as JSON: a line break or a tab in it shows as `\n` or `\t`.
        reason: `${JSON.stringify(given)} (${from}) is not an absolute http(s) URL without a path, user name or password, or has a space or line break inside`,
      }),
    ]);
  }
  return baseUrl;
}

/** The line of a menu entry's path in the config source (1 when it is not found). */
function findNavLine(source: string, routePath: string): number {
  const index = source
    .split('\n')
    .findIndex((line) => line.includes(`'${routePath}'`) || line.includes(`"${routePath}"`));
  return index + 1 || 1;
}

/** Which pages are held back, the calendar that decides it, and what the build is for. */
function resolvePublishing(input: SiteConfigInput, overrides: ConfigOverrides): PublishConfig {
  const env = toBuildEnv(overrides.env, process.env, input.productionBranch ?? 'main');
  return Object.freeze({
    timeZone: input.timeZone ?? 'UTC',
    drafts: overrides.drafts ?? false,
    future: overrides.future ?? false,
    env: env.name,
    envSource: env.source,
    robots: Object.freeze([...(input.robots ?? [])]),
  });
}
