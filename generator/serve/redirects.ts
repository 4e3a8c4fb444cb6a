import type { SiteRedirect } from '../types.ts';
import type { FileSource } from './files.ts';

// The old addresses of the output being served (behaviour.md: Moved and removed pages), read from
// its build manifest, so `site serve` answers them as the hosts do, whichever host it was built for.

/** The redirect of a path, or undefined; the manifest is read again only when a build replaced it. */
export function createRedirectLookup(source: FileSource): (pathname: string) => SiteRedirect | undefined {
  let latest = '';
  let redirects = new Map<string, SiteRedirect>();
  return (pathname) => {
    const bytes = source.read('builds/latest.json');
    const text = bytes ? Buffer.from(bytes).toString('utf8') : '';
    if (text !== latest) {
      latest = text;
      redirects = new Map(readRedirects(source, text).map((r) => [r.from, r]));
    }
    return redirects.get(pathname);
  };
}

function readRedirects(source: FileSource, latest: string): readonly SiteRedirect[] {
  try {
    const { id } = JSON.parse(latest) as { id?: unknown };
    if (typeof id !== 'string' || !/^[\w-]+$/.test(id)) return [];
    const meta = source.read(`builds/meta/${id}.json`);
    if (!meta) return [];
    const { redirects } = JSON.parse(Buffer.from(meta).toString('utf8')) as { redirects?: SiteRedirect[] };
    return Array.isArray(redirects) ? redirects : [];
  } catch {
    return [];
  }
}
