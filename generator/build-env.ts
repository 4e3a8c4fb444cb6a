import { SiteError, toProblem } from './problems/problem.ts';
import type { BuildEnv } from './types.ts';

// behaviour.md: Publishing. A branch deployment on Netlify, Cloudflare Pages or Vercel is a preview
// no search engine may index; anything else is production.

const ENVS: readonly BuildEnv[] = ['production', 'preview'];

/** `--env`, else what the CI says of itself (`CONTEXT=deploy-preview`), and what chose it. */
export function toBuildEnv(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  productionBranch: string,
): { name: BuildEnv; source: string | null } {
  if (given !== undefined) {
    if (!(ENVS as readonly string[]).includes(given))
      throw new SiteError([
        toProblem('CONFIG_INVALID', {
          field: 'env',
          reason: `\`${given}\` (from --env) is none of ${ENVS.join(', ')}`,
          hint: 'Build with `--env preview` for a deployment search engines must not index, `--env production` for the site.',
        }),
      ]);
    return { name: given as BuildEnv, source: '--env' };
  }
  // Netlify: `production`, `deploy-preview`, `branch-deploy`, `dev`.
  if (env.CONTEXT && env.NETLIFY && env.CONTEXT !== 'production')
    return { name: 'preview', source: `CONTEXT=${env.CONTEXT}` };
  if (env.CF_PAGES_BRANCH && env.CF_PAGES_BRANCH !== productionBranch)
    return { name: 'preview', source: `CF_PAGES_BRANCH=${env.CF_PAGES_BRANCH}` };
  if (env.VERCEL_ENV === 'preview') return { name: 'preview', source: 'VERCEL_ENV=preview' };
  return { name: 'production', source: null };
}
