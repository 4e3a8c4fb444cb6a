import path from 'node:path';
import type { BuildCache } from './session-cache.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import { buildSearchIndexes, warmSearch, type SearchIndexes } from '../search/pagefind.ts';
import type { BuildManifest, SiteConfig } from '../types.ts';
import { readLatestManifest, toBuiltWith, toPreviousBuilds } from '../write/manifest.ts';
import { removeTree, swapIntoPlace } from '../write/out-dir.ts';
import { toSiteFiles } from '../write/site-files.ts';
import { toDatedPages } from '../write/lastmod.ts';
import type { SiteAssets } from './assets.ts';
import type { Output } from './output.ts';
import type { Sources } from './sources.ts';

// The search index, the build id, manifests and host files, then the swap into place
// (behaviour.md: Build id, Build manifests).

export async function indexSearch(
  config: SiteConfig,
  output: Output,
  cache: BuildCache | undefined,
): Promise<SearchIndexes | null> {
  if (!output.search) return null;
  let search: SearchIndexes;
  try {
    search = await buildSearchIndexes(config, output.search, (file) => output.sink.read(file));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteError([toProblem('SEARCH_FAILED', { reason })], { cause: error });
  }
  // Warm Pagefind while no one waits, if the session's first build did not need it.
  if (cache && !cache.searchWarmed) {
    cache.searchWarmed = true;
    if (search.indexed === 0) void warmSearch(config);
  }
  return search;
}

/** `outDir` null: the build stays in memory. `problems`: PAGE_REMOVED warnings. */
export async function finishOutput(input: {
  readonly sources: Sources;
  readonly output: Output;
  readonly outDir: string | null;
  readonly time: { readonly time: number; readonly fixed: boolean };
  readonly cards: ReadonlyMap<string, Uint8Array>;
  readonly search: SearchIndexes | null;
  readonly site: SiteAssets;
}) {
  const { output, outDir, search, sources } = input;
  for (const [file, png] of input.cards) output.sink.write(file, png);
  // Index files enter the build id by their folder's hash.
  for (const [folder, hash] of search?.folders ?? []) output.digest?.addHashed(folder, hash);
  for (const [file, contents] of search?.files ?? []) output.unhashed.write(file, contents);
  // Redirect pages are written after the id, so they enter it here.
  output.digest?.add('redirects', JSON.stringify(sources.redirects));
  const buildId = output.digest ? output.digest.toId() : output.buildId;
  output.digest?.finish(buildId, (file, offsets, text) => output.unhashed.patch(file, offsets, text));
  const manifest = toManifest({ ...input, buildId });
  for (const [file, contents] of toSiteFiles(sources.config, sources.pages, manifest, output.otherHtml))
    output.unhashed.write(file, contents);
  await output.unhashed.settle();
  const previousOut = output.staging && outDir ? swapIntoPlace(output.staging, outDir) : null;
  if (previousOut) removeTree(previousOut);
  const problems = (manifest.removed ?? []).map((url) => toProblem('PAGE_REMOVED', { url }));
  return { buildId, manifest, outDir, problems };
}

/** Carries the previous builds' files, so their open pages still load (no version skew). */
function toManifest(input: Parameters<typeof finishOutput>[0] & { readonly buildId: string }): BuildManifest {
  const { output, outDir, search, buildId, time, sources } = input;
  const { assets } = input.site;
  const current = [...assets.files.keys(), ...input.cards.keys(), ...(search?.files.keys() ?? [])];
  const previous = outDir ? toPreviousBuilds(outDir, buildId, new Set(current)) : null;
  const replaced = outDir ? readLatestManifest(outDir) : null;
  for (const file of previous?.files ?? []) output.unhashed.carry(file, path.join(outDir as string, file));
  // Pages neither written nor redirected: they would answer 404 (behaviour.md: Moved and removed pages).
  const answered = new Set([...sources.pages.map((p) => p.url), ...sources.redirects.map((r) => r.from)]);
  return {
    id: buildId,
    // When the id was first built, unless SOURCE_DATE_EPOCH fixes the time.
    timestamp: (time.fixed ? null : previous?.sameBuildTimestamp) ?? time.time,
    prerendered: sources.pages.map((p) => p.url),
    assets: current,
    kept: previous?.ids ?? [],
    builtWith: toBuiltWith(sources.config),
    ...(search ? { search: search.urls } : {}),
    shared: assets.shared,
    redirects: sources.redirects,
    policy: assets.policy,
    removed: (replaced?.prerendered ?? []).filter((url) => !answered.has(url)),
    dated: toDatedPages(sources.config, sources.pages, replaced?.dated, time.time),
    scripts: { idle: assets.idle, templates: assets.templates },
  };
}
