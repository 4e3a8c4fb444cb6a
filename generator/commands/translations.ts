import { SiteError, throwIfErrors, toProblem } from '../problems/problem.ts';
import { printConfirmed, printTranslationStatus, runReported } from '../report.ts';
import { RECORD_FILE, readTranslationRecord, writeTranslationRecord } from '../translations/record.ts';
import { confirmTranslations, loadTranslationSources, toTranslationStatus } from '../translations/status.ts';

/** behaviour.md: Translations. */
export async function runTranslations(options: {
  root: string;
  json?: boolean;
  action?: string | undefined;
  names: readonly string[];
  all?: boolean;
}): Promise<number> {
  return runReported(options.root, 'Reading the translations', async () => {
    if (options.action !== undefined && options.action !== 'done')
      throw new SiteError([toProblem('TRANSLATIONS_USAGE', { given: options.action })]);
    const done = options.action === 'done';
    if (done && !options.all && options.names.length === 0)
      throw new SiteError([toProblem('TRANSLATIONS_USAGE', { given: 'done' })]);
    const { config, routes, held, messages, problems } = await loadTranslationSources(options.root);
    throwIfErrors(problems);
    const read = readTranslationRecord(options.root);
    if (read.problem) throw new SiteError([read.problem]);
    if (!done) {
      const status = toTranslationStatus(config, routes, messages, read.record, read.exists);
      printTranslationStatus(config, status, options.json ?? false);
      return 0;
    }
    const result = confirmTranslations(config, [...routes, ...held], messages, read.record, {
      names: options.names,
      all: options.all ?? false,
    });
    if (result.unknown.length > 0)
      throw new SiteError(result.unknown.map((name) => toProblem('TRANSLATIONS_UNKNOWN_NAME', { name })));
    writeTranslationRecord(options.root, result.record);
    printConfirmed(RECORD_FILE, result.confirmed, options.json ?? false);
    return 0;
  });
}
