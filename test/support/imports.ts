// Every import a TypeScript source makes, read from its text: the static import (type-only too),
// the re-export (`export ... from`), the dynamic import(), a CommonJS require() and a module named
// to a worker or a loader by `new URL('./x.js', import.meta.url)`. The compiler this project
// builds with has no parser a test can call, so this is a small tokenizer: it steps over comments,
// strings, template literals and regular expressions, so that the word import inside one of them
// is not taken for an import, and reads the statements from the tokens that remain.

/** How a file names another module. */
export type ImportKind = 'import' | 'import type' | 'export from' | 'export type from' | 'import()' | 'require()' | 'new URL';

export interface ImportRef {
  /** The module as written ('../core/play.js', 'node:fs'); undefined for an import() of a name
   * computed at run time (a plug-in's file). */
  spec: string | undefined;
  kind: ImportKind;
  /** The line it is written on, from 1. */
  line: number;
}

interface Token {
  kind: 'word' | 'string' | 'punct' | 'template' | 'regex' | 'number';
  text: string;
  line: number;
}

/** The words after which a slash starts a regular expression rather than dividing. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  // The brace depths at which an open template literal's `${` was entered: a `}` at that depth
  // returns to the template's text.
  const templates: number[] = [];
  let depth = 0;
  let line = 1;
  let i = 0;
  const n = src.length;
  const count = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (src.charCodeAt(k) === 10) line++;
  };
  /** Reads template text from i (just after ` or }) to its end or its next `${`. */
  const templateText = (start: number) => {
    let k = i;
    while (k < n) {
      const c = src[k];
      if (c === '\\') k += 2;
      else if (c === '`') {
        out.push({ kind: 'template', text: src.slice(start, k + 1), line });
        count(i, k + 1);
        i = k + 1;
        return;
      } else if (c === '$' && src[k + 1] === '{') {
        out.push({ kind: 'template', text: src.slice(start, k + 2), line });
        count(i, k + 2);
        i = k + 2;
        templates.push(depth);
        depth++;
        return;
      } else k++;
    }
    throw new Error(`unterminated template literal at line ${line}`);
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new Error(`unterminated comment at line ${line}`);
      count(i, end + 2);
      i = end + 2;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < n && src[k] !== c) {
        if (src[k] === '\n') throw new Error(`unterminated string at line ${line}`);
        k += src[k] === '\\' ? 2 : 1;
      }
      out.push({ kind: 'string', text: src.slice(i + 1, k), line });
      i = k + 1;
    } else if (c === '`') {
      const start = i;
      i++;
      templateText(start);
    } else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth - 1) {
      templates.pop();
      depth--;
      const start = i;
      i++;
      templateText(start);
    } else if (/[A-Za-z_$]/.test(c)) {
      let k = i + 1;
      while (k < n && /[\w$]/.test(src[k]!)) k++;
      out.push({ kind: 'word', text: src.slice(i, k), line });
      i = k;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      let k = i + 1;
      while (k < n && /[\w.]/.test(src[k]!)) k++;
      out.push({ kind: 'number', text: src.slice(i, k), line });
      i = k;
    } else if (c === '/' && startsRegex(out)) {
      let k = i + 1;
      let inClass = false;
      while (k < n && (inClass || src[k] !== '/')) {
        if (src[k] === '\n') throw new Error(`unterminated regular expression at line ${line}`);
        if (src[k] === '\\') k++;
        else if (src[k] === '[') inClass = true;
        else if (src[k] === ']') inClass = false;
        k++;
      }
      k++;
      while (k < n && /[a-z]/.test(src[k]!)) k++;
      out.push({ kind: 'regex', text: src.slice(i, k), line });
      i = k;
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      out.push({ kind: 'punct', text: c, line });
      i++;
    }
  }
  return out;
}

/** Whether a slash after these tokens starts a regular expression: after an operator, an opening
 * bracket, a comma or a keyword, not after a value (a name, a number, a closing bracket, or a
 * value asserted non-null: `x! / n`). */
