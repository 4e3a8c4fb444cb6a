import type { ContentFile } from '../types.ts';

// The times a page gives search engines, feed readers and share dialogs (behaviour.md: Sharing),
// written with the offset of the site's time zone: `2024-03-12T09:00:00+08:00` where the front
// matter gives a time, the day at local midnight where it gives a day. `2024-03-12T00:00:00Z`
// would be 08:00 in Taipei, and a bare day is read in each reader's own zone.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at the instant `utc` (ms). */
function toOffsetMinutes(utc: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    });
    offsetFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(utc).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour, part.minute, part.second);
  return Math.round((wall - Math.floor(utc / 1000) * 1000) / 60_000);
}

/**
 * A local day (`2024-03-12`) or day and time (`2024-03-12T09:00`, seconds allowed) of `timeZone`
 * as an RFC 3339 time with that zone's offset then: `2024-03-12T09:00:00+08:00`.
 */
export function toZonedTime(local: string, timeZone: string): string {
  const [day, time = '00:00'] = local.split('T') as [string, string | undefined];
  const clock = time.length === 5 ? `${time}:00` : time;
  const wall = Date.parse(`${day}T${clock}Z`);
  // Twice: the offset at the wall time read as UTC may differ from the one at the true instant
  // (a zone that changes its clocks between the two).
  const offset = toOffsetMinutes(wall - toOffsetMinutes(wall, timeZone) * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${day}T${clock}${sign}${hours}:${minutes}`;
}

/** The last second of a local day: a posting valid through a day is valid all of it. */
export function toEndOfDay(day: string, timeZone: string): string {
  return toZonedTime(`${day.slice(0, 10)}T23:59:59`, timeZone);
}

/**
 * When a page's text was published and last changed: its `date`, and its `updated` (this
 * language's file; a translation may be updated apart from its source), else its `date`.
 */
export function toPageTimes(
  content: ContentFile,
  timeZone: string,
): { readonly published: string | null; readonly modified: string | null } {
  const { date, updated } = content.data;
  const modified = updated ?? date;
  return {
    published: date === null ? null : toZonedTime(date, timeZone),
    modified: modified === null ? null : toZonedTime(modified, timeZone),
  };
}
