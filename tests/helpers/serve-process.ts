import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll } from 'vitest';
import { REPO_ROOT } from './make-site.ts';

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Waits until the output matches, after the given offset. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  /** Sends Ctrl-C and resolves with the exit code. */
  stop(): Promise<number | null>;
}

const started = new Set<ChildProcess>();
// A test that fails before it stops its server must not leave the process running.
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  started.clear();
});

/** Starts `site serve` as a real subprocess and resolves once it prints its URL. */
export async function startServe(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/site.js'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitFor = (pattern: RegExp, from = 0) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(text.slice(from))) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${pattern}; output:\n${text}`));
      }, 30_000);
      listeners.add(check);
      check();
    });
  await waitFor(/at http:\/\/[\d.]+:\d+/);
  const url = /at (http:\/\/[\d.]+:\d+)/.exec(text)?.[1] as string;
  return {
    url,
    child,
    output: () => text,
    waitFor,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGINT');
      }),
  };
}
