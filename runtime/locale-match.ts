import type { LocaleConfig } from '../generator/types.ts';

// behaviour.md: Language matching. Shared by the root redirect and the host configuration.

export function matchLocale(
  preferred: readonly string[],
  locales: readonly Pick<LocaleConfig, 'code' | 'iso'>[],
  fallback: string,
): string {
  for (const tag of preferred) {
    const wanted = tag.trim().toLowerCase();
    if (!wanted) continue;
    const exact = locales.find((l) => l.iso.toLowerCase() === wanted);
    if (exact) return exact.code;
    const primary = wanted.split('-')[0];
    const prefix = locales.find((l) => l.iso.toLowerCase().split('-')[0] === primary);
    if (prefix) return prefix.code;
  }
  return fallback;
}
