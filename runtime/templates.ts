import type { View } from './app.tsx';

// behaviour.md: Pages on demand. Watch mode may replace a template's chunk URL.

export type PageLoaders = Readonly<Record<string, () => Promise<{ default: View['Page'] }>>>;

let pages: PageLoaders = {};
const replaced = new Map<string, string>();

export function setPages(loaders: PageLoaders): void {
  pages = loaders;
}

export function loadTemplate(name: string): Promise<View['Page']> {
  const url = replaced.get(name);
  if (url !== undefined) return (import(url) as Promise<{ default: View['Page'] }>).then((m) => m.default);
  const load = pages[name];
  return load ? load().then((m) => m.default) : Promise.reject(new Error(`no template ${name}`));
}

export function replaceTemplate(name: string, url: string): void {
  if (!(name in pages)) throw new Error(`no template ${name}`);
  replaced.set(name, url);
}
