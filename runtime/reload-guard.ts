import { site } from './settings.ts';

// behaviour.md: Reload guard. One full load per path within the window: never a reload loop.

const KEY = 'site:reload-guard';

interface Guard {
  path: string;
  expires: number;
}

function readGuard(): Guard | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Guard | null;
  } catch {
    return null;
  }
}

/** False: the caller shows the error page instead. */
export function reloadOnce(path: string): boolean {
  const guard = readGuard();
  if (guard && guard.path === path && guard.expires > Date.now()) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, expires: Date.now() + site.reloadGuardMs }));
  } catch {
    // Without storage the guard cannot hold: no risk of a loop.
    return false;
  }
  location.assign(path);
  return true;
}
