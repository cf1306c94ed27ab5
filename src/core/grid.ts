import { InputError } from './errors.js';
import { allows, paramPart, paramRange, parseSpec, splitTopLevel, type StrategyDef } from './strategy.js';

/**
 * A strategy grid, `name(p=lo..hi:step,q=[a,b,c],r=fixed)`: each parameter a range, a list or
 * one value, parameters left out at their defaults. Returns every configuration as a
 * canonical spec text, in grid order (the first parameter varying slowest). Values are checked
 * against the strategy's own ranges; one InputError line names what is wrong.
 */
export function expandGrid(text: string, defs: StrategyDef[], game: string, rules: unknown, most = 4096): string[] {
  const m = /^([a-z][a-z0-9-]*)(?:\((.*)\))?$/.exec(text.trim());
  if (!m) throw new InputError(`--strategy ${JSON.stringify(text)}: expected name(p=lo..hi:step,q=[a,b,c],r=value)`);
  const name = m[1]!;
  const def = defs.find((d) => d.name === name);
  if (!def) parseSpec(name, defs, game, rules); // the unknown-strategy line, with its suggestions
  const axes: { key: string; values: number[] }[] = [];
  const parts = splitTopLevel(m[2] ?? '')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  // A spec parameter (a search bot's policy), a file or a choice parameter is one fixed value, given as it is.
  const fixed: string[] = [];
  for (const part of parts) {
    const { key, raw } = paramPart(def!, part, `--strategy ${name}`);
    if ([...(def!.specParams ?? []), ...(def!.fileParams ?? []), ...(def!.choiceParams ?? [])].some((q) => q.name === key)) {
      fixed.push(part);
      continue;
    }
    const p = def!.params.find((q) => q.name === key)!;
    if (axes.some((a) => a.key === key)) throw new InputError(`--strategy ${name}: parameter ${key} given twice`);
    const num = (s: string): number => {
      const v = /^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : NaN;
      if (!Number.isFinite(v)) throw new InputError(`--strategy ${name}: ${key}=${raw}: ${JSON.stringify(s.trim())} is not a number`);
      return v;
    };
    let values: number[];
    const range = /^(.+?)\.\.(.+?):(.+)$/.exec(raw);
    if (raw.startsWith('[') && raw.endsWith(']')) {
      values = raw
        .slice(1, -1)
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(num);
    } else if (range) {
      const [lo, hi, step] = [num(range[1]!), num(range[2]!), num(range[3]!)];
      if (!(step > 0) || hi < lo)
        throw new InputError(`--strategy ${name}: ${key}=${raw}: a range lo..hi:step needs lo <= hi and a step above 0`);
      const n = Math.floor((hi - lo) / step + 1e-9) + 1;
      if (n > most) throw new InputError(`--strategy ${name}: ${key}=${raw} has ${n} values; at most ${most}`);
      // Rounded to the step's decimals so that 0.1 steps give 0.3, not 0.30000000000000004.
      const decimals = Math.max(0, ...[range[1]!, range[3]!].map((s) => (s.split('.')[1] ?? '').length));
      values = Array.from({ length: n }, (_, i) => Number((lo + i * step).toFixed(decimals)));
    } else if (raw.includes('..')) {
      // Without this, lo..hi reads as one value and is refused as "not a number".
      throw new InputError(
        `--strategy ${name}: ${key}=${raw}: a range needs a step: lo..hi:step, e.g. ${key}=${raw.split(':')[0]}:STEP (or tune it over the range with --method spsa)`,
      );
    } else values = [num(raw)];
    if (values.length === 0) throw new InputError(`--strategy ${name}: ${key}=${raw} has no values`);
    for (const v of values) {
      if (!allows(p, v)) {
        throw new InputError(`--strategy ${name}: ${key}=${v} is outside what ${key} allows (${paramRange(p)})`);
      }
    }
    axes.push({ key, values: [...new Set(values)] });
  }
  let configs: string[][] = [fixed];
  for (const a of axes) {
    configs = configs.flatMap((c) => a.values.map((v) => [...c, `${a.key}=${v}`]));
    if (configs.length > most) throw new InputError(`--strategy ${name}: the grid has more than ${most} configurations`);
  }
  return configs.map((c) => parseSpec(c.length ? `${name}(${c.join(',')})` : name, defs, game, rules).text);
}
