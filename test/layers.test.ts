// pongsim's folders stand in a stack, each importing only from those beneath it (README,
// "Layout"). This reads every import of the sources the build compiles (src/, strategies/,
// experiments/: static imports, type-only ones, re-exports, import(), require() and a module
// named to a worker or a loader by new URL), and fails on one that runs up the stack, naming the
// file, the line and the import, and on a circle of folders that import each other. The
// plug-in examples (strategies/examples/*.mjs) are a user's files, loaded only when named with
// --plugin, and import pongsim by its package name: they are not part of the stack.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, type ImportRef } from './support/imports.js';

/** The stack, from the bottom: each layer's name (as the README writes it) and its folders. */
const ORDER: [string, string[]][] = [
  // JSON Schemas: data, read by the records code (the record format's frame) and the tests.
  ['schemas', ['src/schemas']],
  ['stats', ['src/stats']],
  ['core', ['src/core']],
  ['games', ['src/games']],
  ['io', ['src/io']],
  ['records', ['src/records']],
  ['strategies', ['strategies']],
  ['report', ['src/report']],
  ['experiment', ['src/experiment']],
  ['runner', ['src/runner']],
  ['experiments', ['experiments']],
  ['bench', ['src/bench']],
  ['catalog', ['src/catalog']],
  // The package root exports the library's functions: a plug-in's 'pongsim' is this file.
  ['library', ['src/library', 'src/api.ts']],
  ['cli', ['src/cli']],
];

/**
 * Circles of folders inside one layer that are known and left to a later step. A circle not
 * listed fails, and so does a listed one that is gone, so that the list only shrinks. None is
 * left: the last (the mahjong table and its rulesets) went when each ruleset moved beside its
 * engine and the meld codes below the table (issue 48, step 3).
 */
const KNOWN_CIRCLES: string[][] = [];

/** The files whose import() names a module computed at run time, and why each may. */
const COMPUTED = {
  'src/library/plugins.ts': "a strategy plug-in: the user's own file, named with --plugin",
};

const ROOT = process.cwd();
const TREES = ['src', 'strategies', 'experiments'];

/** Every TypeScript source the build compiles, by its path from the repository's root. */
function sources(): string[] {
  return TREES.flatMap((tree) =>
    fs
      .readdirSync(path.join(ROOT, tree), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.[cm]?ts$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => path.posix.join(tree, f.split(path.sep).join('/'))),
  ).sort();
}

/** The layer of `file` (its index in ORDER), or -1 for a file in none. */
function layerOf(file: string): number {
  return ORDER.findIndex(([, folders]) => folders.some((d) => file === d || file.startsWith(`${d}/`)));
}

/** The folder a file counts in for circles: its own, but the package root counts in the library's. */
const folderOf = (file: string): string => (file === 'src/api.ts' ? 'src/library' : path.posix.dirname(file));

/** The source file a relative import names: written as the compiled .js (.cjs, .mjs), read as its .ts (.cts, .mts). */
function target(from: string, spec: string): string {
  const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return to
    .replace(/\.js$/, '.ts')
    .replace(/\.cjs$/, '.cts')
    .replace(/\.mjs$/, '.mts');
}

interface Edge {
  from: string;
  to: string;
  ref: ImportRef;
}

/** Every import between pongsim's own files (and the problems reading them), in file order. */
function edges(): { edges: Edge[]; faults: string[]; computed: string[] } {
  const out: Edge[] = [];
  const faults: string[] = [];
  const computed: string[] = [];
  for (const from of sources()) {
    if (layerOf(from) < 0) faults.push(`${from}: in no layer of the stack; give its folder a place in ORDER and the README`);
    for (const ref of importsOf(fs.readFileSync(path.join(ROOT, from), 'utf8'))) {
      if (ref.spec === undefined) {
        computed.push(from);
        continue;
      }
      // The package root, by its name (a plug-in's way in), is src/api.ts; other bare names are packages.
      const to = ref.spec === 'pongsim' ? 'src/api.ts' : ref.spec.startsWith('.') ? target(from, ref.spec) : null;
      if (to === null) continue;
      if (!fs.existsSync(path.join(ROOT, to))) faults.push(`${from}:${ref.line}: ${ref.kind} '${ref.spec}' names no file (${to})`);
      else if (layerOf(to) < 0) faults.push(`${from}:${ref.line}: ${ref.kind} '${ref.spec}' names ${to}, in no layer of the stack`);
      else out.push({ from, to, ref });
    }
  }
  return { edges: out, faults, computed };
}

