import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The brand face for Latin text, IBM Plex Sans (variable weight, Latin subset, WOFF2), as the npm
 * package @fontsource-variable/ibm-plex-sans ships it: served from the site itself, never a font
 * host (behaviour.md: Presentation).
 */
export default function plexSansLatin(): Uint8Array {
  const file = createRequire(import.meta.url).resolve(
    '@fontsource-variable/ibm-plex-sans/files/ibm-plex-sans-latin-wght-normal.woff2',
  );
  return readFileSync(file);
}
