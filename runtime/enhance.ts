import { currentView, type SiteModules, type View } from './view.ts';
import { startConsent } from './consent.ts';
import { loadOwnManifest, startDeploymentCheck } from './deployment.ts';
import { watchLinks } from './links.ts';
import { initNavigation, onAfterRender, toPendingTarget } from './navigate.ts';
import { setPhraseBreaker } from './phrases.ts';
import { site } from './settings.ts';
import { watchVideoPosters } from './video.ts';
import { phraseBreakerFor } from './word-breaks.ts';

export { refresh } from './navigate.ts';

/**
 * Marked in the page's performance timeline once the page list is known, or could not be loaded:
 * from then on, links and back and forward behave as client navigation says (behaviour.md: Client navigation).
 */
const NAVIGATION_READY = 'site:navigation-ready';

// The pages the browser renders from now on (client navigation, a watch-mode refresh) find their
// own word breaks; the first view needs none of this code (behaviour.md: Presentation).
setPhraseBreaker(phraseBreakerFor(site.keepWhole));

export interface Enhanced {
  readonly toPendingTarget: () => string | null;
  readonly checkDeployment: () => Promise<void>;
}

/**
 * What the page gains once it is idle: client navigation and prefetch once its own build manifest
 * is loaded (behaviour.md: Client navigation, Prefetch), the deployment check
 * (behaviour.md: New-build check), hourly and on a tab's return, the video posters' player
 * (behaviour.md: Video embeds), and the consent notice where a script waits for it. Returns what the boot asks of them.
 */
export function enhance(modules: SiteModules, buildId: string, view: View, onNavigated: () => void): Enhanced {
  initNavigation(modules, buildId);
  onAfterRender(onNavigated);
  void loadOwnManifest(buildId).then((ok) => {
    if (ok) watchLinks(buildId);
    performance.mark(NAVIGATION_READY);
  });
  watchVideoPosters();
  const checkDeployment = startDeploymentCheck(buildId, () => (currentView() ?? view).t);
  // Only a page with a script that waits for consent starts the notice (behaviour.md: Consent).
  if (document.querySelector('script[data-consent-src]')) startConsent(() => (currentView() ?? view).t);
  return { toPendingTarget, checkDeployment };
}
