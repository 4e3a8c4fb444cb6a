import { SiteError } from '../problems/problem.ts';
import type { SiteProblem, StageTiming } from '../types.ts';

// What one build keeps while its stages run: each stage's time, and the problems found so far
// (behaviour.md: Errors). Warnings are kept for the report; errors end the build, all at once.

export interface BuildRun {
  /** Runs one named stage and records its time. */
  stage<T>(name: string, step: () => Promise<T> | T): Promise<T>;
  /** Keeps the warnings; throws every problem so far when there is an error among these. */
  keep(problems: readonly SiteProblem[]): void;
  readonly stages: StageTiming[];
  readonly warnings: SiteProblem[];
  readonly startedAt: number;
}

/** `ignore`: codes that are not this run's to report (`site check` reports the texts' faults itself). */
export function startRun(ignore: ReadonlySet<string> = new Set()): BuildRun {
  const stages: StageTiming[] = [];
  const warnings: SiteProblem[] = [];
  return {
    stages,
    warnings,
    startedAt: performance.now(),
    async stage(name, step) {
      // Listed in the order the stages start: stages that run side by side keep their order.
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
      // A failed build still shows the warnings gathered so far (an output put back, say).
      if (errors.length > 0) throw new SiteError([...warnings, ...errors]);
    },
  };
}

/**
 * Stages that run side by side (the sources and the code bundle): every one is awaited, and when
 * several fail, their problems are reported together, in the order the stages are given.
 */
export async function allStages<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length === 0) return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
  if (!failures.every((f) => f instanceof SiteError)) throw failures.find((f) => !(f instanceof SiteError));
  const problems = (failures as SiteError[]).flatMap((f) => f.problems);
  throw new SiteError([...new Map(problems.map((p) => [JSON.stringify(p), p])).values()]);
}
