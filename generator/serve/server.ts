import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

// The preview server: the built output as a static host serves it, plus, in watch mode, the
// live-reload channel and the dev client (served from memory, never written to the output).

const TEXT = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const DEV_PREFIX = '/__site/';

export interface SiteServerOptions {
  readonly outDir: string;
  /** Prefixes of the locales that have their own 404 page, longest first (`/en`). */
  readonly localePrefixes: readonly string[];
  /** Watch mode: the dev client's code; HTML pages get a script tag for it. */
  readonly devClient: string | null;
}

export interface SiteServer {
  readonly server: Server;
  /** Sends an event to every open page (watch mode). */
  broadcast(event: string, data?: unknown): void;
  /** The event a newly connected page receives first (the current error, or nothing). */
  setInitialEvent(event: { event: string; data?: unknown } | null): void;
  close(): Promise<void>;
}

/** True when the path, decoded once or twice, climbs out of the folder or names a dotfile. */
export function isForbiddenPath(rawPath: string): boolean {
  const forms = [rawPath];
  for (let i = 0; i < 2; i++) {
    try {
      forms.push(decodeURIComponent(forms[forms.length - 1] as string));
    } catch {
      return true;
    }
  }
  return forms.some(
    (form) =>
      form
        .replace(/\\/g, '/')
        .split('/')
        .some((segment) => segment === '..' || (segment.startsWith('.') && segment.length > 1)) || form.includes('\0'),
  );
}

export function createSiteServer(options: SiteServerOptions): SiteServer {
  const { outDir } = options;
  const clients = new Set<ServerResponse>();
  let initial: { event: string; data?: unknown } | null = null;
  const assets = sirv(outDir, {
    dev: options.devClient !== null,
    dotfiles: false,
    // A `--precompress` build's `.br`/`.gz` siblings, as nginx would serve them.
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/_app/') && options.devClient === null)
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  /** sirv names text types without a charset; every text response here says UTF-8. */
  const withCharset = (res: ServerResponse) => {
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse;
    res.writeHead = ((status: number, headers?: Record<string, unknown>) => {
      const type = String(headers?.['Content-Type'] ?? '');
      if (headers && TEXT.test(type) && !/charset/i.test(type)) headers['Content-Type'] = `${type}; charset=utf-8`;
      return writeHead(status, headers);
    }) as ServerResponse['writeHead'];
    return res;
  };

  /** A `--precompress` build's sibling the client accepts; never in watch mode, which edits pages. */
  const precompressed = (req: IncomingMessage, file: string): { encoding: string; file: string } | null => {
    if (options.devClient !== null) return null;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { encoding: 'br', file: `${file}.br` };
    if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) return { encoding: 'gzip', file: `${file}.gz` };
    return null;
  };

  const sendHtml = (req: IncomingMessage, res: ServerResponse, file: string, status: number) => {
    const sibling = precompressed(req, file);
    if (sibling) {
      const body = readFileSync(sibling.file);
      res.writeHead(status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Encoding': sibling.encoding,
        Vary: 'Accept-Encoding',
        'Content-Length': body.byteLength,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let html = readFileSync(file, 'utf8');
    if (options.devClient !== null)
      html = html.replace('</body>', `<script src="${DEV_PREFIX}client.js"></script>\n</body>`);
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': Buffer.byteLength(html),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  };

  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const prefix = options.localePrefixes.find((p) => pathname === p || pathname.startsWith(`${p}/`));
    const page = path.join(outDir, prefix ? `${prefix.slice(1)}/404.html` : '404.html');
    if (existsSync(page)) sendHtml(req, res, page, 404);
    else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : 'Not found. Run `site build` first.\n');
    }
  };

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
      clients.add(res);
      req.on('close', () => clients.delete(res));
    } else {
      res.writeHead(404).end();
    }
    return true;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
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
      const query = (req.url ?? '').slice(raw.length);
      res.writeHead(301, { Location: pathname.replace(/\/+$/, '') + query }).end();
      return;
    }
    const file = path.join(outDir, pathname);
    const index = path.join(file, 'index.html');
    if (existsSync(index)) return sendHtml(req, res, index, 200);
    if (file.endsWith('.html') && existsSync(file) && statSync(file).isFile()) return sendHtml(req, res, file, 200);
    assets(req, withCharset(res), () => notFound(req, res, pathname));
  };

  const server = createServer(handle);
  return {
    server,
    broadcast(event, data) {
      for (const client of clients) client.write(toEvent(event, data));
    },
    setInitialEvent(event) {
      initial = event;
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function toEvent(event: string, data?: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}
