/** Fetches JSON; a failed response, or HTML where JSON was expected, is an error. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${url} is not JSON (${text.trimStart().startsWith('<') ? 'HTML' : 'malformed'})`);
  }
}

/** The load of `key` under way or done; a failed one is forgotten, so the next call tries again. */
export function loadOnce<T>(loads: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let pending = loads.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}
