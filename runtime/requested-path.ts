/** behaviour.md: Not found. */
export function toRequestedPath(): string {
  let path = location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is shown as it was typed.
  }
  return path + location.search;
}
