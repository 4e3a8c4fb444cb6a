import { toRequestedPath } from './page-data.ts';

// One static 404 serves every path, so this fills in the path (behaviour.md: Not found). External
// because pages carry no inline script.
const target = document.querySelector<HTMLElement>('[data-requested-path]');
if (target) {
  target.textContent = toRequestedPath();
  const message = target.closest<HTMLElement>('[data-not-found-message]');
  if (message) message.hidden = false;
}
