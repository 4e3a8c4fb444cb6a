import type { PageLayout } from '../runtime/urls.ts';
import type { HostName, Page, SiteConfig } from './types.ts';

// The static hosts an output can be shaped for (behaviour.md: Hosts). Each serves a page's
// canonical URL (no trailing slash) with status 200 and no redirect only from the file layout it
// knows, and reads its own configuration files, or none.

/** The sources each directive allows whatever the configuration says. */
const BASE_SOURCES = {
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  frameSrc: ["'self'"],
  formAction: ["'self'"],
  styleSrc: ["'self'"],
  fontSrc: ["'self'"],
  mediaSrc: ["'self'"],
} as const satisfies Readonly<Record<string, readonly string[]>>;
export type PolicyDirective = keyof typeof BASE_SOURCES;

/** The directives whose sources `security` in the configuration adds to (behaviour.md: Security policy). */
export const POLICY_DIRECTIVES = Object.keys(BASE_SOURCES) as PolicyDirective[];

/** The schemes a directive may allow as a whole: never one that lets any script or page in. */
export const POLICY_SCHEMES: Readonly<Record<PolicyDirective, readonly string[]>> = {
  scriptSrc: [],
  connectSrc: ['https:', 'wss:'],
  imgSrc: ['https:', 'data:', 'blob:'],
  frameSrc: ['https:'],
  formAction: ['https:', 'mailto:'],
  styleSrc: ['https:'],
  fontSrc: ['https:', 'data:'],
  mediaSrc: ['https:', 'data:', 'blob:'],
};

/**
 * An origin a directive may name: `https://` (or `wss://`), a host of letters, digits, dots and
 * hyphens, a leading `*.` for its subdomains, an optional port; no path, no quotes, no space (which
 * would start another source) and no `;` (which would start another directive).
 */
export const POLICY_ORIGIN =
  /^(?:https|wss):\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/** The origins a page's video embed loads its player from (behaviour.md: Video embeds). */
export const VIDEO_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const;
export type VideoProvider = keyof typeof VIDEO_ORIGINS;

/** What the policy is made from: the configuration's additions, its scripts, the embeds the pages use. */
export interface PolicyInput {
  readonly security: Readonly<Partial<Record<PolicyDirective, readonly string[]>>>;
  readonly scripts: readonly { readonly src: string }[];
  readonly videos: readonly VideoProvider[];
}

/**
 * The one Content Security Policy of a build (behaviour.md: Security policy): nothing inline on any
 * page (the data block is JSON, scripts are files), so no 'unsafe-inline' or 'unsafe-eval'. The
 * search index runs as WebAssembly, which needs 'wasm-unsafe-eval' and nothing more (behaviour.md:
 * Search). The configuration adds sources per directive, each configured script adds its origin to
 * `script-src`, and a page's video embed its player's origin to `frame-src`; a directive the site
 * adds nothing to and `default-src` covers (frames, media) is not written.
 */
export function toContentSecurityPolicy(input: PolicyInput): string {
  const scriptOrigins = input.scripts.flatMap((s) => (s.src.startsWith('https://') ? [new URL(s.src).origin] : []));
  const sources = (directive: PolicyDirective, added: readonly string[] = []) => [
    ...new Set([...BASE_SOURCES[directive], ...(input.security[directive] ?? []), ...added]),
  ];
  const optional = (name: string, directive: PolicyDirective, added: readonly string[] = []) =>
    (input.security[directive]?.length ?? 0) + added.length > 0
      ? [`${name} ${sources(directive, added).join(' ')}`]
      : [];
  return [
    "default-src 'self'",
    `script-src ${sources('scriptSrc', scriptOrigins).join(' ')}`,
    `style-src ${sources('styleSrc').join(' ')}`,
    `img-src ${sources('imgSrc').join(' ')}`,
    `font-src ${sources('fontSrc').join(' ')}`,
    `connect-src ${sources('connectSrc').join(' ')}`,
    ...optional(
      'frame-src',
      'frameSrc',
      [...new Set(input.videos)].sort().map((v) => VIDEO_ORIGINS[v]),
    ),
    ...optional('media-src', 'mediaSrc'),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${sources('formAction').join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy a page carries itself where the host sends no headers (behaviour.md: Hosts): the same,
 * less `frame-ancestors`, which a `<meta>` element cannot set (browsers ignore it there, with a warning).
 */
export function toPagePolicy(policy: string): string {
  return policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}

/**
 * The build's policy: the configuration's, with the origins of the players its pages embed (front
 * matter `video`, behaviour.md: Video embeds).
 */
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

export const HOSTS: readonly HostName[] = ['portable', 'nginx', 'cloudflare-pages', 'netlify', 'github-pages', 's3'];

/** The configuration files a host reads from the output's root: configuration, never content. */
export const HOST_FILES = ['nginx.conf', '_headers', '_redirects', '.nojekyll', 'deploy-s3.sh'] as const;
export type HostFile = (typeof HOST_FILES)[number];

export interface HostProfile {
  /** Where each page's document goes: `x/index.html`, `x.html` or both. */
  readonly layout: PageLayout;
  /** The host's own files, written beside the pages. */
  readonly files: readonly HostFile[];
  /**
   * The host answers every unknown path with the one root `404.html`: that page also says "not
   * found" in the other languages without JavaScript, and shows the page of the path's language with it.
   */
  readonly oneNotFoundPage: boolean;
  /**
   * The host sends no headers of ours: each page carries the Content Security Policy in a `<meta>`
   * element (which cannot hold `frame-ancestors`).
   */
  readonly policyInPage: boolean;
  /**
   * The host reads no redirect rules of ours (or, for S3, stores a redirect as an object): each old
   * address gets a page of its own that sends the visitor on (behaviour.md: Moved and removed pages).
   */
  readonly redirectPages: boolean;
}

/** A host that reads `_headers` and `_redirects`. */
const RULES_HOST: HostProfile = {
  layout: 'html',
  files: ['_headers', '_redirects'],
  oneNotFoundPage: false,
  policyInPage: false,
  redirectPages: false,
};

export const HOST_PROFILES: Readonly<Record<HostName, HostProfile>> = {
  // Both layouts: `x.html` for the hosts that serve it at `x` (Cloudflare Pages, Netlify, GitHub
  // Pages), `x/index.html` for those that serve only folders (Vercel, a plain file server).
  portable: {
    layout: 'both',
    files: ['nginx.conf', '_headers', '_redirects', '.nojekyll'],
    oneNotFoundPage: false,
    policyInPage: false,
    redirectPages: true,
  },
  // The snippet maps `x` to `x/index.html` itself.
  nginx: { layout: 'folder', files: ['nginx.conf'], oneNotFoundPage: false, policyInPage: false, redirectPages: false },
  // Pages redirects `x` to `x/` when only the folder exists, `x/` to `x` when only `x.html` does, and
  // answers an unknown path with the nearest `404.html` above it (`_redirects` cannot say 404 there;
  // it carries the old addresses only).
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
  // S3 website hosting serves a key as it is: each page is uploaded under its URL without `.html`,
  // by the script that also sets each object's cache metadata.
  // An old address is uploaded as its page with the redirect as the object's metadata, which S3
  // answers with a 301.
  s3: { layout: 'html', files: ['deploy-s3.sh'], oneNotFoundPage: true, policyInPage: true, redirectPages: true },
};

/** The layout of an output built for `host` (an output from before hosts were chosen: `nginx`'s). */
export function toLayout(host: HostName | undefined): PageLayout {
  return HOST_PROFILES[host ?? 'nginx'].layout;
}
