import { SiteError } from './problems/problem.ts';
import { formatProblem } from './problems/format.ts';
import type { CheckReport } from './check/index.ts';
import type { NewPageReport } from './commands/new-page.ts';
import type { DiffPart } from './translations/diff.ts';
import type { Confirmed, TranslationItem, TranslationStatus } from './translations/status.ts';
import type { BuildReport, LocaleCode, Route, SiteConfig, SiteProblem } from './types.ts';

// The only module that writes to the terminal (architecture.md: Style, rule 7).

const colorOn = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (colorOn ? `\u001b[${code}m${s}\u001b[0m` : s);
const red = (s: string) => paint('31', s);
const yellow = (s: string) => paint('33', s);
const dim = (s: string) => paint('2', s);
const bold = (s: string) => paint('1', s);
const green = (s: string) => paint('32', s);

/** `1 error`, `2 errors`. */
const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printProblems(root: string, problems: readonly SiteProblem[]): void {
  for (const problem of problems) process.stderr.write(`${formatProblem(root, problem, { color: colorOn })}\n\n`);
}

/** Runs a command for its exit code; a failure is printed, and is 1. */
export async function runReported(
  root: string,
  what: string,
  run: () => Promise<number>,
  outputUntouched = false,
): Promise<number> {
  try {
    return await run();
  } catch (error) {
    printFailure(root, error, what, outputUntouched);
    return 1;
  }
}

/** Prints a failure: every problem of a SiteError, or an internal error with its stack. */
export function printFailure(root: string, error: unknown, what: string, outputUntouched = false): void {
  if (error instanceof SiteError) {
    printProblems(root, error.problems);
    const errors = error.problems.filter((p) => p.severity === 'error').length;
    const untouched = outputUntouched ? ' The previous output is untouched.' : '';
    process.stderr.write(red(`${what} failed: ${count(errors, 'error')}.${untouched}\n`));
    if (process.env.DEBUG && error.cause)
      process.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
    return;
  }
  process.stderr.write(red(`${what} failed with an internal error; please report it with the lines below.\n`));
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}

export function printBuildReport(report: BuildReport, root: string, json: boolean): void {
  if (json) return printJson(report);
  printProblems(root, report.warnings);
  const locales = Object.entries(report.pagesPerLocale)
    .map(([code, n]) => `${n} ${code}`)
    .join(', ');
  const { search, images, cards } = report;
  const indexes = search && Object.entries(search.bytes).map(([code, size]) => `${code} ${toSize(size)}`);
  const notes: Readonly<Record<string, string | false | null>> = {
    bundle: report.bundleReused && ' (reused)',
    render: ` (${report.pagesRendered} of ${Object.values(report.pagesPerLocale).reduce((a, b) => a + b, 0)} rendered${report.renderThreads > 1 ? `, ${report.renderThreads} threads` : ''})`,
    cards: ` (${cards.drawn} of ${cards.total} drawn)`,
    images: images.total > 0 && ` (${images.made} of ${images.total} made)`,
    search: search && indexes && ` (${search.indexed} of ${indexes.length} indexed, ${indexes.join(', ')})`,
  };
  const stages = report.stages.map((s) => `${s.stage}${notes[s.stage] || ''} ${Math.round(s.ms)} ms`).join(' · ');
  process.stdout.write(
    `${bold('Built')} ${locales} pages and ${report.errorPages} error pages: ${report.files} files, ${toSize(report.bytes)} in ${report.totalMs} ms\n` +
      (report.precompressed > 0
        ? `  ${dim(`${report.precompressed} text files precompressed (.gz and .br beside each)`)}\n`
        : '') +
      `  ${dim(stages)}\n` +
      toPublishingLines(report) +
      `  ${dim(`build ${report.buildId} → ${report.outDir ?? '(memory)'}`)}\n`,
  );
}

/** A preview build, and what production leaves out (behaviour.md: Publishing): `left out: 2 drafts · …`. */
function toPublishingLines(report: BuildReport): string {
  const lines: string[] = [];
  if (report.env.name === 'preview')
    lines.push(
      `preview build (from ${report.env.source ?? 'the configuration'}): noindex everywhere, robots.txt disallows all`,
    );
  const parts: string[] = [];
  for (const kind of ['draft', 'scheduled', 'expired'] as const) {
    const held = report.held.filter((h) => h.kind === kind);
    if (held.length === 0) continue;
    const built = held.filter((h) => h.built).length;
    const next = kind === 'scheduled' ? `, next ${held.map((h) => h.date).sort()[0]}` : '';
    const what = kind === 'draft' ? count(held.length, 'draft') : `${kind}: ${count(held.length, 'page')}${next}`;
    parts.push(built === held.length ? `${what} (built and marked)` : built > 0 ? `${what} (${built} built)` : what);
  }
  if (parts.length > 0) lines.push(`left out of production: ${parts.join(' · ')}`);
  return lines.map((line) => `  ${line}\n`).join('');
}

