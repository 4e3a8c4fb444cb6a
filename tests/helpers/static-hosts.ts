import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';

// Hosts with no local engine, served by their documented rules, so that an output shaped for them
// can be tested as a visitor would meet it: GitHub Pages, and an S3 bucket with website hosting
// (filled by the output's own deploy-s3.sh, run against a stand-in `aws` that records each upload).

export interface HostServer {
  readonly url: string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};
const toType = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<HostServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * GitHub Pages, as documented and observed: `/x` is the file `x`, else `x.html`, else a folder `x/`
 * with an `index.html` redirected to `/x/` (301); `/x/` is `x/index.html`; anything else is 404
 * with the root `404.html`. Without a `.nojekyll` file Jekyll publishes no file or folder whose
 * name starts with `_` or `.`. Every answer is cached ten minutes; no other header can be set.
 */
export function startGitHubPages(out: string): Promise<HostServer> {
  const jekyll = !existsSync(path.join(out, '.nojekyll'));
  return listen((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://h').pathname);
    const send = (status: number, file: string) => {
      res.writeHead(status, { 'Content-Type': toType(file), 'Cache-Control': 'max-age=600' });
      res.end(readFileSync(file));
    };
    const hidden = jekyll && pathname.split('/').some((s) => s.startsWith('_') || s.startsWith('.'));
    const target = path.join(out, path.posix.normalize(pathname));
    if (!hidden && !pathname.includes('..')) {
      if (pathname.endsWith('/')) {
        if (isFile(path.join(target, 'index.html'))) return send(200, path.join(target, 'index.html'));
      } else if (isFile(target)) return send(200, target);
      else if (isFile(`${target}.html`)) return send(200, `${target}.html`);
      else if (isFile(path.join(target, 'index.html'))) {
        res.writeHead(301, { Location: `${pathname}/`, 'Cache-Control': 'max-age=600' }).end();
        return;
      }
    }
    send(404, path.join(out, '404.html'));
  });
}

/** One uploaded object: the file it came from and the metadata it was given. */
export interface S3Object {
  readonly file: string;
  readonly contentType: string;
  readonly cacheControl: string | null;
  /** `x-amz-website-redirect-location`: the website endpoint answers the key with a 301 there. */
  readonly redirect: string | null;
}

export interface Bucket {
  /** Objects by key. */
  readonly objects: ReadonlyMap<string, S3Object>;
  /** Keys in the order they were uploaded. */
  readonly order: readonly string[];
  /** Keys the deployment removed, in order. */
  readonly removed: readonly string[];
}

