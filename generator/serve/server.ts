import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { isErrorPageName, toOutputFile } from '../../runtime/urls.ts';
import { HOST_FILES } from '../hosts.ts';
import { SECURITY_HEADERS } from '../write/hosting.ts';
import { toContentType, type FileSource } from './files.ts';

// The preview server: the built output as a static host serves it, plus, in watch mode, the
// live-reload channel and the dev client (served from memory, never written to the output).

const DEV_PREFIX = '/__site/';

export interface SiteServerOptions {
  /** Where the output is read from: a built folder, or the watch session's build in memory. */
  readonly source: FileSource;
  /** Prefixes of the locales that have their own 404 page, longest first (`/en`). */
  readonly localePrefixes: readonly string[];
  /** Watch mode: the dev client's code; HTML pages get a script tag for it. */
  readonly devClient: string | null;
  /** Watch mode: the stale translations of a page, by its URL (behaviour.md: Translations). */
  readonly staleTranslations?: (pageUrl: string) => Promise<unknown>;
}

export interface SiteServer {
  readonly server: Server;
  /** Sends an event to every open page (watch mode). */
  broadcast(event: string, data?: unknown): void;
  /** The page URLs open in a browser (watch mode), as `/en/contact`: they render first after a change. */
  openPages(): string[];
  /** The event a newly connected page receives first (the current error, or nothing). */
  setInitialEvent(event: { event: string; data?: unknown } | null): void;
  close(): Promise<void>;
}

/** The path as sent, decoded once and twice (double encoding slips past filters); null when malformed. */
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

/** True when the path, decoded once or twice, climbs out of the folder or names a hidden file. */
export function isForbiddenPath(rawPath: string): boolean {
  const forms = toDecodedForms(rawPath);
  if (forms === null) return true;
  return forms.some((form) => form.replace(/\\/g, '/').split('/').some(isHiddenSegment) || form.includes('\0'));
}

