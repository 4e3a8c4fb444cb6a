import { randomBytes } from 'node:crypto';

/** Unique per build: time first, so ids sort by age, then randomness for builds in the same ms. */
export function newBuildId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}
