import { isMainThread, Worker } from 'node:worker_threads';
import { toProblem } from './errors.ts';
import { formatProblem } from './report.ts';

// A run of the site's own code that never ends (a loop without an end in a template, a public
// module or the configuration) would leave a command waiting for ever without a word
// (behaviour.md: Safety). Every thread that runs the site's code has a slot in memory shared
// with a watchdog thread: how deep it is in the site's code, what it runs, and its event loop's
// last beat. A thread inside the site's code whose event loop has not beaten for the limit is stuck
// there; the watchdog then says which code, and stops the command.
//
// The watchdog is a thread of its own, whose start costs a command some 10 ms: it watches where no
// one else can stop a stuck command. `site serve` (a thread held by a loop never runs its Ctrl-C
// handler), and any command under CI (nobody is there to press Ctrl-C; the job would wait for its
// time limit), or with SITE_STUCK_SECONDS set. Elsewhere Ctrl-C stops the command.

/** Slots in the shared memory: one per thread that runs the site's code. */
const SLOTS = 64;
/** Bytes per slot: four numbers, then the text of what runs. */
const SLOT_BYTES = 512;
/** Where the text of what runs starts in a slot, and how long it may be. */
const TEXT_AT = 32;
const TEXT_BYTES = SLOT_BYTES - TEXT_AT;
/** The numbers of a slot, as a Float64Array index from its start: in use, depth, last beat, text length. */
const FIELD = { used: 0, depth: 1, beat: 2, length: 3 } as const;

/** How often a thread notes that its event loop runs. */
const BEAT_MS = 250;
/** How long the site's code may hold a thread without a break, unless SITE_STUCK_SECONDS says otherwise. */
const STUCK_SECONDS = 60;

/** What a worker is given to take part: the shared memory and its slot (the main thread claims it). */
export interface WatchSlot {
  readonly shared: SharedArrayBuffer;
  readonly slot: number;
}

let shared: SharedArrayBuffer | null = null;
let own: { numbers: Float64Array; text: Uint8Array } | null = null;
const encoder = new TextEncoder();

function slotViews(memory: SharedArrayBuffer, slot: number): { numbers: Float64Array; text: Uint8Array } {
  return {
    numbers: new Float64Array(memory, slot * SLOT_BYTES, TEXT_AT / 8),
    text: new Uint8Array(memory, slot * SLOT_BYTES + TEXT_AT, TEXT_BYTES),
  };
}

/** The limit in ms: SITE_STUCK_SECONDS when it is a positive number, else STUCK_SECONDS. */
function toStuckMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.SITE_STUCK_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : STUCK_SECONDS) * 1000;
}

/** Claims a free slot of the main thread's shared memory (started with its watchdog the first time). */
function claimSlot(): WatchSlot | null {
  if (!shared) {
    shared = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
    try {
      // The report is written now, with stand-ins for what runs and for how long: the watchdog
      // loads no module of the generator (a thread of its own costs every command its start).
      const report = formatProblem(
        '',
        toProblem('SITE_CODE_STUCK', { what: '\u0000what\u0000', seconds: '\u0000s\u0000' }),
      );
      const thread = new Worker(WATCHDOG, {
        eval: true,
        workerData: { shared, stuckMs: toStuckMs(), report, layout: { SLOTS, SLOT_BYTES, TEXT_AT, FIELD } },
      });
      // It never keeps a command alive, and a failure to start it costs only the watch.
      thread.unref();
      thread.on('error', () => undefined);
    } catch {
      return null;
    }
  }
  for (let slot = 0; slot < SLOTS; slot++) {
    const { numbers } = slotViews(shared, slot);
    if (numbers[FIELD.used] === 0) {
      numbers[FIELD.used] = 1;
      numbers[FIELD.depth] = 0;
      numbers[FIELD.beat] = Date.now();
      return { shared, slot };
    }
  }
  return null;
}

function releaseSlot({ shared: memory, slot }: WatchSlot): void {
  const { numbers } = slotViews(memory, slot);
  numbers[FIELD.depth] = 0;
  numbers[FIELD.used] = 0;
}

/** Starts this thread's beat in its slot. */
function takePart(slot: WatchSlot): void {
  own = slotViews(slot.shared, slot.slot);
  const numbers = own.numbers;
  numbers[FIELD.beat] = Date.now();
  setInterval(() => {
    numbers[FIELD.beat] = Date.now();
  }, BEAT_MS).unref();
}

