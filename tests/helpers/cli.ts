import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './make-site.ts';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `site` CLI as a subprocess, as a user would. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): CliResult {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin', 'site.js'), ...args], {
    encoding: 'utf8',
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