// Control characters (C0, DEL, C1): browsers drop tab and newlines inside a URL, so
// `/\t/evil.example` would read as `//evil.example`.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** One character as `%XX` escapes: a byte of the request line as it came, anything wider as UTF-8. */
function toPercentEscapes(char: string): string {
  const bytes = char.charCodeAt(0) < 0x100 ? Buffer.from(char, 'latin1') : Buffer.from(char, 'utf8');
  return [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * Where `/en/contact/` redirects: `/en/contact`, the query kept. Only ever a path of the same site
 * (behaviour.md: Safety): leading slashes collapse to one, so `//evil.example/` goes to
 * `/evil.example`; a backslash or a control character in any decoded form, a `.`/`..` segment, a
 * malformed escape or a target that is not a path gives null (answered with 404). The result is
 * printable ASCII, each segment percent-encoded again: decoded bytes never reach a header.
 */
export function toTrailingSlashRedirect(rawPath: string, query: string): string | null {
  const forms = rawPath.startsWith('/') ? toDecodedForms(rawPath) : null;
  if (forms === null || forms.some((form) => form.includes('\\') || CONTROL_CHARACTER.test(form))) return null;
  const segments = (forms[1] as string).replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  const search = query.startsWith('?') ? query.replace(/[^\x21-\x7e]/gu, toPercentEscapes) : '';
  return `/${segments.map(encodeURIComponent).join('/')}${search}`;
}

/** The host files `site build` writes beside the pages are configuration, not content (as in nginx). */
function isHostFile(pathname: string): boolean {
  return HOST_FILES.some((file) => pathname === `/${file}`);
}

export function createSiteServer(options: SiteServerOptions): SiteServer {
  const { source } = options;
  // Each open page's event stream, with the page it shows.
  const clients = new Map<ServerResponse, string>();
  let initial: { event: string; data?: unknown } | null = null;

  /** A `--precompress` build's sibling the client accepts; never in watch mode, which builds in memory. */
  const precompressed = (req: IncomingMessage, file: string): { encoding: string; body: Uint8Array } | null => {
    if (options.devClient !== null) return null;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
      const body = source.read(file + suffix);
      if (body) return { encoding, body };
    }
    return null;
  };

  /** Sends an output file: the type by its extension, caching by kind, a precompressed sibling where accepted. */
  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string, status: number): boolean => {
    const type = toContentType(file);
    const tag = source.tag(file);
    if (tag === null) return false;
    const immutable = file.startsWith('_app/') && options.devClient === null;
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    // A page or asset the browser holds already (a reload in watch mode, a revalidated page).
    if (status === 200 && req.headers['if-none-match'] === tag) {
      res.writeHead(304, { ETag: tag, 'Cache-Control': cacheControl }).end();
      return true;
    }
    const sibling = precompressed(req, file);
    let body = sibling?.body ?? source.read(file);
    if (!body) return false;
    if (!sibling && options.devClient !== null && type.startsWith('text/html'))
      body = Buffer.from(
        Buffer.from(body)
          .toString('utf8')
          .replace('</body>', `<script src="${DEV_PREFIX}client.js"></script>\n</body>`),
      );
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      ETag: tag,
      'Content-Length': body.byteLength,
      ...(sibling ? { 'Content-Encoding': sibling.encoding, Vary: 'Accept-Encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };

  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const prefix = options.localePrefixes.find((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (sendFile(req, res, prefix ? `${prefix.slice(1)}/404.html` : '404.html', 404)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : 'Not found. Run `site build` first.\n');
  };

  /** The page a dev client's request is about (`?page=`). */
  const pageOf = (req: IncomingMessage) =>
    toPageUrl(new URL(req.url ?? '/', 'http://localhost').searchParams.get('page') ?? '');

  const devRoute = (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (options.devClient === null || !pathname.startsWith(DEV_PREFIX)) return false;
    if (pathname === `${DEV_PREFIX}client.js`) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(options.devClient);
    } else if (pathname === `${DEV_PREFIX}events`) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      if (initial) res.write(toEvent(initial.event, initial.data));
      clients.set(res, pageOf(req));
      req.on('close', () => clients.delete(res));
    } else if (pathname === `${DEV_PREFIX}translations` && options.staleTranslations) {
      const page = pageOf(req);
      options.staleTranslations(page).then(
        (stale) => {
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(JSON.stringify(stale));
        },
        () => res.writeHead(500).end(),
      );
    } else {
      res.writeHead(404).end();
    }
    return true;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // The production host's headers on every answer, so a policy violation shows up here first.
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    const raw = (req.url ?? '/').split('?')[0] as string;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (isForbiddenPath(raw)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : 'Forbidden\n');
      return;
    }
    const pathname = decodeURIComponent(raw);
    if (devRoute(req, res, pathname)) return;
    // One trailing-slash policy: `/en/contact/` redirects to `/en/contact`.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const location = toTrailingSlashRedirect(raw, (req.url ?? '').slice(raw.length));
      if (location === null) return notFound(req, res, pathname);
      res.writeHead(301, { Location: location }).end();
      return;
    }
    // Repeated slashes read as one, as nginx merges them; `..` was refused above.
    const clean = path.posix.normalize(pathname);
    if (isHostFile(clean)) return notFound(req, res, clean);
    // `<path>/index.html` for `<path>`, or `<path>.html` (the layouts of behaviour.md: Hosts),
    // else the file itself. Error pages are no page of their own: `/404` is not `404.html`.
    if (sendFile(req, res, toOutputFile(clean), 200)) return;
    if (clean !== '/' && !isErrorPageName(clean) && sendFile(req, res, `${clean.slice(1)}.html`, 200)) return;
    if (clean !== '/' && sendFile(req, res, clean.slice(1), 200)) return;
    notFound(req, res, clean);
  };

  const server = createServer(handle);
  return {
    server,
    broadcast(event, data) {
      for (const client of clients.keys()) client.write(toEvent(event, data));
    },
    openPages: () => [...new Set(clients.values())],
    setInitialEvent(event) {
      initial = event;
    },
    close() {
      for (const client of clients.keys()) client.end();
      clients.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A page's path as the dev client reports it (`/en/contact/`, percent-encoded) → its page URL. */
function toPageUrl(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return '';
  }
  return decoded.replace(/\/+$/, '') || '/';
}

function toEvent(event: string, data?: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}
