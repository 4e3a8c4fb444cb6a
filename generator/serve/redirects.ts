import { CONTENT_SECURITY_POLICY } from '../hosts.ts';
import type { BuildManifest, SiteRedirect } from '../types.ts';
import type { FileSource } from './files.ts';
import { readBuildManifest } from '../write/manifest.ts';

// Redirects and policy from the served build's manifest, so `site serve` answers as the hosts do
// (behaviour.md: Moved and removed pages, Security policy).

/** The manifest is read again only when a build replaced it; one without a policy gets the default. */
export function createBuildLookup(source: FileSource) {
  let latest = '';
  let redirects = new Map<string, SiteRedirect>();
  let policy = CONTENT_SECURITY_POLICY;
  const readText = (file: string) => Buffer.from(source.read(file) ?? []).toString('utf8');
  const refresh = () => {
    const text = readText('builds/latest.json');
    if (text === latest) return;
    latest = text;
    const meta: Partial<BuildManifest> = readBuildManifest(readText) ?? {};
    redirects = new Map((Array.isArray(meta.redirects) ? meta.redirects : []).map((r) => [r.from, r]));
    policy = typeof meta.policy === 'string' && meta.policy !== '' ? meta.policy : CONTENT_SECURITY_POLICY;
  };
  return {
    redirect(pathname: string) {
      refresh();
      return redirects.get(pathname);
    },
    policy() {
      refresh();
      return policy;
    },
  };
}
