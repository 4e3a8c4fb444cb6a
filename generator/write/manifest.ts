import type { BuildManifest } from '../types.ts';
import type { OutputSink } from './output.ts';

/** `builds/meta/<id>.json`: immutable, lists every page (SPEC §7). */
export function writeBuildMeta(sink: OutputSink, manifest: BuildManifest): void {
  sink.write(`builds/meta/${manifest.id}.json`, JSON.stringify(manifest));
}

/** `builds/latest.json`: written after everything else, so it never names a build that is not whole. */
export function writeLatest(sink: OutputSink, manifest: BuildManifest): void {
  sink.write('builds/latest.json', JSON.stringify({ id: manifest.id, timestamp: manifest.timestamp }));
}
