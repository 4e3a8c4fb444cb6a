import { BOT_PATTERN } from '../../runtime/bots.ts';
import type { SiteConfig } from '../types.ts';

// Host files written beside the pages, generated from the same configuration as the site: the
// security headers, the cache policy per kind of file, the 404 page per language, and the locale
// decision at the edge for the bare root (behaviour.md: Root redirect), so the client-side
// redirect is only a fallback.

/** Nothing inline on any page (the data block is JSON, scripts are files): no 'unsafe-*' needed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: readonly [string, string][] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  [
    'Permissions-Policy',
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  ],
];

/**
 * The paths whose trailing slash nginx removes with a 301, as written in the configuration file.
 * The target is `$uri`, which nginx has decoded, so the pattern admits only what stays a path of
 * the same site (behaviour.md: Safety): a first segment that starts with neither `/` nor `\`
 * nor whitespace (browsers read `/\evil.example` as `//evil.example`), and no backslash or control
 * character anywhere (browsers drop tab and newlines, so `/%09/evil.example/` would read as
 * `//evil.example`). `\z`, not `$`, which would also match before a final newline. nginx turns
 * `\\` into `\` in its configuration strings before PCRE reads them, so a literal backslash is
 * written as four.
 */
const TRAILING_SLASH_PATTERN = String.raw`^(?<site_path>/[^/\\\\\s\x00-\x1f\x7f][^\\\\\x00-\x1f\x7f]*)/\z`;
const TRAILING_SLASH_COMMENT = [
  '# One trailing-slash policy: /en/contact/ → /en/contact, and only to a path of this site: a path',
  '# starting with //, /\\ or a space, or holding a backslash or a control character, gets the 404 page.',
];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** nginx drops the server's `add_header`s in a block that adds its own: every block repeats them. */
function headers(indent: string, cacheControl: string): string {
  return [...SECURITY_HEADERS, ['Cache-Control', cacheControl] as const]
    .map(([name, value]) => `${indent}add_header ${name} "${value}" always;`)
    .join('\n');
}

