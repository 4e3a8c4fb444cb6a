import { checkSite } from '../check/index.ts';
import { printCheckReport, printFailure, printProgress } from '../report.ts';

/** `site check`: exit 1 on any error, 0 with warnings only. */
export async function runCheck(options: {
  root: string;
  out: string;
  external: boolean;
  json: boolean;
}): Promise<number> {
  try {
    const report = await checkSite({
      root: options.root,
      outDir: options.out,
      external: options.external,
      onProgress: options.json ? undefined : printProgress,
    });
    printCheckReport(report, options.json);
    return report.summary.errors > 0 ? 1 : 0;
  } catch (error) {
    printFailure(options.root, error, 'The check');
    return 1;
  }
}
