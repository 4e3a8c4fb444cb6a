import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../generator/pipeline/build.ts';
import { chromiumPath } from './browser.ts';
import { REPO_ROOT } from './make-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for every browser test file (read-only). */
    builtSite: { readonly out: string; readonly buildId: string };
  }
}

/**
 * Builds the real site once before the test files run; removed after them. Unpacks Chromium
 * meanwhile, once, before any test file starts: two test files that both found it missing would
 * each unpack it into the same file, and one would start a half-written binary.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-browser-'));
  const out = path.join(dir, 'out');
  const [, { manifest }] = await Promise.all([chromiumPath(), buildVerified(out)]);
  project.provide('builtSite', { out, buildId: manifest.id });
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * The real site's build renders each reused part on every page too, and fails where a part's id
 * leaves out what it shows (docs/behaviour.md: Markup rendered once): every page of every template
 * is verified once. The other builds of the suite, of the same templates, skip that second render
 * (SITE_VERIFY_REUSE=1 set by the caller verifies them all).
 */
async function buildVerified(out: string): ReturnType<typeof buildSite> {
  const caller = process.env.SITE_VERIFY_REUSE;
  process.env.SITE_VERIFY_REUSE = '1';
  try {
    return await buildSite({ root: REPO_ROOT, outDir: out });
  } finally {
    if (caller === undefined) delete process.env.SITE_VERIFY_REUSE;
    else process.env.SITE_VERIFY_REUSE = caller;
  }
}