function startsRegex(before: Token[]): boolean {
  const value = (t: Token | undefined) =>
    t !== undefined &&
    (t.kind === 'word' ? !BEFORE_REGEX.has(t.text) : t.kind !== 'punct' || t.text === ')' || t.text === ']' || t.text === '}');
  const prev = before[before.length - 1];
  if (prev?.text === '!' && prev.kind === 'punct') return !value(before[before.length - 2]);
  return !value(prev);
}

/** Every import the source makes, in the order written. */
export function importsOf(src: string): ImportRef[] {
  const t = tokenize(src);
  const refs: ImportRef[] = [];
  const is = (k: number, text: string) => t[k]?.text === text && t[k]!.kind !== 'string';
  const str = (k: number) => (t[k]?.kind === 'string' ? t[k]!.text : undefined);
  /** The string after `from`, searching from k to the end of the statement. */
  const fromSpec = (k: number): string | undefined => {
    for (; k < t.length && !is(k, ';'); k++) if (is(k, 'from') && str(k + 1) !== undefined) return str(k + 1);
    return undefined;
  };
  /** Whether the parentheses opening at k are a method's parameters (a method named import in an
   * object or an interface): a body or a return type follows them, not the rest of an expression. */
  const isMethod = (k: number) => {
    let open = 0;
    for (; k < t.length; k++) {
      if (is(k, '(')) open++;
      else if (is(k, ')') && --open === 0) return is(k + 1, '{') || is(k + 1, ':');
    }
    return false;
  };
  for (let k = 0; k < t.length; k++) {
    const tok = t[k]!;
    if (tok.kind !== 'word' || is(k - 1, '.')) continue;
    if (tok.text === 'import') {
      if (is(k + 1, '(')) {
        const spec = str(k + 2);
        if (spec !== undefined || !isMethod(k + 1)) refs.push({ spec, kind: 'import()', line: tok.line });
      } else if (is(k + 1, '.') || is(k + 1, ':'))
        continue; // import.meta, or a key named import
      else if (str(k + 1) !== undefined) refs.push({ spec: str(k + 1)!, kind: 'import', line: tok.line });
      else if (is(k + 2, '=') && is(k + 3, 'require'))
        continue; // import x = require(...): read as require()
      else {
        const spec = fromSpec(k + 1);
        if (spec === undefined) throw new Error(`an import with no module at line ${tok.line}`);
        const typeOnly = is(k + 1, 'type') && !is(k + 2, 'from') && !is(k + 2, ',');
        refs.push({ spec, kind: typeOnly ? 'import type' : 'import', line: tok.line });
      }
    } else if (tok.text === 'export') {
      const typeOnly = is(k + 1, 'type');
      const at = typeOnly ? k + 2 : k + 1;
      if (!is(at, '*') && !is(at, '{')) continue; // a declaration, not a re-export
      let e = at;
      if (is(at, '{')) while (e < t.length && !is(e, '}')) e++;
      const spec = is(e + 1, 'from') || is(at, '*') ? fromSpec(e) : undefined;
      if (spec !== undefined) refs.push({ spec, kind: typeOnly ? 'export type from' : 'export from', line: tok.line });
    } else if (tok.text === 'require' && is(k + 1, '(') && str(k + 2) !== undefined) {
      refs.push({ spec: str(k + 2)!, kind: 'require()', line: tok.line });
    } else if (tok.text === 'new' && is(k + 1, 'URL') && is(k + 2, '(') && str(k + 3) !== undefined && is(k + 4, ',')) {
      if (is(k + 5, 'import') && is(k + 6, '.') && is(k + 7, 'meta') && is(k + 8, '.') && is(k + 9, 'url'))
        refs.push({ spec: str(k + 3)!, kind: 'new URL', line: tok.line });
    }
  }
  return refs;
}
