import { loadConfig } from '../../generator/config.ts';
import { toContentSecurityPolicy, toPagePolicy } from '../../generator/hosts.ts';
import { REPO_ROOT } from './make-site.ts';

let loaded: Promise<{ readonly header: string; readonly page: string }> | null = null;

/**
 * The real site's policy (behaviour.md: Security policy): the tool's own, with what its
 * configuration adds (the proposal request's `mailto:` form action); its pages embed no video. As
 * the hosts send it (`header`) and as a page carries it where they send none (`page`).
 */
export function loadSitePolicy(): Promise<{ readonly header: string; readonly page: string }> {
  loaded ??= loadConfig(REPO_ROOT).then((config) => {
    const header = toContentSecurityPolicy({ security: config.security, scripts: config.scripts, videos: [] });
    return { header, page: toPagePolicy(header) };
  });
  return loaded;
}