/**
 * A slot for a worker about to start, given to it in its workerData (`joinAsWorker`); freed when
 * the worker ends, however it ends (a worker stopped in the middle of a page leaves no slot behind
 * that would look stuck).
 */
export function slotForWorker(): WatchSlot | null {
  if (!isMainThread) return null;
  joinAsMain();
  return shared ? claimSlot() : null;
}

/** Frees a worker's slot once it has ended. */
export function releaseWorkerSlot(slot: WatchSlot | null): void {
  if (slot) releaseSlot(slot);
}

let joined = false;
/** Whether the watchdog runs (see above); `watchSiteCode` turns it on for `site serve`. */
let wanted = Boolean(process.env.CI || process.env.SITE_STUCK_SECONDS);

/** Has the watchdog watch this command, whatever the environment says (`site serve`). */
export function watchSiteCode(): void {
  wanted = true;
}

/** Whether the command runs under a debugger (`node --inspect`), where a paused template is not stuck. */
function isDebugged(): boolean {
  // Read from the flags: loading node:inspector to ask costs every command some 10 ms.
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.some((flag) => flag.startsWith('--inspect'));
}

/** The main thread takes part (once): it starts the watchdog and claims its own slot; not under a debugger. */
function joinAsMain(): void {
  if (joined || !wanted) return;
  joined = true;
  if (isDebugged()) return;
  const slot = claimSlot();
  if (slot) takePart(slot);
}

/** A worker takes part with the slot it was given. */
export function joinAsWorker(slot: WatchSlot | null | undefined): void {
  if (joined || !slot) return;
  joined = true;
  takePart(slot);
}

/** The site's code starts running `what` (`The render of /en/contact (template site/templates/…)`). */
export function enterSiteCode(what: string): void {
  // A worker takes part only with the slot the main thread gave it.
  if (!joined && isMainThread) joinAsMain();
  if (!own) return;
  const { numbers, text } = own;
  // The latest run's: a run inside another (a template's module loaded as a page renders) names itself.
  numbers[FIELD.length] = encoder.encodeInto(what, text).written;
  numbers[FIELD.depth] = (numbers[FIELD.depth] ?? 0) + 1;
}

/** The run started by `enterSiteCode` has ended. */
export function leaveSiteCode(): void {
  if (own) own.numbers[FIELD.depth] = Math.max(0, (own.numbers[FIELD.depth] ?? 1) - 1);
}

/**
 * The watchdog thread's code, run from this text (it loads no module of the generator): once a
 * second it reads every slot; a thread inside the site's code whose event loop has not beaten for
 * the limit is stuck in it. It prints the report, naming the code, and stops the command: nothing
 * else can end a thread held by a loop, and a thread held so cannot run a signal's handler (a
 * `site serve` stuck so would not stop at Ctrl-C). The previous output is untouched: a build writes
 * into a staging folder, which the next build clears.
 */
const WATCHDOG = `
const { readdirSync, readFileSync, writeSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { shared, stuckMs, report, layout } = workerData;
const { SLOTS, SLOT_BYTES, TEXT_AT, FIELD } = layout;
const decoder = new TextDecoder();
const readdirSafe = (dir) => { try { return readdirSync(dir); } catch { return []; } };
const readSafe = (file) => { try { return readFileSync(file, 'utf8').trim(); } catch { return ''; } };
setInterval(() => {
  const now = Date.now();
  for (let slot = 0; slot < SLOTS; slot++) {
    const numbers = new Float64Array(shared, slot * SLOT_BYTES, TEXT_AT / 8);
    if (numbers[FIELD.used] !== 1 || numbers[FIELD.depth] < 1) continue;
    const quiet = now - numbers[FIELD.beat];
    if (quiet < stuckMs) continue;
    // Copied first: shared bytes cannot be decoded where they are.
    const what = decoder.decode(new Uint8Array(shared, slot * SLOT_BYTES + TEXT_AT, numbers[FIELD.length]).slice());
    const seconds = String(Math.round(quiet / 1000));
    writeSync(2, report.replace('\\u0000what\\u0000', what).replace('\\u0000s\\u0000', seconds) + '\\n\\n');
    // The command's own child processes (esbuild's service) go first: left without it, one would
    // print its own complaint under the report.
    for (const task of readdirSafe('/proc/' + process.pid + '/task'))
      for (const child of readSafe('/proc/' + process.pid + '/task/' + task + '/children').split(' '))
        if (child) try { process.kill(Number(child), 'SIGKILL'); } catch {}
    process.kill(process.pid, 'SIGKILL');
  }
}, 1000);
`;
