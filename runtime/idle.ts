/** Runs when the browser is idle (a timeout where idle callbacks are missing). */
export function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => callback(), { timeout: 3000 });
  else setTimeout(callback, 200);
}
