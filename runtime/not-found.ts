import { toRequestedPath } from './requested-path.ts';

// The static 404 pages cannot know which path was asked for: the host serves the same file for
// every unknown path. This script fills the path into `Page not found: {path}`
// (behaviour.md: Not found); it is an external file because the pages carry no inline script, and
// it works without the runtime.
const target = document.querySelector<HTMLElement>('[data-requested-path]');
if (target) {
  target.textContent = toRequestedPath();
  const message = target.closest<HTMLElement>('[data-not-found-message]');
  if (message) message.hidden = false;
}
