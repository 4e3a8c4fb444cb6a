import type { HeldRoute, Route, SiteConfig, Unpublished } from '../types.ts';

// behaviour.md: Publishing.

/** `2026-12-11`. */
export function toCalendarDay(time: number, timeZone: string): string {
  // en-CA writes a day as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);
}

/** Null when a production build on `today` publishes the route. */
function toUnpublished(route: Route, today: string): Unpublished | null {
  const files = Object.values(route.files);
  // A page is published in all its languages at once.
  if (files.some((file) => file.data.draft)) return { kind: 'draft', date: null };
  const first = files[0]?.data;
  // A time of day is ignored: it goes live on its day.
  const from = first?.publishDate ?? route.date?.slice(0, 10) ?? null;
  if (from !== null && from > today) return { kind: 'scheduled', date: from };
  const until = first?.expiryDate ?? null;
  if (until !== null && until < today) return { kind: 'expired', date: until };
  return null;
}

export function holdBack(config: SiteConfig, routes: readonly Route[], time: number) {
  const today = toCalendarDay(time, config.publish.timeZone);
  const { drafts, future } = config.publish;
  const kept: Route[] = [];
  const held: HeldRoute[] = [];
  for (const route of routes) {
    const unpublished = toUnpublished(route, today);
    const built = unpublished === null || (unpublished.kind === 'draft' ? drafts : future);
    if (unpublished) held.push({ route, ...unpublished, built });
    if (built) kept.push(route);
  }
  return { routes: kept, held };
}
