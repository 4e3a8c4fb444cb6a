import { setCacheReading } from '../caches.ts';
import { buildSite } from '../pipeline/build.ts';
import { printBuildReport, printFailure } from '../report.ts';
import type { HostName } from '../types.ts';

export interface BuildCommandOptions {
  readonly root: string;
  readonly out: string;
  readonly baseUrl?: string | undefined;
  readonly json?: boolean | undefined;
  readonly precompress?: boolean | undefined;
  /** False (`--no-cache`): no cache is read. */
  readonly cache?: boolean | undefined;
  readonly host?: HostName | undefined;
  readonly drafts?: boolean | undefined;
  readonly future?: boolean | undefined;
  readonly env?: string | undefined;
}

/** `site build`: returns the exit code. */
export async function runBuild(options: BuildCommandOptions): Promise<number> {
  setCacheReading(options.cache !== false);
  try {
    const { report } = await buildSite({
      root: options.root,
      outDir: options.out,
      baseUrl: options.baseUrl,
      precompress: options.precompress,
      host: options.host,
      publish: { drafts: options.drafts, future: options.future, env: options.env },
    });
    printBuildReport(report, options.root, options.json ?? false);
    return 0;
  } catch (error) {
    printFailure(options.root, error, 'The build', true);
    return 1;
  }
}
