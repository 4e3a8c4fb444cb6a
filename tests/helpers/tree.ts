import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** Every file under a folder with the hash of its bytes (links by their target): equal snapshots, equal trees. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const full = path.join(d, entry);
      const stats = lstatSync(full);
      if (stats.isDirectory()) walk(full);
      else if (stats.isSymbolicLink()) out[path.relative(dir, full)] = `-> ${readlinkSync(full)}`;
      else out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
