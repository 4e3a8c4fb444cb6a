import {
  catalogue,
  type Args,
  type ArgsOf,
  type CatalogueEntry,
  type ErrorCode,
  type NoArgs,
  type Severity,
} from './catalogue.ts';

export type { ArgsOf, ErrorCode } from './catalogue.ts';

// architecture.md: Errors.

/** Line and column are 1-based. */
export interface SourceLoc {
  file: string;
  line: number;
  column: number;
}

/** A union over the codes, so that checking `code` tells which arguments the problem has. */
export type SiteProblem<C extends ErrorCode = ErrorCode> = C extends ErrorCode ? ProblemOf<C> : never;

interface ProblemOf<C extends ErrorCode> {
  readonly code: C;
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string;
  readonly loc?: SourceLoc;
  /** The values the catalogue built the message from, for tools that group or locate problems. */
  readonly args: ArgsOf<C>;
}

/** The generator's one error type. */
export class SiteError extends Error {
  readonly problems: readonly SiteProblem[];

  constructor(problems: readonly SiteProblem[], options?: { cause?: unknown }) {
    super(problems.map((p) => p.message).join('\n'), options);
    this.name = 'SiteError';
    this.problems = problems;
  }
}

// A code whose arguments are all optional may be given none.
type ProblemArgs<C extends ErrorCode> =
  NoArgs extends ArgsOf<C> ? [args?: ArgsOf<C>, loc?: SourceLoc] : [args: ArgsOf<C>, loc?: SourceLoc];

/** Builds a problem from the catalogue; arguments given as undefined are left out. */
export function toProblem<C extends ErrorCode>(code: C, ...[args, loc]: ProblemArgs<C>): SiteProblem<C> {
  // One entry, read with its own arguments: the union of every entry's type cannot be called.
  const entry = catalogue[code] as CatalogueEntry<Args>;
  const a = Object.fromEntries(Object.entries(args ?? {}).filter(([, v]) => v !== undefined)) as ArgsOf<C>;
  return {
    code,
    severity: entry.severity,
    message: entry.message(a),
    hint: entry.hint(a),
    args: a,
    ...(loc ? { loc } : {}),
    // A problem's type is a union over the codes, which an object of a generic code cannot be shown to be.
  } as SiteProblem<C>;
}

/** Narrows a problem's code, so its arguments can be read by name. */
export function isProblemOf<C extends ErrorCode>(problem: SiteProblem, codes: readonly C[]): problem is SiteProblem<C> {
  return (codes as readonly ErrorCode[]).includes(problem.code);
}

/** Collect, then fail once. */
export function throwIfErrors(problems: readonly SiteProblem[]): void {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new SiteError(errors);
}
