import fs from 'node:fs';
import { InputError } from '../core/errors.js';

/** What a file a user names may be: at most `bytes` bytes (`what` names it in the message: "a card
 * file"), and with `regular` nothing but a regular file (a pipe or a device is refused unopened). */
export interface FileBounds {
  bytes: number;
  what: string;
  regular?: boolean;
}

/**
 * The text of a file a user named, read as data and never run: one InputError line naming the
 * file where it is missing, a folder, unreadable or out of `bounds`, each case in its own words.
 * `what` says what the file should be: "a rules file". With `bounds`, a file of more than its
 * bytes is refused before it is read whole.
 */
export function readTextFile(file: string, what: string, bounds?: FileBounds): string {
  try {
    if (bounds?.regular) {
      const st = fs.statSync(file);
      if (!st.isFile() && !st.isDirectory()) throw new InputError(`${file}: is not a regular file; expected ${what}`);
    }
    return bounds ? boundedText(file, bounds.bytes, bounds.what) : fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: no such file; expected ${what}`);
    if (code === 'EISDIR') throw new InputError(`${file}: is a folder; expected ${what}`);
    throw new InputError(`${file}: cannot be read (${code ?? (e as Error).message})`);
  }
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
