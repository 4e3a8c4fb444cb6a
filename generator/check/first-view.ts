// A page's JavaScript (behaviour.md: Pages on demand). The bundler writes static imports first, so
// only that leading run is read: a later string that looks like an import is never taken for one.

/** One leading statement: whitespace or a comment, or an `import … from "…"` / `import "…"`. */
const LEADING = /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|import\s*(?:[\w$\s{},*]+?from\s*)?(["'])([^"']+)\1\s*;?/y;

export function toStaticImports(text: string): string[] {
  const found: string[] = [];
  LEADING.lastIndex = 0;
  for (let match = LEADING.exec(text); match && match[0] !== ''; match = LEADING.exec(text)) {
    if (match[2] !== undefined) found.push(match[2]);
  }
  return found;
}

/** The scripts a page's HTML loads on first view, imports included; `read` gives a script's text or null. */
export function toFirstViewScripts(html: string, read: (url: string) => string | null): string[] {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    const text = read(url);
    if (text === null) return;
    for (const specifier of toStaticImports(text)) visit(new URL(specifier, `https://site.invalid${url}`).pathname);
  };
  for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) visit((src as string).split('?')[0] as string);
  return [...found];
}

/** The scripts a page has loaded once idle: its first view's, then the manifest's for every page and its template. */
export function toIdleScripts(
  firstView: readonly string[],
  scripts: { readonly idle: readonly string[]; readonly templates: Readonly<Record<string, readonly string[]>> },
  template: string | null,
): string[] {
  return [...new Set([...firstView, ...scripts.idle, ...(template ? (scripts.templates[template] ?? []) : [])])];
}
