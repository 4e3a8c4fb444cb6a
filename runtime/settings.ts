// What the runtime knows of the site, fixed when the build bundles it (the `__SITE__` define).
import type { RuntimeConfig, SiteLocale } from '../generator/types.ts';
import { BOT_PATTERN } from './bots.ts';

export type RuntimeLocale = Pick<SiteLocale, 'code' | 'iso' | 'prefix' | 'ogLocale' | 'siteTitle' | 'titleSeparator'>;

/** behaviour.md: Constants. */
export interface RuntimeSettings extends Omit<RuntimeConfig, 'drawerWidth' | 'railWidth'> {
  /** Words a line never ends inside (word-breaks.ts). */
  readonly keepWhole: readonly string[];
  readonly locales: readonly RuntimeLocale[];
  readonly fallbackLocale: string;
}

declare const __SITE__: RuntimeSettings;

export const site: RuntimeSettings = __SITE__;

export function isBot(): boolean {
  return BOT_PATTERN.test(navigator.userAgent);
}

export function toLocale(code: string): RuntimeLocale | undefined {
  return site.locales.find((l) => l.code === code);
}
