import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { CACHES } from '../caches.ts';
import { printCacheCleared, runReported } from '../report.ts';

export async function runCacheClear(): Promise<number> {
  return runReported(process.cwd(), 'Clearing the caches', async () => {
    const removed = Object.entries(CACHES).map(([name, { dir }]) => {
      const measured = measureFolder(dir);
      rmSync(dir, { recursive: true, force: true });
      return { name, ...measured };
    });
    printCacheCleared(removed);
    return 0;
  });
}

function measureFolder(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const files = readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile());
  const bytes = files.reduce((sum, file) => sum + statSync(path.join(file.parentPath, file.name)).size, 0);
  return { files: files.length, bytes };
}
