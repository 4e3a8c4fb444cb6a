import { setCacheReading } from '../caches.ts';
import { buildSite } from '../pipeline/build.ts';
import { printBuildReport, runReported } from '../report.ts';
import type { HostName } from '../types.ts';

export async function runBuild(options: {
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
}): Promise<number> {
  setCacheReading(options.cache !== false);
  const { root, out, baseUrl, precompress, host, drafts, future, env } = options;
  return runReported(
    root,
    'The build',
    async () => {
      const { report } = await buildSite({
        root,
        outDir: out,
        baseUrl,
        precompress,
        host,
        publish: { drafts, future, env },
      });
      printBuildReport(report, root, options.json ?? false);
      return 0;
    },
    true,
  );
}
