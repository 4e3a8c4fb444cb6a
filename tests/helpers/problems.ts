import { buildSite } from '../../generator/pipeline/build.ts';
import { SiteError } from '../../generator/problems/problem.ts';
import type { SiteProblem } from '../../generator/types.ts';
import { makeSite } from './make-site.ts';

/** The problems a build (or a rebuild) failed with; none when it succeeded. */
export async function problemsOf(run: Promise<unknown>): Promise<SiteProblem[]> {
  try {
    await run;
  } catch (error) {
    if (error instanceof SiteError) return [...error.problems];
    throw error;
  }
  return [];
}

/** Builds a copy of the site with the given files changed, in memory; it must fail. */
export async function buildProblems(files: Record<string, string | null>): Promise<SiteProblem[]> {
  const problems = await problemsOf(buildSite({ root: makeSite(files), write: false }));
  if (problems.length === 0) throw new Error('the build succeeded');
  return problems;
}
