import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toContentHash } from '../bundle/run.ts';
import { SiteError, toProblem } from '../problems/problem.ts';
import { hashBytes, readCacheFile, removeUnused, writeCacheFile } from '../file-cache.ts';
import { isWholePng } from '../png.ts';
import { CACHE_DIR } from '../paths.ts';
import type { ClientAssets, LocaleCode, SiteConfig, Translate } from '../types.ts';

// App icons and web manifests (behaviour.md: Sharing), drawn on the primary colour: home screens
// round the corners themselves, so none may be transparent.

/** The touch icon, then the manifest's two. */
const ICON_SIZES = { touch: 180, small: 192, large: 512 } as const;
type IconImages = Record<keyof typeof ICON_SIZES, Uint8Array>;

interface Icons extends NonNullable<ClientAssets['icons']> {
  /** By output path. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

const rendered = new Map<string, Promise<IconImages>>();

/** At the line and column resvg names ("… at 1:89 …"). */
function toLogoProblem(error: unknown): SiteError {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  const at = / at (\d+):(\d+)/.exec(reason);
  const loc = { file: 'site/public/logo.svg', line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) : 1 };
  return new SiteError([toProblem('LOGO_INVALID', { reason }, loc)], { cause: error });
}

/** Null when the site has no `logo.svg`. */
export async function renderIcons(
  config: SiteConfig,
  translators: ReadonlyMap<LocaleCode, Translate>,
): Promise<Icons | null> {
  const logo = await readFile(path.join(config.publicDir, 'logo.svg'), 'utf8').catch(() => null);
  if (logo === null) return null;
  const images = await loadIconImages(logo, config.theme.primary);
  const files = new Map<string, string | Uint8Array>();
  const add = (name: string, ext: string, contents: string | Uint8Array) => {
    const file = `_app/${name}.${toContentHash(contents)}.${ext}`;
    files.set(file, contents);
    return `/${file}`;
  };
  const urls = {
    touch: add('icon-180', 'png', images.touch),
    small: add('icon-192', 'png', images.small),
    large: add('icon-512', 'png', images.large),
  };
  const manifests: Record<LocaleCode, string> = {};
  for (const locale of config.locales) {
    const manifest = toWebManifest(config, locale, translators.get(locale.code) as Translate, urls);
    manifests[locale.code] = add(`manifest.${locale.code}`, 'webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return { ...urls, manifests, files };
}

/** From this process, the cache (resvg then not even loaded), or resvg. */
function loadIconImages(logo: string, background: string): Promise<IconImages> {
  const key = `${background}\n${logo}`;
  let pngs = rendered.get(key);
  if (!pngs) {
    pngs = readCachedIcons(key).then(async (cached) => {
      if (cached) return cached;
      const { Resvg } = await import('@resvg/resvg-js');
      const draw = (size: number) =>
        new Resvg(logo, { fitTo: { mode: 'width', value: size }, background, font: { loadSystemFonts: false } })
          .render()
          .asPng();
      let drawn: IconImages;
      try {
        drawn = { touch: draw(ICON_SIZES.touch), small: draw(ICON_SIZES.small), large: draw(ICON_SIZES.large) };
      } catch (error) {
        throw toLogoProblem(error);
      }
      await writeCachedIcons(key, drawn);
      return drawn;
    });
    rendered.set(key, pngs);
  }
  return pngs;
}

function toWebManifest(
  config: SiteConfig,
  locale: SiteConfig['locales'][number],
  t: Translate,
  urls: { readonly small: string; readonly large: string },
) {
  return {
    name: t('footer:company'),
    short_name: t('nav:brand'),
    lang: locale.iso,
    start_url: locale.prefix || '/',
    scope: '/',
    display: 'browser',
    theme_color: config.theme.primary,
    background_color: '#ffffff',
    icons: [
      { src: urls.small, sizes: `${ICON_SIZES.small}x${ICON_SIZES.small}`, type: 'image/png' },
      { src: urls.large, sizes: `${ICON_SIZES.large}x${ICON_SIZES.large}`, type: 'image/png' },
    ],
  };
}

const ICONS_DIR = path.join(CACHE_DIR, 'icons');
const toCacheFile = (key: string, name: string) => path.join(ICONS_DIR, `${hashBytes(key)}-${name}.png`);

async function readCachedIcons(key: string): Promise<IconImages | null> {
  const names = Object.keys(ICON_SIZES) as (keyof typeof ICON_SIZES)[];
  const files = await Promise.all(names.map((name) => readCacheFile(toCacheFile(key, name))));
  if (files.some((file) => file === null || !isWholePng(file))) return null;
  return Object.fromEntries(names.map((name, i) => [name, files[i] as Uint8Array])) as IconImages;
}

async function writeCachedIcons(key: string, images: IconImages): Promise<void> {
  await Promise.all(Object.entries(images).map(([name, png]) => writeCacheFile(toCacheFile(key, name), png)));
  await removeUnused(ICONS_DIR, (name) => name.endsWith('.png'));
}
