import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toContentHash } from './bundle.ts';
import type { LocaleCode, SiteConfig, Translate } from './types.ts';

// The app icons and the web app manifests (behaviour.md: Sharing): PNGs rendered from
// `site/public/logo.svg` at build time, on the theme's primary colour so that no corner is left
// transparent (home screens round icons themselves), under content-hashed names.

/** Icon sizes: the touch icon, then the manifest's two. */
export const ICON_SIZES = { touch: 180, small: 192, large: 512 } as const;

export interface Icons {
  /** Root-relative URLs of the PNGs. */
  readonly touch: string;
  readonly small: string;
  readonly large: string;
  /** Root-relative URL of each locale's web app manifest. */
  readonly manifests: Readonly<Record<LocaleCode, string>>;
  /** The files to write, by output path. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

/** One rendering per logo: watch sessions and repeated builds in a process reuse it. */
const rendered = new Map<string, Promise<Record<keyof typeof ICON_SIZES, Uint8Array>>>();

/** The icons and manifests, or null when the site has no `logo.svg`. */
export async function renderIcons(
  config: SiteConfig,
  translators: ReadonlyMap<LocaleCode, Translate>,
): Promise<Icons | null> {
  const logo = await readFile(path.join(config.publicDir, 'logo.svg'), 'utf8').catch(() => null);
  if (logo === null) return null;
  const key = `${config.theme.primary}\n${logo}`;
  let pngs = rendered.get(key);
  if (!pngs) {
    pngs = (async () => {
      const { Resvg } = await import('@resvg/resvg-js');
      const draw = (size: number) =>
        new Resvg(logo, {
          fitTo: { mode: 'width', value: size },
          background: config.theme.primary,
          font: { loadSystemFonts: false },
        })
          .render()
          .asPng();
      return { touch: draw(ICON_SIZES.touch), small: draw(ICON_SIZES.small), large: draw(ICON_SIZES.large) };
    })();
    rendered.set(key, pngs);
  }
  const images = await pngs;
  const files = new Map<string, string | Uint8Array>();
  const add = (name: string, ext: string, contents: string | Uint8Array) => {
    const file = `_app/${name}.${toContentHash(contents)}.${ext}`;
    files.set(file, contents);
    return `/${file}`;
  };
  const touch = add('icon-180', 'png', images.touch);
  const small = add('icon-192', 'png', images.small);
  const large = add('icon-512', 'png', images.large);
  const manifests: Record<LocaleCode, string> = {};
  for (const locale of config.locales) {
    const t = translators.get(locale.code);
    if (!t) continue;
    const manifest = {
      name: t('footer:company'),
      short_name: t('nav:brand'),
      lang: locale.iso,
      start_url: locale.prefix || '/',
      scope: '/',
      display: 'browser',
      theme_color: config.theme.primary,
      background_color: '#ffffff',
      icons: [
        { src: small, sizes: `${ICON_SIZES.small}x${ICON_SIZES.small}`, type: 'image/png' },
        { src: large, sizes: `${ICON_SIZES.large}x${ICON_SIZES.large}`, type: 'image/png' },
      ],
    };
    manifests[locale.code] = add(`manifest.${locale.code}`, 'webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return { touch, small, large, manifests, files };
}
