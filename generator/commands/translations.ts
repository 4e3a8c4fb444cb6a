import { loadConfig } from '../config.ts';
import { SiteError, throwIfErrors, toProblem } from '../errors.ts';
import { loadContent } from '../load/content.ts';
import { loadMessages } from '../load/messages.ts';
import { loadTemplateInventory } from '../load/templates.ts';
import { printConfirmed, printFailure, printTranslationStatus } from '../report.ts';
import { resolveRoutes } from '../resolve/routes.ts';
import {
  checkSourceLocales,
  confirmTranslations,
  readTranslationRecord,
  toTranslationStatus,
  writeTranslationRecord,
} from '../translations.ts';

/**
 * `site translations`: the state of every translation (behaviour.md: Translations), or with `done`
 * the record updated for the translations named. Returns the exit code: 0 whatever the state, 1
 * when the sources cannot be read or a name matches nothing.
 */
export async function runTranslations(options: {
  root: string;
  json?: boolean;
  action?: string | undefined;
  names: readonly string[];
  all?: boolean;
}): Promise<number> {
  try {
    if (options.action !== undefined && options.action !== 'done')
      throw new SiteError([toProblem('TRANSLATIONS_USAGE', { given: options.action })]);
    const done = options.action === 'done';
    if (done && !options.all && options.names.length === 0)
      throw new SiteError([toProblem('TRANSLATIONS_USAGE', { given: 'done' })]);
    const config = await loadConfig(options.root);
    const [content, messages, templates] = await Promise.all([
      loadContent(config),
      loadMessages(config),
      loadTemplateInventory(config),
    ]);
    // A key missing from a locale is what this command reports, not a reason to stop.
    throwIfErrors([...content.problems, ...messages.problems.filter((p) => p.code !== 'MESSAGE_KEY_MISSING')]);
    const { routes, problems } = resolveRoutes(config, content.files, templates);
    throwIfErrors([...problems, ...checkSourceLocales(config, routes)]);
    const read = readTranslationRecord(options.root);
    if (read.problem) throw new SiteError([read.problem]);
    if (!done) {
      const status = toTranslationStatus(config, routes, messages.messages, read.record, read.exists);
      printTranslationStatus(config, status, options.json ?? false);
      return 0;
    }
    const result = confirmTranslations(config, routes, messages.messages, read.record, {
      names: options.names,
      all: options.all ?? false,
    });
    if (result.unknown.length > 0)
      throw new SiteError(result.unknown.map((name) => toProblem('TRANSLATIONS_UNKNOWN_NAME', { name })));
    writeTranslationRecord(options.root, result.record);
    printConfirmed(result.confirmed, options.json ?? false);
    return 0;
  } catch (error) {
    printFailure(options.root, error, 'Reading the translations');
    return 1;
  }
}
