import { loadConfig } from '../config.ts';
import { throwIfErrors } from '../errors.ts';
import { loadContent } from '../load/content.ts';
import { loadTemplateInventory } from '../load/templates.ts';
import { resolveRoutes } from '../resolve/routes.ts';
import { printFailure, printProblems, printRoutes } from '../report.ts';

/** `site routes`: the route inventory as a table (or JSON); returns the exit code. */
export async function runRoutes(options: { root: string; json?: boolean }): Promise<number> {
  try {
    const config = await loadConfig(options.root);
    const [content, templates] = await Promise.all([loadContent(config), loadTemplateInventory(config)]);
    throwIfErrors(content.problems);
    const { routes, problems } = resolveRoutes(config, content.files, templates);
    throwIfErrors(problems);
    printProblems(options.root, problems);
    printRoutes(
      routes,
      config.locales.map((l) => l.code),
      options.json ?? false,
    );
    return 0;
  } catch (error) {
    printFailure(options.root, error, 'Listing the routes');
    return 1;
  }
}
