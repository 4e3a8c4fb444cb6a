import { toHtmlText } from '../escape.ts';
import { HOST_PROFILES, PAGE_CONTENT_SECURITY_POLICY } from '../hosts.ts';
import type { SiteConfig, SiteRedirect } from '../types.ts';
import { toAbsoluteUrl, toLocaleOfPath, toPageFiles } from '../../runtime/urls.ts';

// Where the host reads no redirect rules (GitHub Pages, a plain file server), an old address is a
// tiny page that sends the visitor on (behaviour.md: Moved and removed pages): a refresh at once,
// the new address as canonical so search engines move their entry, kept out of the index, and a
// plain link. No script: the site's policy allows none inline.

/** The document that stands at an old address. */
export function toRedirectPage(config: SiteConfig, redirect: SiteRedirect): string {
  const { to } = redirect;
  const absolute = to.startsWith('/') ? (config.baseUrl === null ? null : toAbsoluteUrl(config.baseUrl, to)) : to;
  const policy = HOST_PROFILES[config.host].policyInPage
    ? [`<meta http-equiv="Content-Security-Policy" content="${toHtmlText(PAGE_CONTENT_SECURITY_POLICY)}">`]
    : [];
  const href = toHtmlText(to);
  const { iso } = toLocaleOfPath(config.locales, redirect.from);
  // The moment before the refresh, or where refresh is turned off, the visitor reads where the
  // page went, in the language of its old address (Chinese for a `zh` locale, English otherwise).
  const moved = iso.toLowerCase().startsWith('zh') ? '此頁已移至：' : 'This page has moved to ';
  return [
    '<!DOCTYPE html>',
    `<html lang="${iso}">`,
    '<head>',
    '<meta charset="utf-8">',
    ...policy,
    `<title>${toHtmlText(moved)}${href}</title>`,
    '<meta name="robots" content="noindex">',
    ...(absolute ? [`<link rel="canonical" href="${toHtmlText(absolute)}">`] : []),
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    '</head>',
    '<body>',
    `<p>${toHtmlText(moved)}<a href="${href}">${href}</a></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The redirect pages of an output shaped for a host that needs them, by file. */
export function toRedirectPages(config: SiteConfig, redirects: readonly SiteRedirect[]): [string, string][] {
  const { layout, redirectPages } = HOST_PROFILES[config.host];
  if (!redirectPages) return [];
  return redirects.flatMap((redirect) => {
    const page = toRedirectPage(config, redirect);
    // Each in the files a page of its path would have, where the host serves files and no rules.
    return toPageFiles(redirect.from, layout).map((file): [string, string] => [file, page]);
  });
}
