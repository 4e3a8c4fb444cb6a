import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface NginxServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts a real nginx as its own process on a free local port, serving `out` with the generated snippet. */
export async function startNginx(out: string, work: string): Promise<NginxServer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light); .ci/run installs it');
  const port = await freePort();
  mkdirSync(path.join(work, 'logs'), { recursive: true });
  const conf = path.join(work, 'nginx.conf');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${path.join(work, t)};`)
    .join(' ');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
error_log ${path.join(work, 'logs/error.log')};
pid ${path.join(work, 'nginx.pid')};
events { worker_connections 128; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${out};
    include ${path.join(out, 'nginx.conf')};
  }
}
`,
  );
  const test = spawnSync(NGINX, ['-t', '-c', conf, '-p', work], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx rejected the configuration:\n${test.stderr}`);
  const child = spawn(NGINX, ['-c', conf, '-p', work], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