/** A changed block: what was taken out and put in, with a little of what stayed around each change. */
function formatChange(parts: readonly DiffPart[]): string {
  const CONTEXT = 16;
  return parts
    .map((part, i) => {
      if (part.change === 'removed') return colorOn ? paint('31;9', part.text) : `[-${part.text}-]`;
      if (part.change === 'added') return colorOn ? green(part.text) : `{+${part.text}+}`;
      const chars = [...part.text];
      if (chars.length <= CONTEXT * 2) return part.text;
      const first = i === 0;
      const last = i === parts.length - 1;
      const head = first && !last ? '' : chars.slice(0, CONTEXT).join('');
      const tail = last && !first ? '' : chars.slice(-CONTEXT).join('');
      return `${head}…${tail}`;
    })
    .join('');
}

function ago(days: number | null): string {
  return days === null ? '' : days === 0 ? 'today' : days === 1 ? 'a day ago' : `${days} days ago`;
}

/** The state of every translation per locale (behaviour.md: Translations): counts, stale ones with changes, missing ones. */
export function printTranslationStatus(config: SiteConfig, status: TranslationStatus, json: boolean): void {
  const locales = config.locales.map((l) => l.code).filter((code) => status.items.some((i) => i.locale === code));
  const of = (code: LocaleCode, state: TranslationItem['state']) =>
    status.items.filter((i) => i.locale === code && i.state === state);
  if (json) {
    const shown = ({ state: _state, locale: _locale, ...rest }: TranslationItem) => rest;
    const byLocale = locales.map((code) => [
      code,
      {
        current: of(code, 'current').map((i) => i.id),
        stale: of(code, 'stale').map(shown),
        missing: of(code, 'missing').map(shown),
      },
    ]);
    return printJson({ record: status.record, recorded: status.recordExists, locales: Object.fromEntries(byLocale) });
  }
  const lines: string[] = [];
  if (!status.recordExists)
    lines.push(
      yellow(`There is no translation record (${status.record}) yet: confirm every translation as it is now with`),
      yellow('`site translations done --all`, and from then on each one you update.'),
      '',
    );
  for (const code of locales) {
    const stale = of(code, 'stale');
    const missing = of(code, 'missing');
    lines.push(
      `${bold(code)}: ${of(code, 'current').length} up to date, ${stale.length} stale, ${missing.length} missing`,
    );
    for (const item of stale) {
      const when = item.confirmed ? `confirmed ${item.confirmed} (${ago(item.days)})` : 'never confirmed';
      lines.push(`  ${yellow('stale  ')} ${item.file}:${item.line}  ${bold(item.id)}`);
      lines.push(`           ${dim(`source ${item.sourceFile}:${item.sourceLine}, ${when}`)}`);
      if (item.changes.length > 0) {
        lines.push(`           ${dim('changed since:')}`);
        for (const change of item.changes) lines.push(`             ${formatChange(change)}`);
      }
    }
    for (const item of missing)
      lines.push(
        `  ${red('missing')} ${item.file}  ${bold(item.id)}  ${dim(`source ${item.sourceFile}:${item.sourceLine}`)}`,
      );
  }
  if (status.items.some((i) => i.state === 'stale'))
    lines.push('', dim('Once a translation is updated: site translations done <file|route|namespace:key>'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function printConfirmed(record: string, confirmed: readonly Confirmed[], json: boolean): void {
  if (json) return printJson({ record, confirmed });
  process.stdout.write(`${bold('Confirmed')} ${count(confirmed.length, 'translation')} in ${record}.\n`);
}

/** `site new`: the files written as a draft, and what is left to do. */
export function printNewPage(report: NewPageReport, json = false): void {
  if (json) return printJson(report);
  const { template, layout, date, order } = report.settings;
  const settings = [`template ${template}`, `layout ${layout}`];
  if (date !== undefined) settings.push(`date ${date}`);
  if (order !== undefined) settings.push(`order ${order}`);
  process.stdout.write(
    `${bold('Started')} ${report.path} as a draft (${settings.join(', ')}):\n` +
      report.files.map((f) => `  ${f.file}\n`).join('') +
      `Next:\n${report.next.map((step, i) => `  ${i + 1}. ${step}\n`).join('')}`,
  );
}

/** The route inventory as a table: path, names, template, layout, locales with content. */
export function printRoutes(routes: readonly Route[], localeCodes: readonly string[], json: boolean): void {
  const records = routes.map((r) => ({
    path: r.path,
    names: localeCodes.map((code) => `${r.name}___${code}`),
    template: r.template,
    layout: r.layout,
    locales: r.contentLocales,
  }));
  if (json) return printJson(records);
  const rows = records.map((r) => ({ ...r, names: r.names.join(' '), locales: r.locales.join(' ') }));
  const header = { path: 'PATH', names: 'NAMES', template: 'TEMPLATE', layout: 'LAYOUT', locales: 'CONTENT' };
  const keys = Object.keys(header) as (keyof typeof header)[];
  const widths = keys.map((k) => Math.max(header[k].length, ...rows.map((r) => r[k].length)));
  const line = (r: typeof header) =>
    keys
      .map((k, i) => r[k].padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n${routes.length} routes\n`);
}

function toSize(bytes: number): string {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

const time = () => new Date().toTimeString().slice(0, 8);

/** `site cache clear`: what each cache held, and the total. */
export function printCacheCleared(removed: readonly { name: string; files: number; bytes: number }[]): void {
  const files = removed.reduce((sum, r) => sum + r.files, 0);
  const bytes = removed.reduce((sum, r) => sum + r.bytes, 0);
  const each = removed.filter((r) => r.files > 0).map((r) => `${r.name} ${toSize(r.bytes)}`);
  process.stdout.write(
    files === 0
      ? 'The caches were empty: nothing to remove.\n'
      : `Removed ${files} cached files, ${toSize(bytes)} (${each.join(', ')}). The next build makes them again.\n`,
  );
}

export function printServing(url: string, outDir: string | null, watching: boolean, movedFrom: number | null): void {
  if (movedFrom !== null) process.stdout.write(`${yellow(`Port ${movedFrom} is in use;`)} using the next free port.\n`);
  const what = outDir ?? 'the site, built in memory,';
  process.stdout.write(
    `${bold('Serving')} ${what} at ${bold(url)}${watching ? ' — watching for changes (Ctrl-C stops)' : ' (Ctrl-C stops)'}\n`,
  );
}

export function printRebuilt(kind: string, rendered: number, files: number, ms: number): void {
  process.stdout.write(`${dim(time())} rebuilt (${kind}): ${rendered} pages, ${files} files in ${ms} ms\n`);
}

export function printRebuildFailed(root: string, error: unknown): void {
  process.stderr.write(`${dim(time())} ${red('rebuild failed')}; the last good pages are still served.\n`);
  printFailure(root, error, 'The rebuild');
}

export function printServeError(message: string): void {
  process.stderr.write(`${red(message)}\n`);
}

export function printStopped(): void {
  process.stdout.write('Stopped.\n');
}

export function printProgress(what: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\u001b[K${dim(`site check: ${what}`)}`);
  else if (!what.startsWith('crawling')) process.stderr.write(`${dim(`site check: ${what}`)}\n`);
}

/** Problems grouped by code, each with its page or file and line, then one summary line. */
export function printCheckReport(report: CheckReport, json: boolean): void {
  if (json) return printJson(report);
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
  const groups = new Map<string, SiteProblem[]>();
  for (const problem of report.problems) groups.set(problem.code, [...(groups.get(problem.code) ?? []), problem]);
  for (const [code, problems] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const severity = problems[0]?.severity === 'error' ? red(bold(code)) : yellow(bold(code));
    process.stdout.write(`${severity} ${dim(`(${problems.length})`)}  ${problems[0]?.hint ?? ''}\n`);
    for (const p of problems) {
      const where = p.loc ? `${p.loc.file}:${p.loc.line}:${p.loc.column}` : '';
      process.stdout.write(`  ${where ? `${where}  ` : ''}${p.message}\n`);
    }
    process.stdout.write('\n');
  }
  const { errors, warnings, pages, links } = report.summary;
  const line = `site check: ${count(errors, 'error')}, ${count(warnings, 'warning')} (${pages} pages, ${links} links checked)`;
  process.stdout.write(`${errors > 0 ? red(line) : line}\n`);
}
