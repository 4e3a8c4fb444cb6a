import type { BuildManifest, Page, SiteConfig } from '../types.ts';
import { toHeadersFile, toNginxConf, toRedirectsFile } from './hosting.ts';
import { toBuildMeta, toLatest } from './manifest.ts';
import { toRobots, toSitemap } from './sitemap.ts';

/**
 * The files of the site as a whole, written after the pages: the sitemap, robots.txt, the host
 * files (see Hosting in the README) and the build manifests, `builds/latest.json` last, so it never
 * names a build that is not whole.
 */
export function toSiteFiles(config: SiteConfig, pages: readonly Page[], manifest: BuildManifest): [string, string][] {
  return [
    ['sitemap.xml', toSitemap(pages)],
    ['robots.txt', toRobots(config)],
    ['nginx.conf', toNginxConf(config)],
    ['_headers', toHeadersFile()],
    ['_redirects', toRedirectsFile(config)],
    toBuildMeta(manifest),
    toLatest(manifest),
  ];
}
