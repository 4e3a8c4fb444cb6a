// The static 404 pages cannot know which path was asked for: the host serves the same file for
// every unknown path. This script fills the path into `Page not found: {path}` (SPEC §6); it is an
// external file because the pages carry no inline script.
const target = document.querySelector<HTMLElement>('[data-requested-path]');
if (target) {
  let path = location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is shown as it was typed.
  }
  target.textContent = path + location.search;
  const message = target.closest<HTMLElement>('[data-not-found-message]');
  if (message) message.hidden = false;
}
