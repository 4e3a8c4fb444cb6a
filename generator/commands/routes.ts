import { throwIfErrors } from '../problems/problem.ts';
import { loadProjectSources } from '../pipeline/sources.ts';
import { printProblems, printRoutes, runReported } from '../report.ts';

export async function runRoutes(options: { root: string; json?: boolean }): Promise<number> {
  return runReported(options.root, 'Listing the routes', async () => {
    const { sources, problems } = await loadProjectSources(options.root);
    throwIfErrors(problems);
    printProblems(options.root, problems);
    printRoutes(
      sources.routes,
      sources.config.locales.map((l) => l.code),
      options.json ?? false,
    );
    return 0;
  });
}
