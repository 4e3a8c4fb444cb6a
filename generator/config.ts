import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESBUILD_VERSION, runEsbuild } from './esbuild.ts';
import { SiteError, toProblem } from './problems/problem.ts';
import { hashBytes, hashFile, readRecord, removeUnused, writeRecord, type InputRecord } from './file-cache.ts';
import { CACHES } from './caches.ts';
import type { HostName, SiteConfig, SourceLoc } from './types.ts';
import { HOSTS, toBaseUrl, type SiteSettings } from './schema/config.ts';
import { withoutExit } from './node-module.ts';
import { CONFIG_FILE, checkConfig, findFieldLine } from './config-check.ts';
import { toBuildEnv } from './build-env.ts';

export interface ConfigOverrides {
  /** `--base-url`, then `SITE_BASE_URL`. */
  baseUrl?: string | undefined;
  /** `site build --host`. */
  host?: HostName | undefined;
  /** Build what a production build leaves out, marked (behaviour.md: Publishing). */
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
    const reason = `${CONFIG_FILE} cannot be read`;
    const problem = missing
      ? toProblem('CONFIG_MISSING', { file: configFile, root })
      : toProblem('CONFIG_LOAD', { reason }, { file: CONFIG_FILE, line: 1, column: 1 });
    throw new SiteError([problem], { cause });
  });
  // Watch mode passes what the last import of the same source gave: no compile, no new module.
  const input = imported?.has(source) ? imported.get(source) : await importConfigModule(configFile, source, root);
  if (imported && !imported.has(source)) {
    imported.clear();
    imported.set(source, input);
  }
  const { settings, problems } = checkConfig(input, source);
  if (!settings) throw new SiteError(problems);
  return resolveConfig(root, settings, source, overrides);
}

interface ConfigRecord extends InputRecord {
  readonly code: string;
}

async function importConfigModule(configFile: string, source: string, root: string): Promise<unknown> {
  const loc = { file: CONFIG_FILE, line: 1, column: 1 };
  const code = await compileConfig(configFile, source, root, loc);
  try {
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const mod = (await withoutExit(() => import(url))) as { default?: unknown };
    return mod.default;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError([toProblem('CONFIG_LOAD', { reason }, loc)], { cause });
  }
}

/** Cached: every command reads it first. */
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
  // The configuration too, in case it was saved while it compiled.
  const files = Object.keys(result.metafile?.inputs ?? {}).filter((f) => !f.includes(':'));
  const inputs = Object.fromEntries(
    await Promise.all(files.map(async (f) => [f, (await hashFile(toPath(f))) ?? ''] as const)),
  );
  const fresh: ConfigRecord = { format: CACHES.config.format, inputs, code };
  await writeRecord(record, fresh);
  await removeUnused(path.dirname(record), (name) => name.endsWith('.json'));
  return code;
}

function resolveConfig(root: string, input: SiteSettings, source: string, overrides: ConfigOverrides): SiteConfig {
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
  const { timeZone, robots, productionBranch, ...own } = structuredClone(input);
  const env = toBuildEnv(overrides.env, process.env, productionBranch);
  return freezeDeep({
    root,
    configFile: path.join(root, CONFIG_FILE),
    contentDir: path.join(site, 'content'),
    localesDir: path.join(site, 'locales'),
    templatesDir: path.join(site, 'templates'),
    publicDir: path.join(site, 'public'),
    ...own,
    locales: own.locales.map((l) => ({ ...l, titleSeparator: l.titleSeparator ?? own.titleSeparator })),
    organization: own.organization ?? null,
    baseUrl,
    host: overrides.host ?? own.host,
    navigation: own.navigation.map((n, i) => ({ ...n, line: findFieldLine(source, `navigation.${i}.path`) })),
    redirects: own.redirects.map((redirect, i) => ({
      ...redirect,
      line: findFieldLine(source, `redirects.${i}.from`),
    })),
    publish: {
      timeZone,
      drafts: overrides.drafts ?? false,
      future: overrides.future ?? false,
      env: env.name,
      envSource: env.source,
      robots,
    },
  });
}

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeDeep(inner);
  }
  return value;
}

/** `--base-url`, then `SITE_BASE_URL`, then the configuration; null for none. */
function resolveBaseUrl(input: SiteSettings, overrides: ConfigOverrides): string | null {
  // `--base-url ''` asks for none; an empty SITE_BASE_URL (an undefined CI variable) is unset.
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
        // As JSON, so a line break or tab shows.
        reason: `${JSON.stringify(given)} (${from}) is not an absolute http(s) URL without a path, user name or password, or has a space or line break inside`,
      }),
    ]);
  }
  return baseUrl;
}
