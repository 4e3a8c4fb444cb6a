import { isProblemOf, toProblem } from '../problems/problem.ts';
import type { SiteProblem } from '../types.ts';

/** A template error that breaks many pages: once, with the first page and how many others. */
export function collapseRenderFailures(problems: readonly SiteProblem[]): SiteProblem[] {
  const groups = new Map<string, SiteProblem<'RENDER_FAILED'>[]>();
  const rest: SiteProblem[] = [];
  for (const problem of problems) {
    if (!isProblemOf(problem, ['RENDER_FAILED'])) {
      rest.push(problem);
      continue;
    }
    const { loc, args } = problem;
    const key = `${loc?.file}:${loc?.line}:${loc?.column}\n${args.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  const collapsed = [...groups.values()].map(([first, ...others]) => {
    const problem = first as SiteProblem<'RENDER_FAILED'>;
    if (others.length === 0) return problem;
    return toProblem('RENDER_FAILED', { ...problem.args, others: String(others.length) }, problem.loc);
  });
  return [...collapsed, ...rest];
}
