import type { SiteModules, View } from './app.tsx';
import { currentView } from './app.tsx';
import { loadOwnManifest, startDeploymentCheck } from './deployment.ts';
import { watchLinks } from './links.ts';
import { initNavigation, onAfterRender, toPendingTarget } from './navigate.ts';

export { refresh } from './navigate.ts';

export interface Enhanced {
  readonly toPendingTarget: () => string | null;
  readonly checkDeployment: () => Promise<void>;
}

/**
 * What the page gains once it is idle: client navigation and prefetch once its own build manifest
 * is loaded (behaviour.md: Client navigation, Prefetch), and the deployment check
 * (behaviour.md: New-build check), hourly and on a tab's return. Returns what the boot asks of them.
 */
export function enhance(modules: SiteModules, buildId: string, view: View, onNavigated: () => void): Enhanced {
  initNavigation(modules, buildId);
  onAfterRender(onNavigated);
  void loadOwnManifest(buildId).then((ok) => ok && watchLinks(buildId));
  const checkDeployment = startDeploymentCheck(buildId, () => (currentView() ?? view).t);
  return { toPendingTarget, checkDeployment };
}
