import { InputError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';
import { readTextFile } from '../io/text-file.js';

/** The format of a decision benchmark file: a header line, then one decision a line. */
export const BENCHMARK_FORMAT = 'pongsim-benchmark/1';
/** The largest benchmark file read: 2,000 decisions of a few hundred bytes each, many times over. */
const MAX_BENCHMARK_BYTES = 64 * 1024 * 1024;

/** The header line: what made the file and what its figures mean. */
export interface BenchmarkHeader {
  format: typeof BENCHMARK_FORMAT;
  game: string;
  rules: Record<string, unknown>;
  /** The strategy of every seat of the games the decisions were drawn from (the game's reference
   * bot), and of every seat in the rollouts that value them. */
  seats: string[];
  policy: string;
  seed: string;
  /** Games played to draw the decisions from (game i is game i of a sim run seeded `seed`). */
  games: number;
  decisions: number;
  /** The most playouts a decision valued by rollouts was given (its race stops earlier: at most
   * eight looks), and advise's default budget it is a multiple of. */
  budget: number;
  advise_budget: number;
  /** What a decision's value is where rollouts value it, and where it is exact throughout. */
  value: string;
  exact_value: string | null;
  unit: string;
  /** A bad move loses more than this (BAD_MOVE_RULE). */
  bad_move_threshold: number;
  bad_move_rule: string;
  /** Decisions of each kind. */
  kinds: Record<string, number>;
  command: string;
  tool: 'pongsim';
  version: string;
  build: string;
}

/** One legal action of a decision, valued. */
export interface BenchmarkAction {
  action: string;
  value: number;
  value_ci_low: number;
  value_ci_high: number;
  /** Whether the value is exact (its interval then has no width). */
  exact: boolean;
  /** Rollouts it was played out in (0 for an exact one not raced). */
  rollouts: number;
}

/** One decision: where it is (rebuilt by playing game `game_index` again to its record line),
 * its legal actions valued, the top one and those the intervals cannot tell from it. */
export interface BenchmarkDecision {
  id: number;
  game_index: number;
  line: number;
  seat: number;
  round: number;
  kind: string;
  /** exact: every action's value exact; rollouts: raced (with any action the game knows exactly
   * given its exact value). */
  valued: 'exact' | 'rollouts';
  deal: 'inferred' | 'uniform' | null;
  playouts: number;
  /** What the reference bot played there. */
  taken: string;
  top: string;
  best: string[];
  actions: BenchmarkAction[];
}

export interface BenchmarkFile {
  file: string;
  header: BenchmarkHeader;
  decisions: BenchmarkDecision[];
}

/** The file's text: the header, then each decision, one JSON object a line; an exact action
 * is written without its interval (no width) and rollouts (none), which the reader restores. */
export function benchmarkText(header: BenchmarkHeader, decisions: readonly BenchmarkDecision[]): string {
  const line = (d: BenchmarkDecision) => ({
    ...d,
    actions: d.actions.map((a) => (a.exact && a.rollouts === 0 ? { action: a.action, value: a.value, exact: true } : a)),
  });
  return [JSON.stringify(header), ...decisions.map((d) => JSON.stringify(line(d)))].join('\n') + '\n';
}

export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isText = (v: unknown): v is string => typeof v === 'string';
export const isWhole = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A benchmark file, read as data: the header of this format, of `game`, and every decision line
 * whole and consistent (its actions valued, its top and best set among them). A file at fault is
 * one InputError line naming the file, its line and what was wrong.
 */
export function readBenchmark(file: string, game: string): BenchmarkFile {
  const text = readTextFile(file, 'a benchmark file', { bytes: MAX_BENCHMARK_BYTES, what: 'a benchmark file', regular: true });
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const at = (i: number, why: string): InputError => new InputError(`${file} line ${i + 1}: ${why}`);
  const parse = (i: number): Record<string, unknown> => {
    let v: unknown;
    try {
      v = JSON.parse(lines[i]!);
    } catch {
      throw at(i, 'not a benchmark line: malformed JSON');
    }
    const fault = jsonFault(lines[i]!);
    if (fault) throw at(i, `not a benchmark line: ${fault}`);
    if (!isObj(v)) throw at(i, 'not a benchmark line: expected one JSON object');
    return v;
  };
  if (lines.length === 0) throw new InputError(`${file}: empty; expected a benchmark file (${BENCHMARK_FORMAT})`);
  const h = parse(0);
  if (h.format !== BENCHMARK_FORMAT)
    throw at(
      0,
      `format ${JSON.stringify(String(h.format).slice(0, 40))}: expected ${BENCHMARK_FORMAT} (a file pongsim benchmark build wrote)`,
    );
  if (h.game !== game) throw at(0, `a benchmark of ${JSON.stringify(String(h.game).slice(0, 40))}, not of ${game}`);
  for (const k of ['seed', 'policy', 'value', 'unit', 'bad_move_rule', 'command', 'version', 'build'] as const)
    if (!isText(h[k])) throw at(0, `the header's "${k}" must be text`);
  for (const k of ['games', 'decisions', 'budget', 'advise_budget'] as const)
    if (!isWhole(h[k])) throw at(0, `the header's "${k}" must be a whole number`);
  if (!isNum(h.bad_move_threshold) || h.bad_move_threshold < 0)
    throw at(0, 'the header\'s "bad_move_threshold" must be a number, at least 0');
  if (!isObj(h.rules)) throw at(0, 'the header\'s "rules" must be an object');
  if (!Array.isArray(h.seats) || !h.seats.every(isText)) throw at(0, 'the header\'s "seats" must be a list of strategy specs');
  const header = h as unknown as BenchmarkHeader;
  if (lines.length - 1 !== header.decisions)
    throw new InputError(`${file}: its header counts ${header.decisions} decisions, the file holds ${lines.length - 1}`);
  const decisions = lines.slice(1).map((_, k) => decisionLine(parse(k + 1), (why) => at(k + 1, why), k));
  return { file, header, decisions };
}

/** A decision line checked whole. */
function decisionLine(d: Record<string, unknown>, bad: (why: string) => InputError, k: number): BenchmarkDecision {
  if (d.id !== k) throw bad(`expected decision id ${k} (got ${JSON.stringify(d.id)})`);
  for (const f of ['game_index', 'line', 'seat', 'round', 'playouts'] as const)
    if (!isWhole(d[f])) throw bad(`"${f}" must be a whole number`);
  for (const f of ['kind', 'taken', 'top'] as const) if (!isText(d[f])) throw bad(`"${f}" must be text`);
  if (d.valued !== 'exact' && d.valued !== 'rollouts') throw bad('"valued" must be exact or rollouts');
  if (!Array.isArray(d.actions) || d.actions.length < 2) throw bad('"actions" must list at least two legal actions');
  const names = new Set<string>();
  for (const a of d.actions as unknown[]) {
    if (isObj(a) && a.exact === true && !('value_ci_low' in a) && !('rollouts' in a))
      Object.assign(a, { value_ci_low: a.value, value_ci_high: a.value, rollouts: 0 });
    if (
      !isObj(a) ||
      !isText(a.action) ||
      !isNum(a.value) ||
      !isNum(a.value_ci_low) ||
      !isNum(a.value_ci_high) ||
      typeof a.exact !== 'boolean' ||
      !isWhole(a.rollouts)
    )
      throw bad(
        'each action must have action, value, value_ci_low, value_ci_high, exact and rollouts (an exact one may leave out its interval and rollouts)',
      );
    if (!(a.value_ci_low <= a.value && a.value <= a.value_ci_high)) throw bad(`action ${a.action}: its value lies outside its interval`);
    if (names.has(a.action)) throw bad(`action ${a.action} is listed twice`);
    names.add(a.action);
  }
  if (!names.has(d.top as string)) throw bad(`the top action ${String(d.top)} is not among its actions`);
  if (!Array.isArray(d.best) || !d.best.every((b) => isText(b) && names.has(b)) || !d.best.includes(d.top))
    throw bad('"best" must list actions among its actions, the top one included');
  return d as unknown as BenchmarkDecision;
}

/** The bad-move threshold of the benchmark in `file` (its header's), or null where there is no
 * readable benchmark of `game` there: review rates a seat's moves with the benchmark's threshold. */
export function benchmarkThreshold(file: string, game: string): number | null {
  try {
    const h = JSON.parse(
      readTextFile(file, 'a benchmark file', { bytes: MAX_BENCHMARK_BYTES, what: 'a benchmark file', regular: true }).split('\n', 1)[0]!,
    ) as Record<string, unknown>;
    return h.format === BENCHMARK_FORMAT && h.game === game && isNum(h.bad_move_threshold) ? h.bad_move_threshold : null;
  } catch {
    return null;
  }
}
