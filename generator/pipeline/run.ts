import { SiteError } from '../problems/problem.ts';
import type { SiteProblem, StageTiming } from '../types.ts';

// Stage times and problems (behaviour.md: Errors): warnings are kept, errors end the build at once.

export interface BuildRun {
  stage<T>(name: string, step: () => Promise<T> | T): Promise<T>;
  /** Throws every problem so far when these hold an error. */
  keep(problems: readonly SiteProblem[]): void;
  readonly stages: StageTiming[];
  readonly warnings: SiteProblem[];
  readonly startedAt: number;
}

/** `ignore`: codes `site check` reports itself. */
export function startRun(ignore: ReadonlySet<string> = new Set()): BuildRun {
  const stages: StageTiming[] = [];
  const warnings: SiteProblem[] = [];
  return {
    stages,
    warnings,
    startedAt: performance.now(),
    async stage(name, step) {
      // In start order, so stages side by side keep their order.
      const timing = { stage: name, ms: 0 };
      stages.push(timing);
      const started = performance.now();
      try {
        return await step();
      } finally {
        timing.ms = Math.round((performance.now() - started) * 10) / 10;
      }
    },
    keep(problems) {
      warnings.push(...problems.filter((p) => p.severity === 'warning'));
      const errors = problems.filter((p) => p.severity === 'error' && !ignore.has(p.code));
      // A failed build still shows the warnings so far.
      if (errors.length > 0) throw new SiteError([...warnings, ...errors]);
    },
  };
}

/** Every stage is awaited, so several failures are reported together, in the order given. */
export async function allStages<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length === 0) return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
  if (!failures.every((f) => f instanceof SiteError)) throw failures.find((f) => !(f instanceof SiteError));
  const problems = (failures as SiteError[]).flatMap((f) => f.problems);
  throw new SiteError([...new Map(problems.map((p) => [JSON.stringify(p), p])).values()]);
}
