import { InputError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';
import { readTextFile, type FileBounds } from './text-file.js';

/**
 * Reads the JSON file a user named (a rules, study or card file): its text and document, or one
 * InputError line naming the file and what is wrong with it, each case in its own words (a
 * folder is not "invalid JSON"). `what` says what the file should be: "a study file". With
 * `max`, a file of more than its bytes is refused before it is read whole or parsed (its `what`
 * names the file in the message).
 */
export function readJsonFile(file: string, what: string, max?: FileBounds): { text: string; doc: unknown } {
  const text = readTextFile(file, what, max);
  return { text, doc: parseJson(text, file) };
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
