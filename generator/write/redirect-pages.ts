import { toHtmlText } from '../escape.ts';
import { HOST_PROFILES, PAGE_CONTENT_SECURITY_POLICY } from '../hosts.ts';
import type { SiteConfig, SiteRedirect } from '../types.ts';
import { toAbsoluteUrl, toLocaleOfPath, toPageFiles } from '../../runtime/urls.ts';

// For hosts without redirect rules (behaviour.md: Moved and removed pages). No script: the policy
// allows none inline.

function toRedirectPage(config: SiteConfig, redirect: SiteRedirect): string {
  const { to } = redirect;
  const absolute = to.startsWith('/') ? (config.baseUrl === null ? null : toAbsoluteUrl(config.baseUrl, to)) : to;
  const policy = HOST_PROFILES[config.host].policyInPage
    ? [`<meta http-equiv="Content-Security-Policy" content="${toHtmlText(PAGE_CONTENT_SECURITY_POLICY)}">`]
    : [];
  const href = toHtmlText(to);
  const { iso } = toLocaleOfPath(config.locales, redirect.from);
  // Shown before the refresh, or where refresh is off.
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

export function toRedirectPages(config: SiteConfig, redirects: readonly SiteRedirect[]): [string, string][] {
  const { layout, redirectPages } = HOST_PROFILES[config.host];
  if (!redirectPages) return [];
  return redirects.flatMap((redirect) => {
    const page = toRedirectPage(config, redirect);
    return toPageFiles(redirect.from, layout).map((file): [string, string] => [file, page]);
  });
}