/** The circles of `graph` (Tarjan's strongly connected components of more than one node), each sorted. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the stack of folders', () => {
  const read = edges();

  it('reads every import of every source, each naming a file of the stack', () => {
    expect(read.faults).toEqual([]);
    expect(read.edges.length).toBeGreaterThan(1000);
    // A computed import() could load any layer: only where it loads a user's file.
    expect([...new Set(read.computed)].sort()).toEqual(Object.keys(COMPUTED).sort());
  });

  it('has no import that runs up the stack', () => {
    const upward = read.edges
      .filter((e) => layerOf(e.to) > layerOf(e.from))
      .map(
        (e) =>
          `${e.from}:${e.ref.line}: ${e.ref.kind} '${e.ref.spec}' (${e.to}) runs up from ${ORDER[layerOf(e.from)]![0]} to ${ORDER[layerOf(e.to)]![0]}`,
      );
    expect(upward).toEqual([]);
  });

  it('has no circle of folders importing each other, but the known ones', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of read.edges) {
      const [a, b] = [folderOf(e.from), folderOf(e.to)];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
    const show = (c: string[]) => c.join(' <-> ');
    expect(circles(graph).map(show)).toEqual(KNOWN_CIRCLES.map(show));
  });

  it('is the order the README gives', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const m = /each importing only from those beneath it: ([a-z]+(?: < [a-z]+)+)/.exec(readme.replace(/\s+/g, ' '));
    expect(m?.[1]?.split(' < ')).toEqual(ORDER.map(([name]) => name));
  });
});

describe('the import reader', () => {
  const specs = (src: string) => importsOf(src).map((r) => `${r.kind} ${r.spec}`);

  it('reads each way a module names another', () => {
    const src = [
      "import fs from 'node:fs';",
      "import { a, type B } from './a.js';",
      "import type { C } from './c.js';",
      "import * as d from './d.js';",
      "import './side.js';",
      "import type from './default-named-type.js';",
      "export { e } from './e.js';",
      "export type { F } from './f.js';",
      "export * as g from './g.js';",
      "export * from './h.js';",
      'export { local };',
      "export const x = await import('./i.js');",
      "const j = require('./j.cjs');",
      "new Worker(new URL('./k.js', import.meta.url));",
      "import sample from './l.json' with { type: 'json' };",
      'const m = import(file);',
    ].join('\n');
    expect(specs(src)).toEqual([
      'import node:fs',
      'import ./a.js',
      'import type ./c.js',
      'import ./d.js',
      'import ./side.js',
      'import ./default-named-type.js',
      'export from ./e.js',
      'export type from ./f.js',
      'export from ./g.js',
      'export from ./h.js',
      'import() ./i.js',
      'require() ./j.cjs',
      'new URL ./k.js',
      'import ./l.json',
      'import() undefined',
    ]);
    expect(importsOf("\n\nimport { z } from\n  './z.js';").map((r) => r.line)).toEqual([3]);
  });

  it('takes no import from a comment, a string, a template or a regular expression', () => {
    const src = [
      "// import { a } from './comment.js';",
      "/* import('./block.js') */",
      'const s = "import { b } from \'./string.js\'";',
      "const t = `import('./template.js') ${f(`import './nested.js'`)} import './after.js'`;",
      "const r = /import '.\\/regex.js'/.test(s);",
      'const q = n! / 2; const u = \'import("./quoted.js")\';',
      'const o = { import: 1 }; o.import(x);',
      'const api = { import(from, file) { return from; } };',
      'interface Card { import(from: string): string }',
      "import { real } from './real.js';",
    ].join('\n');
    expect(specs(src)).toEqual(['import ./real.js']);
  });
});
