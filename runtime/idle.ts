/** Runs when the browser is idle (a timeout where idle callbacks are missing). */
export function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => callback(), { timeout: 3000 });
  else setTimeout(callback, 200);
}

interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<unknown>;
}

/** The browser's task scheduler, where it has one. */
function taskScheduler(): TaskScheduler | undefined {
  return (window as Window & { scheduler?: TaskScheduler }).scheduler;
}

/**
 * Runs once the browser has nothing more urgent to do: as a background task where the browser
 * schedules tasks by priority, else when it is idle. (An idle callback asked for during `load` may
 * wait for its whole timeout where the browser draws no frame meanwhile.)
 */
export function whenFree(callback: () => void): void {
  const scheduler = taskScheduler();
  if (scheduler) void scheduler.postTask(callback, { priority: 'background' });
  else whenIdle(callback);
}

/**
 * Resolves in a later task: a background one where the browser schedules tasks by priority, else
 * after a zero timeout. What follows an `await` of it runs apart from what came before, so that
 * neither makes a long task with the other; no idle time is waited for, as a control may be
 * waiting for the app.
 */
export function nextFree(): Promise<void> {
  const scheduler = taskScheduler();
  if (scheduler) return scheduler.postTask(() => undefined, { priority: 'background' }).then(() => undefined);
  return new Promise((resolve) => setTimeout(resolve, 0));
}
