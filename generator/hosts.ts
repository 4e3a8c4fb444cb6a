import type { PageLayout } from '../runtime/urls.ts';
import type { PolicyDirective } from './schema/security.ts';
import type { HostName, Page, SecurityConfig, SiteConfig } from './types.ts';

// The static hosts (behaviour.md: Hosts). Each serves a canonical URL with 200 and no redirect
// only from the file layout it knows, and reads its own configuration files, or none.

/** What each directive allows whatever the configuration says. */
const BASE_SOURCES = {
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  frameSrc: ["'self'"],
  formAction: ["'self'"],
  styleSrc: ["'self'"],
  fontSrc: ["'self'"],
  mediaSrc: ["'self'"],
} as const satisfies Record<PolicyDirective, readonly string[]>;

/** Where video embeds load their player from (behaviour.md: Video embeds). */
const VIDEO_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const;
export type VideoProvider = keyof typeof VIDEO_ORIGINS;

interface PolicyInput {
  readonly security: SecurityConfig;
  readonly scripts: readonly { readonly src: string }[];
  readonly videos: readonly VideoProvider[];
}

/**
 * The build's one Content Security Policy (behaviour.md: Security policy): nothing is inline, so no
 * 'unsafe-inline' or 'unsafe-eval'; the search's WebAssembly needs 'wasm-unsafe-eval' (behaviour.md:
 * Search). Frames and media are written only when something is added: `default-src` covers them.
 */
export function toContentSecurityPolicy(input: PolicyInput): string {
  const scriptOrigins = input.scripts.flatMap((s) => (s.src.startsWith('https://') ? [new URL(s.src).origin] : []));
  const directive = (name: string, key: PolicyDirective, added: readonly string[] = []) =>
    `${name} ${[...new Set([...BASE_SOURCES[key], ...(input.security[key] ?? []), ...added])].join(' ')}`;
  const optional = (name: string, key: PolicyDirective, added: readonly string[] = []) =>
    (input.security[key]?.length ?? 0) + added.length > 0 ? [directive(name, key, added)] : [];
  const players = [...new Set(input.videos)].sort().map((v) => VIDEO_ORIGINS[v]);
  return [
    "default-src 'self'",
    directive('script-src', 'scriptSrc', scriptOrigins),
    directive('style-src', 'styleSrc'),
    directive('img-src', 'imgSrc'),
    directive('font-src', 'fontSrc'),
    directive('connect-src', 'connectSrc'),
    ...optional('frame-src', 'frameSrc', players),
    ...optional('media-src', 'mediaSrc'),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    directive('form-action', 'formAction'),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy in a page's `<meta>` (behaviour.md: Hosts): less `frame-ancestors`, which browsers ignore there. */
export function toPagePolicy(policy: string): string {
  return policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}

/** The configuration's policy, with the players the pages embed. */
export function toBuildPolicy(config: SiteConfig, pages: readonly Page[]): string {
  const videos = pages.flatMap((page) => {
    const provider = (page.content.data.extra.video as { provider?: unknown } | undefined)?.provider;
    return typeof provider === 'string' && Object.hasOwn(VIDEO_ORIGINS, provider) ? [provider as VideoProvider] : [];
  });
  return toContentSecurityPolicy({ security: config.security, scripts: config.scripts, videos });
}

/** The policy of a site that adds nothing: no configured sources, scripts or embeds. */
export const CONTENT_SECURITY_POLICY = toContentSecurityPolicy({ security: {}, scripts: [], videos: [] });
export const PAGE_CONTENT_SECURITY_POLICY = toPagePolicy(CONTENT_SECURITY_POLICY);

export { HOSTS } from './schema/config.ts';

/** Configuration the hosts read from the output's root, never content. */
export const HOST_FILES = ['nginx.conf', '_headers', '_redirects', '.nojekyll', 'deploy-s3.sh'] as const;
export type HostFile = (typeof HOST_FILES)[number];

interface HostProfile {
  /** `x/index.html`, `x.html` or both. */
  readonly layout: PageLayout;
  readonly files: readonly HostFile[];
  /** Every unknown path gets the root `404.html`, so it speaks every language. */
  readonly oneNotFoundPage: boolean;
  /** No headers of ours: the policy goes in each page's `<meta>`. */
  readonly policyInPage: boolean;
  /** No redirect rules of ours: each old address gets a page (behaviour.md: Moved and removed pages). */
  readonly redirectPages: boolean;
}

const RULES_HOST: HostProfile = {
  layout: 'html',
  files: ['_headers', '_redirects'],
  oneNotFoundPage: false,
  policyInPage: false,
  redirectPages: false,
};

export const HOST_PROFILES: Readonly<Record<HostName, HostProfile>> = {
  // `x.html` for hosts that serve it at `x`, `x/index.html` for those that serve folders only (Vercel).
  portable: {
    layout: 'both',
    files: ['nginx.conf', '_headers', '_redirects', '.nojekyll'],
    oneNotFoundPage: false,
    policyInPage: false,
    redirectPages: true,
  },
  // The snippet maps `x` to `x/index.html` itself.
  nginx: { layout: 'folder', files: ['nginx.conf'], oneNotFoundPage: false, policyInPage: false, redirectPages: false },
  // Pages redirects `x` to `x/` when only the folder exists, `x/` to `x` when only `x.html` does,
  // and answers an unknown path with the nearest `404.html` (`_redirects` cannot say 404 there).
  'cloudflare-pages': RULES_HOST,
  netlify: RULES_HOST,
  // Jekyll would drop every file whose name starts with `_` (`_app/`, `_payload.json`).
  'github-pages': {
    layout: 'html',
    files: ['.nojekyll'],
    oneNotFoundPage: true,
    policyInPage: true,
    redirectPages: true,
  },
  // S3 serves a key as it is: the script uploads each page under its URL without `.html`, with its
  // cache metadata, and an old address as its page with redirect metadata, which S3 answers with a 301.
  s3: { layout: 'html', files: ['deploy-s3.sh'], oneNotFoundPage: true, policyInPage: true, redirectPages: true },
};

/** An output from before hosts were chosen is laid out as `nginx`'s. */
export function toLayout(host: HostName | undefined): PageLayout {
  return HOST_PROFILES[host ?? 'nginx'].layout;
}
