import fs from 'node:fs';
import { InputError } from '../core/errors.js';

/** The deepest a pongsim file nests (a study's rules are about a dozen levels down): far
 * below where the code that reads, compares and prints a document would run out of stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Reads the JSON file a user named (a rules, study or card file): its text and document, or one
 * InputError line naming the file and what is wrong with it, each case in its own words (a
 * folder is not "invalid JSON"). `what` says what the file should be: "a study file".
 */
export function readJsonFile(file: string, what: string): { text: string; doc: unknown } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: no such file; expected ${what}`);
    if (code === 'EISDIR') throw new InputError(`${file}: is a folder; expected ${what}`);
    throw new InputError(`${file}: cannot be read (${code ?? (e as Error).message})`);
  }
  return { text, doc: parseJson(text, file) };
}

/**
 * Parses the JSON text of a file pongsim reads (`file` names it in errors): one InputError line
 * for text that is not JSON, and for what JSON.parse lets through that no pongsim file holds: a
 * key given twice in one object (the last would silently win, as an option given twice would),
 * a "__proto__" key (a name every object has, which assigning it would not set), and nesting
 * deeper than MAX_JSON_DEPTH.
 */
export function parseJson(text: string, file: string): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const { twice, proto, depth } = jsonShape(text);
  if (depth > MAX_JSON_DEPTH) throw new InputError(`${file}: nests ${depth} levels deep; a pongsim file nests at most ${MAX_JSON_DEPTH}`);
  if (proto) throw new InputError(`${file}: "__proto__" is not allowed as a key`);
  if (twice !== null)
    throw new InputError(
      `${file}: ${JSON.stringify(twice.length > 60 ? `${twice.slice(0, 60)}...` : twice)} is given twice in one object; give it once`,
    );
  return doc;
}

/** The first key some object of `text` (JSON that parses) holds twice, or null. */
export function duplicateKey(text: string): string | null {
  return jsonShape(text).twice;
}

/** Of JSON `text` (which parses): the first key an object holds twice, whether any key is
 * "__proto__", and how deep its arrays and objects nest. */
function jsonShape(text: string): { twice: string | null; proto: boolean; depth: number } {
  // Per open object its keys so far; null for an open array.
  const open: (Set<string> | null)[] = [];
  let twice: string | null = null;
  let proto = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : null);
      depth = Math.max(depth, open.length);
    } else if (c === '}' || c === ']') open.pop();
    else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open[open.length - 1];
      let next = end + 1;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      // In an object, a string followed by a colon is a key.
      if (keys && text[next] === ':') {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (key === '__proto__') proto = true;
        if (keys.has(key)) twice ??= key;
        keys.add(key);
      }
      i = end;
    }
  }
  return { twice, proto, depth };
}
