import type { PageLayout } from '../runtime/urls.ts';
import type { HostName } from './types.ts';

// The static hosts an output can be shaped for (behaviour.md: Hosts). Each serves a page's
// canonical URL (no trailing slash) with status 200 and no redirect only from the file layout it
// knows, and reads its own configuration files, or none.

/**
 * Nothing inline on any page (the data block is JSON, scripts are files): no 'unsafe-inline' or
 * 'unsafe-eval'. The search index runs as WebAssembly, which needs 'wasm-unsafe-eval' and nothing
 * more (behaviour.md: Search).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
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

/**
 * The policy a page carries itself where the host sends no headers (behaviour.md: Hosts): the same,
 * less `frame-ancestors`, which a `<meta>` element cannot set (browsers ignore it there, with a warning).
 */
export const PAGE_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');

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
  'cloudflare-pages': {
    layout: 'html',
    files: ['_headers', '_redirects'],
    oneNotFoundPage: false,
    policyInPage: false,
    redirectPages: false,
  },
  netlify: {
    layout: 'html',
    files: ['_headers', '_redirects'],
    oneNotFoundPage: false,
    policyInPage: false,
    redirectPages: false,
  },
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
