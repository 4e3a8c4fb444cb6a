import { currentView, type View } from './app.tsx';
import { startConsent } from './consent.ts';
import { readOwnManifest, startDeploymentCheck } from './deployment.ts';
import { watchLinks } from './links.ts';
import { initNavigation, onAfterRender, setPrerendered, toPendingTarget } from './navigate.ts';
import { setPhraseBreaker } from './phrases.ts';
import { site } from './settings.ts';
import { watchVideoPosters } from './video.ts';
import { phraseBreakerFor } from './word-breaks.ts';

export { refresh } from './navigate.ts';

// Pages the browser renders itself need their own word breaks (behaviour.md: Presentation).
setPhraseBreaker(phraseBreakerFor(site.keepWhole));

export interface Enhanced {
  readonly toPendingTarget: () => string | null;
  readonly checkDeployment: () => Promise<void>;
}

/** What the page gains once idle: navigation, prefetch, deployment check, video, consent. */
export function enhance(buildId: string, view: View, onNavigated: () => void): Enhanced {
  initNavigation(buildId);
  onAfterRender(onNavigated);
  void readOwnManifest(buildId).then((meta) => {
    if (Array.isArray(meta?.prerendered)) setPrerendered(meta.prerendered);
    if (meta) watchLinks(buildId);
    // From here links navigate on the client (behaviour.md: Client navigation).
    performance.mark('site:navigation-ready');
  });
  watchVideoPosters();
  const checkDeployment = startDeploymentCheck(buildId, () => (currentView() ?? view).t);
  if (document.querySelector('script[data-consent-src]')) startConsent(() => (currentView() ?? view).t);
  return { toPendingTarget, checkDeployment };
}