/** aws-cli filters: `*` matches any characters, `/` included; `?` one character. */
function toFilter(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${body}$`);
}

/** The options of an `aws s3` command the stand-in knows. */
interface AwsOptions {
  readonly exclude: RegExp[];
  cacheControl: string | null;
  contentType: string | null;
  redirect: string | null;
}

function toAwsOptions(rest: readonly string[], line: string): AwsOptions {
  const options: AwsOptions = { exclude: [], cacheControl: null, contentType: null, redirect: null };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1] as string];
    if (flag === '--exclude') options.exclude.push(toFilter(value));
    else if (flag === '--cache-control') options.cacheControl = value;
    else if (flag === '--content-type') options.contentType = value;
    else if (flag === '--website-redirect') options.redirect = value;
    else throw new Error(`an aws option the stand-in does not know: ${flag} (${line})`);
  }
  return options;
}

/**
 * Runs the output's `deploy-s3.sh` with a stand-in `aws` on the PATH that records each command
 * (and lists the bucket as `aws s3 ls --recursive` does: the objects of `previous`, the bucket an
 * earlier deployment left), then applies the commands as `aws s3 sync`, `cp` and `rm` do: the
 * bucket that script leaves.
 */
export function deployToBucket(out: string, previous?: Bucket): Bucket {
  const bin = mkdtempSync(path.join(tmpdir(), 'site-aws-'));
  const log = path.join(bin, 'calls');
  const listing = path.join(bin, 'listing');
  writeFileSync(
    listing,
    [...(previous?.objects.keys() ?? [])].map((key) => `2026-01-02 03:04:05       1234 ${key}\n`).join(''),
  );
  writeFileSync(
    path.join(bin, 'aws'),
    `#!/bin/sh\nfor arg in "$@"; do printf '%s\\037' "$arg" >> '${log}'; done\nprintf '\\n' >> '${log}'\n` +
      `if [ "$2" = ls ]; then cat '${listing}'; fi\n`,
  );
  chmodSync(path.join(bin, 'aws'), 0o755);
  writeFileSync(log, '');
  const run = spawnSync('sh', [path.join(out, 'deploy-s3.sh'), 's3://site-bucket/'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });
  const calls = readFileSync(log, 'utf8');
  rmSync(bin, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`deploy-s3.sh failed (${run.status}):\n${run.stderr}`);
  const objects = new Map<string, S3Object>(previous?.objects);
  const order: string[] = [];
  const removed: string[] = [];
  const put = (key: string, object: S3Object) => {
    objects.set(key, object);
    order.push(key);
  };
  const toKey = (destination: string) => destination.replace(/^s3:\/\/site-bucket\/?/, '');
  for (const line of calls.split('\n').filter(Boolean)) {
    const [service, command, source, destination, ...rest] = line.split('\x1f').slice(0, -1);
    if (service === 's3' && command === 'ls' && source === 's3://site-bucket/' && destination === '--recursive')
      continue;
    if (service === 's3' && command === 'rm' && source && destination === undefined) {
      objects.delete(toKey(source));
      removed.push(toKey(source));
      continue;
    }
    if (service !== 's3' || !source || !destination)
      throw new Error(`an aws command the stand-in does not know: ${line}`);
    const options = toAwsOptions(rest, line);
    if (command === 'cp') {
      put(toKey(destination), {
        file: source,
        contentType: options.contentType ?? toType(source),
        cacheControl: options.cacheControl,
        redirect: options.redirect,
      });
    } else if (command === 'sync') {
      const prefix = toKey(destination);
      for (const file of fg.sync('**/*', { cwd: source, dot: true }).sort()) {
        if (options.exclude.some((filter) => filter.test(file))) continue;
        put(prefix ? `${prefix}/${file}` : file, {
          file: path.join(source, file),
          contentType: options.contentType ?? toType(file),
          cacheControl: options.cacheControl,
          redirect: null,
        });
      }
    } else throw new Error(`an aws command the stand-in does not know: ${line}`);
  }
  return { objects, order, removed };
}

/**
 * An S3 bucket's website endpoint, as documented: `/key` is the object `key`; a path ending in `/`
 * (the root included) is the object `<path>index.html`; an object with website redirect metadata
 * is answered with a 301 to it; a missing key whose `key/index.html` exists is redirected to
 * `/key/` (302); anything else is 404 with the error document `404.html`.
 * Each object is sent with the content type and cache policy it was uploaded with.
 */
export function startS3Website(bucket: Bucket): Promise<HostServer> {
  return listen((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://h').pathname);
    const key = pathname.slice(1) + (pathname.endsWith('/') ? 'index.html' : '');
    const send = (status: number, object: S3Object) => {
      res.writeHead(status, {
        'Content-Type': object.contentType,
        ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
      });
      res.end(readFileSync(object.file));
    };
    const object = bucket.objects.get(key);
    // An object with website redirect metadata is answered with a 301 there, whatever it holds.
    if (object?.redirect) {
      res.writeHead(301, { Location: object.redirect }).end();
      return;
    }
    if (object) return send(200, object);
    if (!pathname.endsWith('/') && bucket.objects.has(`${key}/index.html`)) {
      res.writeHead(302, { Location: `${pathname}/` }).end();
      return;
    }
    const errorDocument = bucket.objects.get('404.html');
    if (errorDocument) return send(404, errorDocument);
    res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
  });
}
