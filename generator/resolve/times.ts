import type { ContentFile } from '../types.ts';

// Times with the site's offset (behaviour.md: Sharing): a bare day is read in each reader's own zone.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `+08:00`. */
function toOffset(utc: number, timeZone: string): string {
  const format =
    offsetFormats.get(timeZone) ?? new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  offsetFormats.set(timeZone, format);
  const name = format.formatToParts(utc).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name.slice(3) || '+00:00';
}

/** `+08:00` → 480. */
const toMinutes = (offset: string) =>
  (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** RFC 3339 with the zone's offset at that moment. */
export function toZonedTime(local: string, timeZone: string): string {
  const [day, time = '00:00'] = local.split('T') as [string, string | undefined];
  const clock = time.length === 5 ? `${time}:00` : time;
  const wall = Date.parse(`${day}T${clock}Z`);
  // Twice: the zone may change its clocks between the wall time read as UTC and the true instant.
  const offset = toOffset(wall - toMinutes(toOffset(wall, timeZone)) * 60_000, timeZone);
  return `${day}T${clock}${offset}`;
}

/** The last second of a local day: a posting valid through a day is valid all of it. */
export function toEndOfDay(day: string, timeZone: string): string {
  return toZonedTime(`${day.slice(0, 10)}T23:59:59`, timeZone);
}

export function toPageTimes(content: ContentFile, timeZone: string) {
  const { date, updated } = content.data;
  const modified = updated ?? date;
  return {
    published: date === null ? null : toZonedTime(date, timeZone),
    modified: modified === null ? null : toZonedTime(modified, timeZone),
  };
}
