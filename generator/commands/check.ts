import { checkSite } from '../check/index.ts';
import { printCheckReport, printProgress, runReported } from '../report.ts';

/** `site check`: exit 1 on any error, 0 with warnings only. */
export async function runCheck(options: {
  root: string;
  out: string;
  external: boolean;
  json: boolean;
}): Promise<number> {
  return runReported(options.root, 'The check', async () => {
    const onProgress = options.json ? undefined : printProgress;
    const report = await checkSite({ root: options.root, outDir: options.out, external: options.external, onProgress });
    printCheckReport(report, options.json);
    return report.summary.errors > 0 ? 1 : 0;
  });
}
