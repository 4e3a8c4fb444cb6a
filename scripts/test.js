// npm test: compiles, then runs the formatting, lint and type checks beside the test files (they
// fill the cores while the browser and CLI tests wait on pages and subprocesses). Each check's
// output is printed when it ends; the exit code is non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** statfs(2)'s type of a tmpfs. */
const TMPFS_MAGIC = 0x01021994;

// The tests talk to local servers over plain HTTP only. Extra CA certificates set for the machine
// would be read and parsed again by every Node process the tests start (the suite starts about a
// hundred): about 70 ms of CPU each, for nothing.
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
const bin = (pkg, name) => path.join(ROOT, 'node_modules', pkg, name);

// The tests' temporary sites, outputs and Chromium live in memory where the machine has a tmpfs:
// they write and delete tens of thousands of files, and on a disk (ext4 mounted with `discard`)
// that cost about a third of the suite's kernel time. TMPDIR set by the caller wins.
const SHM = '/dev/shm';
if (!env.TMPDIR && existsSync(SHM) && statfsSync(SHM).type === TMPFS_MAGIC) {
  env.TMPDIR = path.join(SHM, 'site-tests');
  mkdirSync(env.TMPDIR, { recursive: true });
}

const compiled = spawnSync(process.execPath, ['scripts/compile.js'], { stdio: 'inherit', env });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

// Formatting and types remember what they checked (node_modules/.cache/site): on a machine that ran
// them before, only the changed files are read again (a clean install checks everything).
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'site');
const checks = [
  [
    'format',
    bin('prettier', 'bin/prettier.cjs'),
    [
      '--check',
      '.',
      '--log-level',
      'warn',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      path.join(CACHE, 'prettier'),
    ],
  ],
  ['lint', bin('oxlint', 'bin/oxlint'), ['--type-aware', '--deny-warnings']],
  // The layers of the code and no import cycle (.dependency-cruiser.cjs, docs/architecture.md: Layers).
  [
    'layers',
    bin('dependency-cruiser', 'bin/dependency-cruise.mjs'),
    ['generator', 'runtime', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  ],
  [
    'types',
    bin('tsgo', 'bin/tsc'),
    ['--noEmit', '--incremental', '--tsBuildInfoFile', path.join(CACHE, 'tsbuildinfo')],
  ],
];

/** Runs a check with its output kept, resolving to whether it passed. */
function runCheck([name, file, args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(`\n${name} check failed:\n${output}\n`);
      resolve({ name, passed: code === 0 });
    });
  });
}

// The checks run one after another (one core), the tests beside them.
const checked = (async () => {
  const results = [];
  for (const check of checks) results.push(await runCheck(check));
  return results;
})();
const vitest = spawn(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
const tested = new Promise((resolve) => vitest.on('close', (code) => resolve(code === 0)));

const [results, testsPassed] = await Promise.all([checked, tested]);
const failed = results.filter((r) => !r.passed).map((r) => r.name);
console.log(`checks: ${failed.length === 0 ? 'format, lint, layers and types passed' : `${failed.join(', ')} failed`}`);
process.exit(failed.length === 0 && testsPassed ? 0 : 1);
