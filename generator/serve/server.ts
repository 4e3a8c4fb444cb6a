import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { isErrorPageName } from '../../runtime/urls.ts';
import { HOST_FILES } from '../hosts.ts';
import { toSecurityHeaders } from '../write/hosting.ts';
import { createDiskSource, DEV_PREFIX, type FileSource } from './files.ts';
import { createBuildLookup } from './redirects.ts';
import type { SiteRedirect } from '../types.ts';

// The output as a static host serves it, plus watch mode's live-reload channel.

export interface SiteServerOptions {
  readonly source: FileSource;
  /** A path under a prefix gets its locale's 404 page. */
  readonly localePrefixes: readonly string[];
  /** Watch mode only. */
  readonly devClient: string | null;
  /** behaviour.md: Translations. */
  readonly staleTranslations?: (pageUrl: string) => Promise<unknown>;
}

export type SiteServer = ReturnType<typeof createSiteServer>;

/** Decoded twice too: double encoding slips past filters. Null when malformed. */
function toDecodedForms(rawPath: string): string[] | null {
  const forms = [rawPath];
  for (let i = 0; i < 2; i++) {
    try {
      forms.push(decodeURIComponent(forms[forms.length - 1] as string));
    } catch {
      return null;
    }
  }
  return forms;
}

/** `..` climbs; a name starting with a dot is hidden, except a first segment `.well-known` (RFC 8615). */
function isHiddenSegment(segment: string, index: number): boolean {
  if (segment === '..') return true;
  return segment.startsWith('.') && segment.length > 1 && !(index === 1 && segment === '.well-known');
}

function isForbiddenPath(rawPath: string): boolean {
  const forms = toDecodedForms(rawPath);
  if (forms === null) return true;
  return forms.some((form) => form.replace(/\\/g, '/').split('/').some(isHiddenSegment) || form.includes('\0'));
}

// Control characters (C0, DEL, C1): browsers drop tab and newlines inside a URL, so
// `/\t/evil.example` would read as `//evil.example`.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Printable ASCII: a request-line byte escaped as it came, anything wider as UTF-8. */
function toAsciiQuery(query: string): string {
  return query.replace(/[^\x21-\x7e]/gu, (char) => {
    const bytes = char.charCodeAt(0) < 0x100 ? Buffer.from(char, 'latin1') : Buffer.from(char, 'utf8');
    return [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  });
}

/**
 * `/en/contact/` → `/en/contact`, only ever on this site (behaviour.md: Safety): `//evil.example/`
 * → `/evil.example`; backslashes, control characters, dot segments or bad escapes give null (404).
 * Segments are re-encoded so decoded bytes never reach a header.
 */
export function toTrailingSlashRedirect(rawPath: string, query: string): string | null {
  const forms = rawPath.startsWith('/') ? toDecodedForms(rawPath) : null;
  if (forms === null || forms.some((form) => form.includes('\\') || CONTROL_CHARACTER.test(form))) return null;
  const segments = toInnerSegments(forms[1] as string);
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  const search = query.startsWith('?') ? toAsciiQuery(query) : '';
  return `/${segments.map(encodeURIComponent).join('/')}${search}`;
}

/** By index: `/\/+$/` is quadratic on a long run of slashes (behaviour.md: Safety). */
function toInnerSegments(pathname: string): string[] {
  const parts = pathname.split('/');
  return parts.slice(parts.findIndex(Boolean), parts.findLastIndex(Boolean) + 1);
}

function createDevChannel(options: SiteServerOptions) {
  const clients = new Map<ServerResponse, string>();
  let initial: { event: string; data?: unknown } | null = null;
  const pageOf = (req: IncomingMessage) =>
    toPageUrl(new URL(req.url ?? '/', 'http://localhost').searchParams.get('page') ?? '');
  const openStream = (req: IncomingMessage, res: ServerResponse) => {
    const type = 'text/event-stream; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (initial) res.write(toEvent(initial.event, initial.data));
    clients.set(res, pageOf(req));
    req.on('close', () => clients.delete(res));
  };
  const sendStale = (req: IncomingMessage, res: ServerResponse, find: (pageUrl: string) => Promise<unknown>) =>
    find(pageOf(req)).then(
      (stale) => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(stale));
      },
      () => res.writeHead(500).end(),
    );
  return {
    /** False for a path outside `/__site/`, or outside watch mode. */
    route(req: IncomingMessage, res: ServerResponse, pathname: string) {
      if (options.devClient === null || !pathname.startsWith(DEV_PREFIX)) return false;
      const route = pathname.slice(DEV_PREFIX.length);
      if (route === 'client.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(options.devClient);
      } else if (route === 'events') openStream(req, res);
      else if (route === 'translations' && options.staleTranslations)
        void sendStale(req, res, options.staleTranslations);
      else res.writeHead(404).end();
      return true;
    },
    broadcast(event: string, data?: unknown) {
      for (const client of clients.keys()) client.write(toEvent(event, data));
    },
    /** They render first after a change. */
    openPages: () => [...new Set(clients.values())],
    /** The current error, for pages that connect later. */
    setInitialEvent(event: { event: string; data?: unknown } | null) {
      initial = event;
    },
    close() {
      for (const client of clients.keys()) client.end();
      clients.clear();
    },
  };
}

