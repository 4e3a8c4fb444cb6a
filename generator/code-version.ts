import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from './paths.ts';

// The code that made a cache entry: a new `site` never serves what an old one made.

let codeVersion: string | null = null;

/**
 * A hash of dist/ (or the generator's and runtime's sources), Node's version, its Unicode data
 * (word breaks come from Intl.Segmenter) and its zlib (cards' PNGs).
 */
export function toCodeVersion(): string {
  if (codeVersion !== null) return codeVersion;
  const hash = createHash('sha256');
  const here = fileURLToPath(import.meta.url);
  const dist = path.join(PACKAGE_ROOT, 'dist');
  const roots = here.startsWith(dist + path.sep)
    ? [dist]
    : [path.join(PACKAGE_ROOT, 'generator'), path.join(PACKAGE_ROOT, 'runtime')];
  for (const root of roots) {
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(?:js|ts|tsx)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(`${path.relative(PACKAGE_ROOT, file)}\0`).update(readFileSync(file));
  }
  const { versions } = process;
  hash.update(
    `${process.version} ${versions.icu ?? ''} ${versions.unicode ?? ''} ${versions.cldr ?? ''} ${versions.zlib ?? ''}\0`,
  );
  codeVersion = hash.digest('hex');
  return codeVersion;
}

const packageVersions = new Map<string, string>();

/** A hash of a package's manifest and those of its dependencies (entities, mdurl… for markdown-it). */
export function toPackageVersions(name: string): string {
  const known = packageVersions.get(name);
  if (known !== undefined) return known;
  const hash = createHash('sha256');
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  for (const file of [manifest, ...toDependencyManifests(manifest)])
    hash.update(`${path.relative(PACKAGE_ROOT, file)}\0`).update(existsSync(file) ? readFileSync(file) : 'missing');
  const version = hash.digest('hex');
  packageVersions.set(name, version);
  return version;
}

/** Where Node would find each dependency's package.json from the package. */
function toDependencyManifests(manifest: string): string[] {
  const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(dependencies)
    .sort()
    .map((name) => {
      const inside = path.join(path.dirname(manifest), 'node_modules', name, 'package.json');
      const beside = path.join(path.dirname(manifest), '..', name, 'package.json');
      return existsSync(inside) ? inside : beside;
    });
}
