// npm run bench (part 3): `site serve --watch`: save-to-updated-page latency (median of 10 edits each of a
// content file, a translation file and a template) and the server's memory over 100 rebuilds.
// Prints figures only.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHM = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

const site = mkdtempSync(path.join(SHM, 'site-bench-serve-'));
cpSync(path.join(ROOT, 'site'), path.join(site, 'site'), { recursive: true });
const child = spawn(
  process.execPath,
  [path.join(ROOT, 'bin/site.js'), '--root', site, 'serve', '--watch', '--port', '0', '--out', path.join(site, 'out')],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
);
let output = '';
child.stdout.on('data', (d) => {
  output += d;
});
child.stderr.on('data', (d) => {
  output += d;
});
const waitFor = async (test) => {
  while (!test()) await new Promise((r) => setTimeout(r, 5));
};
await waitFor(() => /at http:\/\/[\d.]+:\d+/.test(output));
const url = /at (http:\/\/[\d.]+:\d+)/.exec(output)[1];
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;

const browser = await playwright.launch({
  executablePath: process.env.CHROME_PATH || (await chromium.executablePath()),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();

/** Waits until the open page shows the change, across a reload if the dev client reloads it. */
async function waitForChange(check, arg) {
  for (;;) {
    try {
      await page.waitForFunction(check, arg, { polling: 'raf' });
      return;
    } catch (error) {
      if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }
}

/**
 * Edits a file and measures until the open page shows the change: rendered again in place
 * (texts, translations, styles) or reloaded (scripts).
 */
async function measure(file, edit, check) {
  const full = path.join(site, file);
  const original = readFileSync(full, 'utf8');
  const times = [];
  for (let i = 0; i < 10; i++) {
    // A page open in the browser, settled (its idle-time fetches done), as when its author saves.
    await page.goto(`${url}/en/contact`, { waitUntil: 'networkidle' });
    const started = performance.now();
    writeFileSync(full, edit(original, i));
    await waitForChange(check, i);
    times.push(performance.now() - started);
  }
  writeFileSync(full, original);
  await page.waitForTimeout(300);
  return median(times);
}

try {
  const content = await measure(
    'site/content/contact.en.md',
    (t, i) => t.replace(/^title: .*$/m, `title: "Contact CloudWing ${i}"`),
    (i) => document.querySelector('h1')?.textContent === `Contact CloudWing ${i}`,
  );
  const translation = await measure(
    'site/locales/en/nav.json',
    (t, i) => t.replace('"procurement": "Procurement"', `"procurement": "Procurement ${i}"`),
    (i) =>
      [...document.querySelectorAll('header a[href="/en/procurement"]')].some(
        (a) => a.textContent?.trim() === `Procurement ${i}`,
      ),
  );
  const template = await measure(
    'site/templates/pages/contact.tsx',
    (t, i) => t.replace('className="page page--contact"', `className="page page--contact page--contact-${i}"`),
    (i) => !!document.querySelector(`.page--contact-${i}`),
  );
  console.log('site serve --watch, save to updated page (median of 10):');
  console.log(`  content file: ${Math.round(content)} ms (target < 150 ms)`);
  console.log(`  translation file: ${Math.round(translation)} ms`);
  console.log(`  template: ${Math.round(template)} ms (target < 400 ms)`);

  const file = path.join(site, 'site/content/contact.en.md');
  const template2 = path.join(site, 'site/templates/pages/contact.tsx');
  const original = readFileSync(file, 'utf8');
  const originalTemplate = readFileSync(template2, 'utf8');
  const rebuilds = () => (output.match(/rebuilt \(/g) ?? []).length;
  const before = rss();
  for (let i = 0; i < 100; i++) {
    const done = rebuilds();
    if (i % 2) writeFileSync(file, original.replace(/^title: .*$/m, `title: "Contact ${i}"`));
    else
      writeFileSync(
        template2,
        originalTemplate.replace('className="page page--contact"', `className="page page--contact page--m${i}"`),
      );
    await waitFor(() => rebuilds() > done);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const after = rss();
  console.log(
    `  memory (RSS of the server): ${Math.round(before)} MB before, ${Math.round(after)} MB after 100 rebuilds (half content, half template): growth ${Math.round(after - before)} MB (target < 50 MB)`,
  );
} finally {
  await browser.close();
  child.kill('SIGINT');
  rmSync(site, { recursive: true, force: true });
}
