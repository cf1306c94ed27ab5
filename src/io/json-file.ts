import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';

/**
 * Reads the JSON file a user named (a rules, study or card file): its text and document, or one
 * InputError line naming the file and what is wrong with it, each case in its own words (a
 * folder is not "invalid JSON"). `what` says what the file should be: "a study file". With
 * `max`, a file of more than its bytes is refused before it is read whole or parsed (its `what`
 * names the file in the message).
 */
export function readJsonFile(file: string, what: string, max?: { bytes: number; what: string }): { text: string; doc: unknown } {
  let text: string;
  try {
    text = max ? boundedText(file, max.bytes, max.what) : fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: no such file; expected ${what}`);
    if (code === 'EISDIR') throw new InputError(`${file}: is a folder; expected ${what}`);
    throw new InputError(`${file}: cannot be read (${code ?? (e as Error).message})`);
  }
  return { text, doc: parseJson(text, file) };
}

/** The text of `file`, refused when it holds more than `max` bytes: a regular file by its size,
 * anything else (a pipe) once more has been read. */
function boundedText(file: string, max: number, what: string): string {
  const refuse = (size: string): never => {
    throw new InputError(`${file}: is ${size} bytes; ${what} may have at most ${max.toLocaleString('en-US')}`);
  };
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    if (st.isFile() && st.size > max) refuse(st.size.toLocaleString('en-US'));
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    for (let got = -1; got !== 0 && n <= max; n += got) got = fs.readSync(fd, buf, n, max + 1 - n, null);
    if (n > max) refuse(`over ${max.toLocaleString('en-US')}`);
    return buf.toString('utf8', 0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Parses the JSON text of a file pongsim reads (`file` names it in errors): one InputError line
 * for text that is not JSON, and for what JSON.parse lets through that no pongsim file holds
 * (core/json.ts: a key given twice, "__proto__", nesting too deep).
 */
export function parseJson(text: string, file: string): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const fault = jsonFault(text);
  if (fault) throw new InputError(`${file}: ${fault}`);
  return doc;
}
