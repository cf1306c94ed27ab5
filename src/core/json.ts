/**
 * What JSON.parse lets through that no JSON pongsim reads holds (a file a user names, an entry of
 * a foreign card file, a line of `score`): a key given twice in one object (the last would
 * silently win, as an option given twice would), a "__proto__" key (a name every object has,
 * which assigning it would not set), and nesting deeper than MAX_JSON_DEPTH. Pure: the files
 * are read in src/io.
 */

/** The deepest a pongsim file nests (a study's rules are about a dozen levels down): far
 * below where the code that reads, compares and prints a document would run out of stack. */
export const MAX_JSON_DEPTH = 64;

/** What is wrong with JSON `text` (which parses) beyond its syntax, in words, or null. */
export function jsonFault(text: string): string | null {
  const { twice, proto, depth } = jsonShape(text);
  if (depth > MAX_JSON_DEPTH) return `nests ${depth} levels deep; a pongsim file nests at most ${MAX_JSON_DEPTH}`;
  if (proto) return '"__proto__" is not allowed as a key';
  if (twice !== null)
    return `${JSON.stringify(twice.length > 60 ? `${twice.slice(0, 60)}...` : twice)} is given twice in one object; give it once`;
  return null;
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