export function createSiteServer(options: SiteServerOptions) {
  const { source } = options;
  const localePrefixes = options.localePrefixes.filter(Boolean).sort((a, b) => b.length - a.length);
  const dev = createDevChannel(options);
  const build = createBuildLookup(source);
  /** behaviour.md: Not found. */
  const notFound = (res: ServerResponse, pathname: string) => {
    const prefix = localePrefixes.find((p) => pathname === p || pathname.startsWith(`${p}/`));
    const page = source.read(prefix ? `${prefix.slice(1)}/404.html` : '404.html');
    const type = page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    res.writeHead(404, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
    res.end(page ?? 'Not found. Run `site build` first.\n');
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // The host's headers and the build's policy, so a violation shows up here first.
    for (const [name, value] of toSecurityHeaders(build.policy())) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // Cut as sirv cuts it, so sirv sends only what these rules let through.
    const raw = (req.url ?? '/').split(/[?#]/)[0] as string;
    if (isForbiddenPath(raw)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
      return;
    }
    const pathname = decodeURIComponent(raw);
    if (dev.route(req, res, pathname)) return;
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const location = toTrailingSlashRedirect(raw, (req.url ?? '').slice(raw.length));
      if (location === null) return notFound(res, pathname);
      res.writeHead(301, { Location: location }).end();
      return;
    }
    // As nginx merges slashes; `..` was refused above.
    const clean = path.posix.normalize(pathname);
    // Host files are configuration, and `/404` is no page (behaviour.md: Hosts).
    const hostFile = HOST_FILES.some((file) => clean === `/${file}`);
    if (hostFile || (isErrorPageName(clean) && !clean.endsWith('.html'))) return notFound(res, clean);
    const redirect = build.redirect(clean);
    if (redirect) return answerRedirect(res, redirect, (req.url ?? '').slice(raw.length));
    source.serve(req, res, clean, () => notFound(res, clean));
  };

  const server = createServer(handle);
  return {
    ...dev,
    server,
    close() {
      dev.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** On a free loopback port: the link check crawls the output as served. */
export async function startFolderServer(outDir: string, localePrefixes: readonly string[]) {
  const site = createSiteServer({ source: createDiskSource(outDir), localePrefixes, devClient: null });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`, close: () => site.close() };
}

/** The query is kept where the target has none (behaviour.md: Moved and removed pages). */
function answerRedirect(res: ServerResponse, redirect: SiteRedirect, query: string): void {
  const keep = query.startsWith('?') && !/[?#]/.test(redirect.to);
  const location = keep ? `${redirect.to}${toAsciiQuery(query)}` : redirect.to;
  res.writeHead(redirect.status, { Location: location, 'Cache-Control': 'no-cache' }).end();
}

/** `/en/contact/`, percent-encoded → `/en/contact`. */
function toPageUrl(pathname: string): string {
  try {
    return `/${toInnerSegments(decodeURIComponent(pathname)).join('/')}`;
  } catch {
    return '';
  }
}

function toEvent(event: string, data?: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}
