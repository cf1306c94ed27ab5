import { io } from './io.js';
import type { Command } from 'commander';
import { GAMES, gameEntry } from '../catalog/index.js';
import { STUDIES } from '../library/studies.js';
import type { Option } from '../core/rules.js';
import { packagePath } from '../io/package.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

/** A value as JSON with a space after each comma and colon, so that a long list wraps. */
const show = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
};

export function registerList(program: Command): void {
  program
    .command('list')
    .description('games, rule presets, strategies and experiments')
    .option(
      '--json',
      'print {"games": [{"id", "title", "rulesDoc", "presets", "strategies": [{"name", "params", "doc"}]}], "experiments": [{"name", "doc"}]}',
    )
    .option('--wide', 'one line per item, however long (default: wrapped to the terminal, at most 100 columns)')
    .action((flags: { json?: boolean; wide?: boolean }) => {
      if (flags.json) {
        const games = GAMES.map((g) => ({
          id: g.def.id,
          title: g.def.title,
          rulesDoc: g.rulesDoc,
          presets: Object.keys(g.def.schema.presets),
          strategies: g.strategies.map((s) => ({
            name: s.name,
            params: Object.fromEntries(s.params.map((p) => [p.name, typeof p.default === 'function' ? '(from rules)' : p.default])),
            doc: s.doc,
          })),
        }));
        const experiments = [
          { name: 'default', doc: 'the headline experiments at a quick size (npm start)' },
          ...STUDIES.map((e) => ({ name: e.name, doc: e.doc })),
        ];
        io().stdout.write(JSON.stringify({ games, experiments }) + '\n');
        return;
      }
      const out: string[] = ['games:'];
      for (const g of GAMES) {
        out.push(`  ${g.def.id}: ${g.def.title}`);
        out.push(`    presets: ${Object.keys(g.def.schema.presets).join(', ')}`);
        out.push('    strategies:');
        for (const s of g.strategies) {
          const params = s.params.map((p) => `${p.name}=${typeof p.default === 'function' ? '(from rules)' : p.default}`).join(',');
          out.push(`      ${s.name}${params ? `(${params})` : ''}: ${s.doc}`);
        }
      }
      out.push('experiments:');
      out.push('  default: the headline experiments at a quick size (npm start)');
      for (const e of STUDIES) out.push(`  ${e.name}: ${e.doc}`);
      io().stdout.write(wrapLines(out.join('\n'), terminalWidth(io().stdout), flags.wide) + '\n');
    });

  program
    .command('rules')
    .description("where a game's rules are written, and every rule option with its default and allowed values, and its presets")
    .argument('<game>', 'game id')
    .option('--json', 'print as JSON')
    .option('--wide', 'one line per option, however long (default: wrapped to the terminal, at most 100 columns)')
    .action((game: string, flags: { json?: boolean; wide?: boolean }) => {
      const entry = gameEntry(game);
      const schema = entry.def.schema;
      const doc = packagePath(entry.rulesDoc);
      if (flags.json) {
        const options = schema.options.map((o: Option) => ({ key: o.key, default: o.default, allowed: o.allowed, doc: o.doc }));
        io().stdout.write(JSON.stringify({ game, rulesDoc: doc, options, presets: schema.presets }, null, 2) + '\n');
        return;
      }
      const out = [`${game}: the rules as pongsim plays them, every option and reading:`, `  ${doc}`];
      out.push('rule options (set with --set key=value or a JSON rules file):');
      for (const o of schema.options) out.push(`  ${o.key} = ${show(o.default)}\n      ${o.allowed}. ${o.doc}`);
      out.push('presets (--rules NAME):');
      for (const [name, p] of Object.entries(schema.presets)) out.push(`  ${name}: ${p.doc} ${show(p.set)}`);
      io().stdout.write(wrapLines(out.join('\n'), terminalWidth(io().stdout), flags.wide) + '\n');
    });
}
