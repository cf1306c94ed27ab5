import fs from 'node:fs';
import { InputError } from '../core/errors.js';

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
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  // JSON.parse keeps the last of a key given twice: refused, as an option given twice is.
  const twice = duplicateKey(text);
  if (twice !== null) throw new InputError(`${file}: ${JSON.stringify(twice)} is given twice in one object; give it once`);
  return { text, doc };
}

/** The first key some object of `text` (JSON that parses) holds twice, or null. */
export function duplicateKey(text: string): string | null {
  // Per open object its keys so far; null for an open array.
  const open: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') open.push(new Set());
    else if (c === '[') open.push(null);
    else if (c === '}' || c === ']') open.pop();
    else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open[open.length - 1];
      let next = end + 1;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      // In an object, a string followed by a colon is a key.
      if (keys && text[next] === ':') {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      i = end;
    }
  }
  return null;
}
