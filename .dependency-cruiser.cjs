// The layers of the generator (docs/architecture.md: Layers), checked by `npm test`: a module
// imports only from its own layer or a lower one, type imports included, and nothing imports in a
// circle. Lowest first:
//   problems/    the error catalogue, the problem type and its formatting: nothing of the generator
//   schema/      the settings' zod schemas, whose types types.ts re-exports, and their problems
//   types.ts     the data that crosses stages: type imports only
//   base         paths, caches, escaping, hosts, esbuild, node modules, build ids, message facts
//   workers/pool.ts  the one worker pool, which the stages hand their heavy work to
//   load/  resolve/  bundle/  images/  render/  cards/  search/  write/   the stages, in this order
//   pipeline/    the stage list and the sources every command reads
//   check/  serve/  translations/   what runs on the pipeline
//   commands/  report.ts  cli.ts  workers/worker.ts (a pool thread's entry)
// The runtime (the browser's code) imports no value of the generator, only its types.
const G = '^generator/';
const layers = [
  ['problems', `${G}problems/`],
  ['schema', `${G}schema/`],
  ['types', `${G}types\\.ts$`],
  ['base', `${G}[^/]+\\.ts$`],
  ['pool', `${G}workers/pool\\.ts$`],
  ['load', `${G}load/`],
  ['resolve', `${G}resolve/`],
  ['bundle', `${G}bundle/`],
  ['images', `${G}images/`],
  ['render', `${G}render/`],
  ['cards', `${G}cards/`],
  ['search', `${G}search/`],
  ['write', `${G}write/`],
  ['pipeline', `${G}pipeline/`],
  ['consumers', `${G}(check|serve|translations)/`],
  ['commands', `${G}(commands/|report\\.ts$|cli\\.ts$|workers/worker\\.ts$)`],
];
/** The top-level modules that are not base helpers: they sit in their own layers. */
const notBase = `${G}(types|report|cli)\\.ts$`;

const upward = layers.flatMap(([name, path], i) =>
  layers.slice(i + 1).map(([above, abovePath]) => ({
    name: `${name}-not-up-to-${above}`,
    comment: `${name} sits below ${above}: it must not import from it`,
    severity: 'error',
    from: name === 'base' ? { path, pathNot: notBase } : { path },
    to: above === 'base' ? { path: abovePath, pathNot: notBase } : { path: abovePath },
  })),
);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'import cycles, type imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: 'types-only-types',
      comment: 'types.ts declares the data that crosses stages: it imports types, never a value',
      severity: 'error',
      from: { path: `${G}types\\.ts$` },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'runtime-no-generator-values',
      comment: "the browser's code imports the generator's types only",
      severity: 'error',
      from: { path: '^runtime/' },
      to: { path: G, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'commands-through-the-pipeline',
      comment: 'what runs on the pipeline reads the sources through it (pipeline/sources.ts)',
      severity: 'error',
      from: { path: `${G}(check|serve|translations|commands)/|${G}(report|cli)\\.ts$` },
      to: { path: `${G}(load|resolve)/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/'] },
  },
};
