import { setCacheReading } from '../caches.ts';
import { buildSite } from '../pipeline/build.ts';
import { printBuildReport, runReported } from '../report.ts';
import type { ConfigOverrides } from '../config.ts';

export async function runBuild(
  options: ConfigOverrides & {
    readonly root: string;
    readonly out: string;
    readonly json?: boolean | undefined;
    readonly precompress?: boolean | undefined;
    /** False (`--no-cache`): no cache is read. */
    readonly cache?: boolean | undefined;
  },
): Promise<number> {
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
