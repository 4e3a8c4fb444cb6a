import { toProblem } from '../problems/problem.ts';
import { toMessagesFile } from '../messages.ts';
import type { MissingKey, SiteConfig, SiteProblem } from '../types.ts';

/** One error per locale, namespace and key, naming the first page that needed it. */
export function toMissingKeyProblems(config: SiteConfig, missing: readonly MissingKey[]): SiteProblem[] {
  const seen = new Map<string, MissingKey>();
  for (const m of missing) {
    const id = `${m.locale}\u0000${m.ns}\u0000${m.key}`;
    if (!seen.has(id)) seen.set(id, m);
  }
  return [...seen.values()].map((m) => {
    const file = toMessagesFile(config, m.locale, m.ns);
    const args = { locale: m.locale, ns: m.ns, key: m.key, file, usedBy: m.usedBy };
    return toProblem('MESSAGE_KEY_MISSING', args, { file, line: 1, column: 1 });
  });
}