/** An includable `server`-level nginx snippet: `root` is the output folder, set by the includer. */
export function toNginxConf(config: SiteConfig): string {
  const prefixed = config.locales.filter((l) => l.prefix);
  const primaries = config.locales.map((l) => l.iso.split('-')[0] as string);
  const languages = [...new Set(primaries)].join('|');
  const cookie = `$cookie_${config.runtime.cookieName}`;
  const maxAge = config.runtime.cookieMaxAgeDays * 86400;
  const rootBlock = [
    '# The bare root decides the language: a stored choice first, then the first of the',
    "# visitor's Accept-Language tags (in the order sent) whose language the site has; crawlers and",
    '# every other path are never redirected.',
    'location = / {',
    headers('    ', REVALIDATE),
    '    add_header Vary "Cookie, Accept-Language, User-Agent" always;',
    '    set $site_lang "";',
    `    if ($http_accept_language ~* "^\\s*(?:(?!(?:${languages})(?:[-_;,\\s]|$))[^,]*,\\s*)*(${languages})(?:[-_;,\\s]|$)") {`,
    '        set $site_lang $1;',
    '    }',
    `    set $site_key "${cookie}:$site_lang";`,
    // The runtime's own pattern (behaviour.md: Crawlers and bots), matched without case as there.
    `    if ($http_user_agent ~* "${BOT_PATTERN.source}") {`,
    '        set $site_key "bot";',
    '    }',
    ...prefixed.flatMap((l) => {
      const primary = l.iso.split('-')[0] as string;
      const known = config.locales.map((x) => `${x.code}:`).join('|');
      return [
        `    if ($site_key ~ "^${l.code}:") {`,
        headers('        ', REVALIDATE),
        `        return 302 ${l.prefix}$is_args$args;`,
        '    }',
        `    if ($site_key ~* "^(?!${known}|bot$)[^:]*:${primary}$") {`,
        headers('        ', REVALIDATE),
        `        add_header Set-Cookie "${config.runtime.cookieName}=${l.code}; Max-Age=${maxAge}; Path=/; SameSite=Lax" always;`,
        `        return 302 ${l.prefix}$is_args$args;`,
        '    }',
      ];
    }),
    '    try_files /index.html =404;',
    '}',
  ];
  const localeBlocks = prefixed.flatMap((l) => [
    `location = ${l.prefix} {`,
    headers('    ', REVALIDATE),
    `    error_page 404 ${l.prefix}/404.html;`,
    `    try_files ${l.prefix}/index.html =404;`,
    '}',
    `location ${l.prefix}/ {`,
    headers('    ', REVALIDATE),
    `    error_page 404 ${l.prefix}/404.html;`,
    '    try_files $uri $uri/index.html =404;',
    '}',
  ]);
  return [
    '# Generated by `site build` from site/site.config.ts: include it inside a `server { }` block',
    '# whose `root` is this folder. Do not edit; change the configuration and build again.',
    'charset utf-8;',
    'charset_types text/css application/javascript application/json image/svg+xml text/plain application/xml;',
    'index index.html;',
    'absolute_redirect off;',
    'server_tokens off;',
    '# `site build --precompress` writes .gz and .br beside every text file above 1 KB: served as',
    '# they are. Without them (or below 1 KB) text is compressed on the fly.',
    'gzip_static on;',
    '# brotli_static on;  # uncomment where the ngx_brotli module is loaded',
    'gzip on;',
    'gzip_vary on;',
    'gzip_min_length 1024;',
    'gzip_types text/css application/javascript application/json image/svg+xml text/plain application/xml;',
    '',
    ...rootBlock,
    '',
    ...TRAILING_SLASH_COMMENT,
    `location ~ "${TRAILING_SLASH_PATTERN}" {`,
    headers('    ', REVALIDATE),
    '    return 301 $site_path$is_args$args;',
    '}',
    '',
    '# The host files themselves are configuration, not content; the output marker neither.',
    'location ~ ^/(?:nginx\\.conf|_headers|_redirects|\\.site-output)$ {',
    headers('    ', REVALIDATE),
    '    error_page 404 /404.html;',
    '    return 404;',
    '}',
    '',
    '# Content-hashed files and build manifests never change; the latest build id always may.',
    'location /_app/ {',
    headers('    ', IMMUTABLE),
    '    try_files $uri =404;',
    '}',
    'location /builds/meta/ {',
    headers('    ', IMMUTABLE),
    '    try_files $uri =404;',
    '}',
    'location = /builds/latest.json {',
    headers('    ', REVALIDATE),
    '    try_files $uri =404;',
    '}',
    '',
    '# Pages and payloads: `<path>/index.html` for `<path>`, revalidated on every visit; unknown',
    '# paths answer 404 with the page of their language.',
    ...localeBlocks,
    'location / {',
    headers('    ', REVALIDATE),
    '    error_page 404 /404.html;',
    '    try_files $uri $uri/index.html =404;',
    '}',
    '',
  ].join('\n');
}

/** `_headers` for hosts that read it (Netlify, Cloudflare Pages): security headers and caching. */
export function toHeadersFile(): string {
  const security = SECURITY_HEADERS.map(([name, value]) => `  ${name}: ${value}`).join('\n');
  return [
    '# Generated by `site build`. Every response: security headers, revalidated unless hashed.',
    '/*',
    security,
    `  Cache-Control: ${REVALIDATE}`,
    '',
    '/_app/*',
    `  ! Cache-Control`,
    `  Cache-Control: ${IMMUTABLE}`,
    '',
    '/builds/meta/*',
    `  ! Cache-Control`,
    `  Cache-Control: ${IMMUTABLE}`,
    '',
  ].join('\n');
}

/** `_redirects` for hosts that read it: the 404 page of each language, and the root's conditions. */
export function toRedirectsFile(config: SiteConfig): string {
  const prefixed = config.locales.filter((l) => l.prefix);
  return [
    '# Generated by `site build`. Unknown paths get the 404 page of their language.',
    '#',
    '# The bare root is decided by the page itself (a blocking script reads the cookie,',
    '# then the browser languages; crawlers are never redirected). Netlify can also decide it at the',
    '# edge with the rules below, but it matches only the presence of a cookie, not its value, and',
    '# cannot tell a crawler by its user agent: a crawler sending no Accept-Language may be taken for',
    '# an English visitor and never index the default-language root. Uncomment them only if that is',
    '# acceptable. (Cloudflare Pages ignores conditions; leave them commented there.)',
    `# /  /index.html  200!  Cookie=${config.runtime.cookieName}`,
    ...prefixed.map((l) => `# /  ${l.prefix}  302!  Language=${l.iso.split('-')[0] as string}`),
    '',
    ...prefixed.map((l) => `${l.prefix}/*  ${l.prefix}/404.html  404`),
    '/*  /404.html  404',
    '',
  ].join('\n');
}
