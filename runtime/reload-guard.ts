import { site } from './settings.ts';

// behaviour.md: Reload guard. One full load per path within the window: never a reload loop.

const KEY = 'site:reload-guard';

function isGuarded(path: string): boolean {
  try {
    const guard = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; expires: number } | null;
    return guard?.path === path && guard.expires > Date.now();
  } catch {
    return false;
  }
}

/** False: the caller shows the error page instead. */
export function reloadOnce(path: string): boolean {
  if (isGuarded(path)) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, expires: Date.now() + site.reloadGuardMs }));
  } catch {
    // Without storage the guard cannot hold: no risk of a loop.
    return false;
  }
  location.assign(path);
  return true;
}
