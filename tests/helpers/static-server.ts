import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site the way a static host does: `<path>/index.html` for `<path>`, files as they
 * are, and `404.html` (or `en/404.html` under `/en/`) with status 404 for anything else.
 */
export async function serveStatic(root: string, options: { compress?: boolean } = {}): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const candidates = [pathname, path.posix.join(pathname, 'index.html')];
    const file = candidates
      .map((c) => path.join(root, path.normalize(c)))
      .find((f) => f.startsWith(root) && existsSync(f) && statSync(f).isFile());
    const send = (target: string, status: number) => {
      const type = TYPES[path.extname(target)] ?? 'application/octet-stream';
      const gzip =
        options.compress &&
        /gzip/.test(String(req.headers['accept-encoding'])) &&
        /text|json|svg|xml|javascript/.test(type);
      const immutable = target.includes(`${path.sep}_app${path.sep}`);
      res.writeHead(status, {
        'content-type': type,
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      });
      if (req.method === 'HEAD') res.end();
      else if (gzip) createReadStream(target).pipe(createGzip()).pipe(res);
      else createReadStream(target).pipe(res);
    };
    if (file) send(file, 200);
    else send(path.join(root, pathname === '/en' || pathname.startsWith('/en/') ? 'en/404.html' : '404.html'), 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
