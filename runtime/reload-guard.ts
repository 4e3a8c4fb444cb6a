import { site } from './settings.ts';

// The chunk reload guard (behaviour.md: Reload guard): a page chunk or payload that fails during a
// client navigation loads the target in full once; a second failure for the same path within the
// guard window does not reload again (the caller shows the error page instead). Never a reload
// loop.

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

/** True when the page was loaded in full; false when the guard says the caller must show an error. */
export function reloadOnce(path: string): boolean {
  const guard = readGuard();
  if (guard && guard.path === path && guard.expires > Date.now()) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, expires: Date.now() + site.reloadGuardMs }));
  } catch {
    // Without storage the guard cannot hold: show the error rather than risk a loop.
    return false;
  }
  location.assign(path);
  return true;
}
