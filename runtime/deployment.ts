import type { BuildManifest, Translate } from '../generator/types.ts';
import { fetchJson, loadOnce } from './fetch-json.ts';
import { markStale } from './navigate.ts';
import { site } from './settings.ts';

// behaviour.md: New-build check. A missing, malformed or HTML manifest is logged, never fatal.

async function readManifest<T>(url: string): Promise<T | null> {
  try {
    const value = await fetchJson<unknown>(url, { cache: 'no-store' });
    if (typeof (value as { id?: unknown } | null)?.id !== 'string') throw new Error(`${url} has no build id`);
    return value as T;
  } catch (error) {
    console.warn('Deployment check skipped:', error instanceof Error ? error.message : error);
    return null;
  }
}

const own = new Map<string, Promise<BuildManifest | null>>();

export function readOwnManifest(buildId: string): Promise<BuildManifest | null> {
  return loadOnce(own, buildId, () => readManifest<BuildManifest>(`/builds/meta/${buildId}.json`));
}

/** Watch mode: a rebuild keeps the id but may change the manifest. */
export function forgetOwnManifest(): void {
  own.clear();
}

/** Checks hourly and when the tab becomes visible; the caller runs the first check. */
export function startDeploymentCheck(buildId: string, translate: () => Translate): () => Promise<void> {
  let announced = false;
  const check = async () => {
    if (announced) return;
    const latest = await readManifest<{ id: string }>(`/builds/latest.json?${Date.now()}`);
    if (!latest || latest.id === buildId) return;
    announced = true;
    await readManifest<BuildManifest>(`/builds/meta/${latest.id}.json`);
    markStale();
    showNotice(translate());
  };
  setInterval(() => void check(), 3_600_000);
  // The event fires on a change only: visible now, the tab was hidden before.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  return check;
}

/** Stays `notificationMs`, paused while hovered or focused. */
function showNotice(t: Translate): void {
  const box = Object.assign(document.createElement('div'), { className: 'site-notice' });
  box.setAttribute('role', 'status');
  document.body.append(box);
  const text = Object.assign(document.createElement('p'), { textContent: t('common:updateAvailable') });
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'site-notice__close' });
  close.textContent = t('common:dismiss');
  let remaining = site.notificationMs;
  let started = Date.now();
  let timer = 0;
  const remove = () => {
    clearTimeout(timer);
    box.remove();
  };
  const resume = () => {
    started = Date.now();
    timer = window.setTimeout(remove, remaining);
  };
  const pause = () => {
    clearTimeout(timer);
    remaining -= Date.now() - started;
  };
  close.addEventListener('click', remove);
  box.addEventListener('mouseenter', pause);
  box.addEventListener('mouseleave', resume);
  box.addEventListener('focusin', pause);
  box.addEventListener('focusout', resume);
  // Filled after insertion so screen readers announce it.
  requestAnimationFrame(() => box.append(text, close));
  resume();
}
