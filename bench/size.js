// npm run bench (part 2): JavaScript sizes a visitor downloads, gzip. Prints figures only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { toFirstViewScripts, toIdleScripts } from '../dist/first-view.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The runtime's own code on a first view: its entry bundled with React, i18next and the templates
 * left out, and the chunks it imports statically (what it loads once idle or on demand, such as the
 * app and the search, is not).
 */
async function runtimeOwnSize() {
  const outdir = mkdtempSync(path.join(tmpdir(), 'site-runtime-'));
  try {
    const result = await build({
      entryPoints: [path.join(ROOT, 'runtime/boot.ts')],
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      write: false,
      outdir,
      metafile: true,
      platform: 'browser',
      target: 'es2020',
      external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'i18next'],
      define: { 'process.env.NODE_ENV': '"production"', __SITE_DEV__: 'false' },
      logLevel: 'silent',
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint);
    const firstView = new Set();
    const visit = (file) => {
      if (firstView.has(file)) return;
      firstView.add(file);
      for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
    };
    visit(entry);
    const bytes = new Map(result.outputFiles.map((f) => [path.relative(process.cwd(), f.path), f.contents]));
    return [...firstView].reduce((sum, file) => sum + gz(bytes.get(file)), 0);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === '_app' || entry === 'builds' ? [] : htmlFiles(full);
    return entry.endsWith('.html') ? [full] : [];
  });
}

const out = path.join(mkdtempSync(path.join(tmpdir(), 'site-size-')), 'out');
try {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin/site.js'), 'build', '--out', out, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  // Each script read and measured once, however many pages load it.
  const scriptTexts = new Map();
  const readScript = (url) => {
    if (!scriptTexts.has(url)) {
      const file = path.join(out, url);
      scriptTexts.set(url, existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return scriptTexts.get(url);
  };
  const sizes = new Map();
  const sizeOf = (url) => {
    if (!sizes.has(url)) sizes.set(url, readScript(url) === null ? 0 : gz(Buffer.from(readScript(url))));
    return sizes.get(url);
  };
  // The rules `site check` applies: before `load`, the page's scripts and every module they import
  // statically; once idle, besides, the chunks the build manifest lists for every page and for the
  // page's template. A module the output lacks weighs nothing here; `site check` reports it.
  const latest = JSON.parse(readFileSync(path.join(out, 'builds/latest.json'), 'utf8'));
  const { scripts } = JSON.parse(readFileSync(path.join(out, `builds/meta/${latest.id}.json`), 'utf8'));
  const weigh = (urls) => urls.reduce((sum, src) => sum + sizeOf(src), 0);
  const measure = (file) => {
    const html = readFileSync(file, 'utf8');
    const firstView = toFirstViewScripts(html, readScript);
    const template = /"template":"([^"]+)"/.exec(html)?.[1] ?? null;
    return { firstView: weigh(firstView), idle: weigh(toIdleScripts(firstView, scripts, template)) };
  };
  const totals = htmlFiles(out)
    .map((file) => ({ page: path.relative(out, file), ...measure(file) }))
    .sort((a, b) => b.firstView - a.firstView);
  const median = (key) => [...totals].sort((a, b) => a[key] - b[key])[Math.floor(totals.length / 2)][key];
  const heaviest = [...totals].sort((a, b) => b.idle - a.idle)[0];
  console.log('JavaScript (gzip):');
  console.log(
    `  runtime's own code on a first view, without react, react-dom and i18next: ${kb(await runtimeOwnSize())} (target ≤ 6 KB)`,
  );
  console.log(
    `  before load, largest of ${totals.length} pages: ${kb(totals[0].firstView)} (${totals[0].page}; target ≤ 15 KB on every page); median ${kb(median('firstView'))}`,
  );
  console.log(
    `  once idle, largest: ${kb(heaviest.idle)} (${heaviest.page}; budget 120 KB); median ${kb(median('idle'))}`,
  );
  console.log('  the audited pages (npm run audit): before load, once idle');
  const audited = JSON.parse(readFileSync(path.join(ROOT, 'scripts/audit-pages.json'), 'utf8'));
  for (const url of audited) {
    const file = path.join(out, url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);
    const { firstView, idle } = measure(file);
    console.log(`    ${url.padEnd(36)} ${kb(firstView).padStart(9)} ${kb(idle).padStart(9)}`);
  }
} finally {
  rmSync(path.dirname(out), { recursive: true, force: true });
}
