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

// The files every page refers to (behaviour.md: Payloads, Sharing); cards are only named here and
// drawn later, beside the search index.

/** From the disk cache (`site build`) or the session's esbuild contexts (watch mode); `reused`: none of its inputs changed. */
export async function bundleAssets(config: SiteConfig, cache?: BuildCache) {
  const templates = await loadTemplateInventory(config);
  if (!cache) {
    const { assets, reused } = await bundleSiteCached(config, templates);
    return { code: assets, reused };
  }
  const options = { stableNames: true, dev: true, contexts: cache.esbuild };
  const { key, sourceHashes } = await toBundleKey(config);
  const last = cache.bundle?.key === key ? cache.bundle : null;
  const bundle = last ?? { key, sourceHashes, assets: (await bundleCode(config, templates, options)).assets };
  cache.bundle = bundle;
  return { code: bundle.assets, reused: last !== null };
}

export interface SiteAssets {
  readonly assets: ClientAssets;
  /** Named in `assets.cards`. */
  readonly cards: readonly CardJob[];
  /** For the manifests, feeds and search sections. */
  readonly translators: ReadonlyMap<LocaleCode, Translate>;
}

/** `shareable` false (`site check`, which renders only to learn the keys pages read): no icons or cards. */
export async function toSiteAssets(
  sources: Sources,
  code: CodeAssets,
  options: { readonly stableNames: boolean; readonly shareable: boolean },
): Promise<SiteAssets> {
  const { config, messages, pages } = sources;
  // A missing key is reported by the pages that read it.
  const translators = createTranslators(config, messages, () => undefined);
  const data = Object.fromEntries(config.locales.map((l) => [l.code, toSharedData(config, l.code, messages, pages)]));
  const files = toSharedFiles(data, { stableNames: options.stableNames });
  const shared = withSharedFiles(code, files, toBuildPolicy(config, pages));
  if (!options.shareable) return { assets: { ...shared, cards: new Map() }, cards: [], translators };
  let withIcons: ClientAssets = shared;
  const icons = await renderIcons(config, translators);
  if (icons) {
    const { files: iconFiles, ...urls } = icons;
    withIcons = { ...shared, files: new Map([...shared.files, ...iconFiles]), icons: urls };
  }
  const plan = planCards(config, pages, translators);
  return {
    assets: { ...withIcons, cards: plan.urls, cardVariants: plan.variants },
    cards: plan.jobs,
    translators,
  };
}
