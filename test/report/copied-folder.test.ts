// A folder of results handed over by someone else is data: the report page draws it without
// links that run code or reach outside it, refuses what a run cannot have written with one
// line, and draws the result set the folder holds once a killed write is put in order.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { reportHtml } from '../../src/report/page.js';
import { tempDir } from '../support/cli.js';

/** A study folder of one table `x` (its CSV and meta.json), the meta changed by `meta`. */
function folder(meta: Record<string, unknown> = {}, dir = tempDir()): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'x.csv'), 'name,value\nseat,1.5\n');
  fs.writeFileSync(
    path.join(dir, 'x.meta.json'),
    JSON.stringify({ table: 'x', experiment: 'sim', question: 'Which seat?', answer: ['seat 0'], ...meta }),
  );
  return dir;
}

/** The one line the page is refused with. */
function refusal(dir: string): string {
  try {
    reportHtml(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('drawn');
}

describe('a report from a copied folder', () => {
  it('refuses table and chart names that are not plain file names of the folder', () => {
    for (const table of ['javascript:alert(1)//x', '../../../etc/passwd', 'sub/x', '.hidden', '']) {
      const dir = folder({ table });
      expect(refusal(dir)).toBe(
        `report: ${path.join(dir, 'x.meta.json')}: "table" ${JSON.stringify(table)} is not a plain file name of the folder (letters, digits, . _ -)`,
      );
    }
    const chart = folder({ charts: [{ name: '../../secret', caption: 'c' }] });
    expect(refusal(chart)).toMatch(/: a chart's "name" "\.\.\/\.\.\/secret" is not a plain file name of the folder/);
    expect(refusal(folder({ answer: 'one line' }))).toMatch(/x\.meta\.json: "answer" must be a list of strings$/);
    expect(refusal(folder({ charts: [null] }))).toMatch(/"charts": each chart has a name and a caption$/);
  });

  it('draws links that are files of the folder, whatever its sub-folders are called', () => {
    const root = tempDir();
    folder({}, path.join(root, 'javascript:alert(1)'));
    folder({ experiment: 'compare' }, path.join(root, 'plain'));
    const html = reportHtml(root);
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(3);
    for (const l of links) {
      expect(l, l).toMatch(/^(\.\/|#)/);
      if (l.startsWith('./')) expect(fs.existsSync(path.join(root, decodeURIComponent(l))), l).toBe(true);
    }
    expect(links).toContain('./javascript%3Aalert(1)/x.csv');
  });

  it('reads only the regular files of the folder: a link to a file elsewhere is refused', () => {
    const secret = path.join(tempDir(), 'secret.csv');
    fs.writeFileSync(secret, 'key\nsecret-value\n');
    const dir = folder();
    fs.rmSync(path.join(dir, 'x.csv'));
    fs.symlinkSync(secret, path.join(dir, 'x.csv'));
    expect(refusal(dir)).toBe(`report: ${path.join(dir, 'x.csv')} is a symbolic link; report reads only the regular files of the folder`);
  });

  it('refuses a null, broken or deeply nested meta file with one line (exit 2), not a crash', () => {
    const at = (text: string) => {
      const dir = folder();
      fs.writeFileSync(path.join(dir, 'x.meta.json'), text);
      return [dir, path.join(dir, 'x.meta.json')] as const;
    };
    const [nul, nulFile] = at('null');
    expect(refusal(nul)).toBe(`report: ${nulFile}: not a pongsim meta file (a JSON object with "table" and "experiment")`);
    const [deep, deepFile] = at(`{"table": "x", "experiment": "sim", "answer": ${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(refusal(deep)).toBe(`report: ${deepFile}: nests 5001 levels deep; a pongsim file nests at most 64`);
    const [proto, protoFile] = at('{"table": "x", "experiment": "sim", "__proto__": {"answer": ["injected"]}}');
    expect(refusal(proto)).toBe(`report: ${protoFile}: "__proto__" is not allowed as a key`);
  });

  it('draws the set a killed write had committed, not the mix it left', () => {
    // Killed during the renames of a committed set: x.csv is new, x.meta.json still old.
    const dir = folder({ answer: ['the old answer'] });
    const [csv, meta] = [path.join(dir, 'x.csv'), path.join(dir, 'x.meta.json')];
    fs.copyFileSync(csv, `${csv}.pongsim-old`);
    fs.copyFileSync(meta, `${meta}.pongsim-old`);
    fs.writeFileSync(csv, 'name,value\nseat,2.5\n');
    fs.writeFileSync(
      `${meta}.pongsim-tmp`,
      JSON.stringify({ table: 'x', experiment: 'sim', question: 'Which seat?', answer: ['the new answer'] }),
    );
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), JSON.stringify([csv, meta]));
    const html = reportHtml(dir);
    expect(html).toContain('the new answer');
    expect(html).not.toContain('the old answer');
    expect(html).toContain('2.5');
    expect(fs.readdirSync(dir).sort()).toEqual(['x.csv', 'x.meta.json']);
  });
});
