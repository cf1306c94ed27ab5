// The few shell forms the README's command blocks use, run with the command line in this
// process (cli.ts pongsimIn) rather than a shell and a Node process per command: a `for VAR in
// WORDS; do ... done` loop, commands joined by `&&`, `> FILE` and `echo '...' |`, quoted words
// $VAR and `*` in a file name. A script in any other form is left to bash (parse gives null).
import fs from 'node:fs';
import path from 'node:path';
import { pongsimIn, type CliResult } from './cli.js';

/** A word as written; `glob` when an unquoted `*` in it names files. */
interface Word {
  text: string;
  glob: boolean;
}

/** One `pongsim` command: its words, the text piped in, the file its stdout goes to. */
export interface Step {
  args: Word[];
  input?: string;
  to?: string;
}

/** The words of one line, quotes removed and $VAR put in from `vars`; null if the line holds
 * shell that is not a plain word, a quote, `&&`, `|` or `>`. */
function words(line: string, vars: Record<string, string>): Word[] | null {
  const out: Word[] = [];
  let cur: string | null = null;
  let glob = false;
  const sub = (s: string) => s.replace(/\$(\w+)|\$\{(\w+)\}/g, (_m, a, b) => vars[a ?? b] ?? '');
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t') {
      if (cur !== null) out.push({ text: cur, glob });
      cur = null;
      glob = false;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      cur = (cur ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      const end = line.indexOf('"', i + 1);
      if (end < 0 || /[\\`]/.test(line.slice(i + 1, end))) return null;
      cur = (cur ?? '') + sub(line.slice(i + 1, end));
      i = end;
    } else {
      // A run of plain characters; a glob matches nothing in a scratch folder, so bash keeps it as written.
      const m = /^[^\s'"]+/.exec(line.slice(i))![0];
      const operator = ['>', '|', '&&'].includes(m);
      if (!operator && /[;<>|&(){}`\\~#$]/.test(m.replace(/\$(\w+|\{\w+\})/g, ''))) return null;
      cur = (cur ?? '') + sub(m);
      glob ||= m.includes('*');
      i += m.length - 1;
    }
  }
  if (cur !== null) out.push({ text: cur, glob });
  return out;
}

/** A line's steps (`a && b`, each maybe `echo X | pongsim ...` or `pongsim ... > F`), or null. */
function steps(line: string, vars: Record<string, string>): Step[] | null {
  const ws = words(line, vars);
  if (!ws) return null;
  const w = ws.map((x) => x.text);
  const out: Step[] = [];
  for (let i = 0; i < w.length; ) {
    let input: string | undefined;
    if (w[i] === 'echo' && w[i + 2] === '|') {
      input = `${w[i + 1]}\n`;
      i += 3;
    }
    if (w[i] !== 'npx' || w[i + 1] !== 'pongsim') return null;
    i += 2;
    const args: Word[] = [];
    let to: string | undefined;
    for (; i < w.length && w[i] !== '&&'; i++) {
      if (w[i] === '>' && w[i + 1] !== undefined && w[i + 1] !== '&&') to = w[++i];
      else if (['|', '>', 'echo', 'npx'].includes(w[i]!)) return null;
      else args.push(ws[i]!);
    }
    out.push({ args, input, to });
    if (w[i] === '&&') i++;
  }
  return out;
}

/** The script's steps in order, its loops unrolled; null if it is not all of the forms above. */
export function parseScript(script: string): Step[] | null {
  const lines = script
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const out: Step[] = [];
  for (let i = 0; i < lines.length; i++) {
    const loop = /^for (\w+) in ([^;]+); do$/.exec(lines[i]!);
    if (!loop) {
      const s = steps(lines[i]!, {});
      if (!s) return null;
      out.push(...s);
      continue;
    }
    const end = lines.indexOf('done', i);
    if (end < 0) return null;
    const values = words(loop[2]!, {});
    if (!values || values.some((v) => v.glob)) return null;
    for (const v of values) {
      for (const l of lines.slice(i + 1, end)) {
        const s = steps(l, { [loop[1]!]: v.text });
        if (!s) return null;
        out.push(...s);
      }
    }
    i = end;
  }
  return out;
}

/** The files a word with `*` in its last part names in `cwd`, sorted; the word itself if none,
 * as bash leaves it. */
function expand(word: string, cwd: string): string[] {
  const dir = path.dirname(word);
  const re = new RegExp(
    `^${path
      .basename(word)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')}$`,
  );
  if (dir.includes('*') || !fs.existsSync(path.resolve(cwd, dir))) return [word];
  const found = fs
    .readdirSync(path.resolve(cwd, dir))
    .filter((f) => re.test(f) && !f.startsWith('.'))
    .sort()
    .map((f) => (dir === '.' && !word.startsWith('./') ? f : path.join(dir, f)));
  return found.length ? found : [word];
}

/** Runs the steps in `cwd` as `bash -e` would: in order, each redirect written, stopping at the
 * first that fails; stdout is what the steps not redirected printed. */
export async function runSteps(list: Step[], cwd: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  for (const s of list) {
    const r = await pongsimIn(
      s.args.flatMap((a) => (a.glob ? expand(a.text, cwd) : [a.text])),
      cwd,
      s.input,
    );
    stderr += r.stderr;
    if (s.to) fs.writeFileSync(path.resolve(cwd, s.to), r.stdout);
    else stdout += r.stdout;
    if (r.code !== 0) return { code: r.code, stdout, stderr };
  }
  return { code: 0, stdout, stderr };
}
