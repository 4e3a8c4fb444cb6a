/** Runs when the browser is idle (a timeout where idle callbacks are missing). */
export function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => callback(), { timeout: 3000 });
  else setTimeout(callback, 200);
}

const { scheduler } = window as Window & {
  scheduler?: { postTask(callback: () => void, options: { priority: 'background' }): Promise<unknown> };
};

/** A background task where supported: an idle callback asked for during `load` may wait its whole timeout. */
export function whenFree(callback: () => void): void {
  if (scheduler) void scheduler.postTask(callback, { priority: 'background' });
  else whenIdle(callback);
}

/** Splits a long task in two; waits for no idle time, as a control may be waiting for the app. */
export function nextFree(): Promise<void> {
  if (scheduler) return scheduler.postTask(() => undefined, { priority: 'background' }).then(() => undefined);
  return new Promise((resolve) => setTimeout(resolve, 0));
}
