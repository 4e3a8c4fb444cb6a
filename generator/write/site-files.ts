import { CONTENT_SECURITY_POLICY, HOST_PROFILES, type HostFile } from '../hosts.ts';
import type { BuildManifest, Page, SiteConfig, SiteRedirect } from '../types.ts';
import { toHeadersFile, toNginxConf, toRedirectsFile, toS3Script } from './hosting.ts';
import { toRedirectPages } from './redirect-pages.ts';
import { toRobots, toSitemap } from './sitemap.ts';
import { toPageFiles } from '../../runtime/urls.ts';

/**
 * Written after the pages, `builds/latest.json` last, so it never names a partial build
 * (behaviour.md: Hosts). `otherHtml`: error pages and public HTML files.
 */
export function toSiteFiles(
  config: SiteConfig,
  pages: readonly Page[],
  manifest: BuildManifest,
  otherHtml: readonly string[],
): [string, string][] {
  const redirects: readonly SiteRedirect[] = manifest.redirects ?? [];
  const policy = manifest.policy ?? CONTENT_SECURITY_POLICY;
  const hostFile = (name: HostFile): string => {
    switch (name) {
      case 'nginx.conf':
        return toNginxConf(config, redirects, policy);
      case '_headers':
        return toHeadersFile(config.host, config.publish.env === 'preview', policy);
      case '_redirects':
        return toRedirectsFile(config, redirects);
      case '.nojekyll':
        return '';
      case 'deploy-s3.sh':
        return toS3Script(
          pages.map((p) => [toHtmlFile(p.url), p.url === '/' ? 'index.html' : p.url.slice(1)] as const),
          otherHtml,
          redirects.map((r) => [toHtmlFile(r.from), r.from.slice(1), r.to] as const),
        );
    }
  };
  return [
    ['sitemap.xml', toSitemap(config, pages, manifest.dated ?? {})],
    ['robots.txt', toRobots(config)],
    ...HOST_PROFILES[config.host].files.map((name): [string, string] => [name, hostFile(name)]),
    ...toRedirectPages(config, redirects),
    [`builds/meta/${manifest.id}.json`, JSON.stringify(manifest)],
    ['builds/latest.json', JSON.stringify({ id: manifest.id, timestamp: manifest.timestamp })],
  ];
}

const toHtmlFile = (url: string) => toPageFiles(url, 'html')[0] as string;
