import { CONTENT_SECURITY_POLICY } from '../hosts.ts';
import type { SiteRedirect } from '../types.ts';
import type { FileSource } from './files.ts';

// Redirects and policy from the served build's manifest, so `site serve` answers as the hosts do
// (behaviour.md: Moved and removed pages, Security policy).

export interface BuildLookup {
  redirect(pathname: string): SiteRedirect | undefined;
  /** An older manifest without one gets the default policy. */
  policy(): string;
}

/** The manifest is read again only when a build replaced it. */
export function createBuildLookup(source: FileSource): BuildLookup {
  let latest = '';
  let redirects = new Map<string, SiteRedirect>();
  let policy = CONTENT_SECURITY_POLICY;
  const refresh = () => {
    const bytes = source.read('builds/latest.json');
    const text = bytes ? Buffer.from(bytes).toString('utf8') : '';
    if (text === latest) return;
    latest = text;
    const meta = readManifest(source, text);
    redirects = new Map((Array.isArray(meta.redirects) ? meta.redirects : []).map((r) => [r.from, r]));
    policy = typeof meta.policy === 'string' && meta.policy !== '' ? meta.policy : CONTENT_SECURITY_POLICY;
  };
  return {
    redirect(pathname) {
      refresh();
      return redirects.get(pathname);
    },
    policy() {
      refresh();
      return policy;
    },
  };
}

function readManifest(source: FileSource, latest: string): { redirects?: SiteRedirect[]; policy?: unknown } {
  try {
    const { id } = JSON.parse(latest) as { id?: unknown };
    if (typeof id !== 'string' || !/^[\w-]+$/.test(id)) return {};
    const meta = source.read(`builds/meta/${id}.json`);
    if (!meta) return {};
    return JSON.parse(Buffer.from(meta).toString('utf8')) as { redirects?: SiteRedirect[]; policy?: unknown };
  } catch {
    return {};
  }
}
