import { isPrerendered, onAfterRender, toPagePath } from './navigate.ts';
import { loadPayload, queuePrefetch } from './prefetch.ts';
import { loadTemplate } from './templates.ts';

// behaviour.md: Prefetch.

export function watchLinks(buildId: string): void {
  const prefetch = (a: HTMLAnchorElement) => {
    if (a.target === '_blank' || a.hasAttribute('download')) return;
    const url = new URL(a.href, location.href);
    const path = toPagePath(url);
    if (url.origin !== location.origin || !isPrerendered(path) || path === toPagePath(new URL(location.href))) return;
    queuePrefetch(path, () => loadPayload(path, buildId).then((p) => loadTemplate(p.template)));
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch(entry.target as HTMLAnchorElement);
    }
  });
  const scan = () => {
    observer.disconnect();
    for (const a of document.querySelectorAll<HTMLAnchorElement>('#app a[href]')) observer.observe(a);
  };
  const onPointer = (event: Event) => {
    const a = (event.target as Element | null)?.closest?.('a[href]');
    if (a) prefetch(a as HTMLAnchorElement);
  };
  document.addEventListener('mouseover', onPointer, { passive: true });
  document.addEventListener('focusin', onPointer);
  onAfterRender(scan);
  scan();
}
