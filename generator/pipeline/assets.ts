import { bundleCode, toSharedFiles, withSharedFiles } from '../bundle/code.ts';
import { bundleSiteCached } from '../bundle/cache.ts';
import { toBundleKey } from '../bundle/key.ts';
import type { BuildCache } from './session-cache.ts';
import { toBuildPolicy } from '../hosts.ts';
import { planCards, type CardJob } from '../cards/cards.ts';
import { renderIcons } from '../cards/icons.ts';
import { loadTemplateInventory } from '../load/templates.ts';
import { createTranslators } from '../render/i18n.ts';
import { toSharedData } from '../render/payload.ts';
import type { ClientAssets, CodeAssets, LocaleCode, SiteConfig, Translate } from '../types.ts';
import type { Sources } from './sources.ts';

// The files every page refers to: the code bundle (server module, client chunks, styles), each
// locale's shared data, the app icons, and the share cards' names (behaviour.md: Payloads,
// Sharing). The cards themselves are drawn later, beside the search index.

export interface Bundled {
  readonly code: CodeAssets;
  /** Nothing the bundle is made of changed since it was made: it was not made again. */
  readonly reused: boolean;
}

/** The code bundle: from the disk cache (`site build`) or the session's esbuild contexts (watch mode). */
export async function bundleAssets(config: SiteConfig, cache?: BuildCache): Promise<Bundled> {
  const templates = await loadTemplateInventory(config);
  if (!cache) {
    const { assets, reused } = await bundleSiteCached(config, templates);
    return { code: assets, reused };
  }
  // Watch mode names files without hashes: a change to one leaves every other URL as it was.
  const options = { stableNames: true, dev: true, contexts: cache.esbuild };
  const { key, sourceHashes } = await toBundleKey(config);
  const last = cache.bundle?.key === key ? cache.bundle : null;
  const bundle = last ?? { key, sourceHashes, assets: (await bundleCode(config, templates, options)).assets };
  cache.bundle = bundle;
  return { code: bundle.assets, reused: last !== null };
}

export interface SiteAssets {
  readonly assets: ClientAssets;
  /** The share cards to draw (or take from the cache), named in `assets.cards`. */
  readonly cards: readonly CardJob[];
  /** Texts for what the build writes besides the pages (icons' manifests, feeds, search sections). */
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
}

/**
 * The bundle joined to each locale's shared data (watch mode names them without hashes, so an
 * edited translation leaves every URL as it was), the app icons and the cards' names. `shareable`
 * false (`site check`, which renders only to learn which keys the pages read): no icons or cards.
 */
export async function toSiteAssets(
  sources: Sources,
  code: CodeAssets,
  options: { readonly stableNames: boolean; readonly shareable: boolean },
): Promise<SiteAssets> {
  const { config, messages, pages } = sources;
  // A key these texts lack is reported by the pages that read it too.
  const translators = createTranslators(config, messages, () => undefined);
  const data = Object.fromEntries(config.locales.map((l) => [l.code, toSharedData(config, l.code, messages, pages)]));
  const files = toSharedFiles(data, { stableNames: options.stableNames });
  const shared = withSharedFiles(code, files, toBuildPolicy(config, pages));
  if (!options.shareable) return { assets: { ...shared, cards: new Map() }, cards: [], translators };
  const withAppIcons = await withIcons(shared, config, translators);
  const plan = planCards(config, pages, translators);
  return {
    assets: { ...withAppIcons, cards: plan.urls, cardVariants: plan.variants },
    cards: plan.jobs,
    translators,
  };
}

/** The assets with the app icons and manifests, when the site has a logo. */
async function withIcons(
  assets: ClientAssets,
  config: SiteConfig,
  translators: ReadonlyMap<LocaleCode, Translate>,
): Promise<ClientAssets> {
  const icons = await renderIcons(config, translators);
  if (!icons) return assets;
  const { files, ...urls } = icons;
  return { ...assets, files: new Map([...assets.files, ...files]), icons: urls };
}
