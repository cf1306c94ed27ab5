// A folder of results handed over by someone else is data: the report page draws it without
// links that run code or reach outside it, refuses what a run cannot have written with one
// line, and draws the result set the folder holds once a killed write is put in order.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { replay, simulate } from 'pongsim';
import { recordText } from '../../src/records/record.js';
import type { GameEvent } from '../../src/core/trace.js';
import { describe as described } from '../../src/core/rules.js';
import { reportHtml, writeReport } from '../../src/library/report.js';
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
  it('refuses table and chart names that are not file names of the folder', () => {
    for (const table of ['javascript:alert(1)//x', '../../../etc/passwd', 'sub/x', '..', '.', '', 'x'.repeat(256), 7]) {
      const dir = folder({ table });
      expect(refusal(dir)).toBe(
        `report: ${path.join(dir, 'x.meta.json')}: "table" ${described(table)} is not a file name of the folder (no /, not . or .., at most 255 bytes)`,
      );
    }
    const chart = folder({ charts: [{ name: '../../secret', caption: 'c' }] });
    expect(refusal(chart)).toMatch(/: a chart's "name" "\.\.\/\.\.\/secret" is not a file name of the folder/);
    expect(refusal(folder({ answer: 'one line' }))).toMatch(/x\.meta\.json: "answer" must be a list of strings$/);
    expect(refusal(folder({ charts: [null] }))).toMatch(/"charts": each chart has a name and a caption$/);
  });

  // A numeric seed once reached the records' matching as a number and crashed the report (exit 1).
  it('refuses a meta field of the wrong type, naming the file and the field', () => {
    const seeded = folder({ seed: 3 });
    expect(() => writeReport(seeded, tempDir())).toThrow(
      new InputError(`report: ${path.join(seeded, 'x.meta.json')}: "seed" must be a string, not 3`),
    );
    for (const [field, value, msg] of [
      ['seed', 3, '"seed" must be a string, not 3'],
      ['version', ['0.1.0'], '"version" must be a string, not ["0.1.0"]'],
      ['games', '20', '"games" must be a whole number, not "20"'],
      ['budget', -1, '"budget" must be a whole number, not -1'],
    ] as const) {
      const dir = folder({ [field]: value });
      expect(refusal(dir)).toBe(`report: ${path.join(dir, 'x.meta.json')}: ${msg}`);
    }
  });

  it('draws the results sim --out writes under a name with spaces and accents', async () => {
    const dir = tempDir();
    for (const name of ['my run', 'café']) await simulate({ game: 'wolnamppong', games: 20, out: path.join(dir, `${name}.csv`) });
    const html = reportHtml(dir);
    expect(html).toContain('<a href="./my%20run.csv">my run.csv</a>');
    expect(html).toContain('<a href="./caf%C3%A9.csv">café.csv</a>');
    expect(html).toContain('<img class="chart" src="data:image/svg+xml;base64,');
  });

  it('draws the tables of the file names pongsim writes: spaces, accents, a leading dot', () => {
    for (const name of ['my run', 'café ½', '.hidden', 'javascript:x']) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, `${name}.csv`), 'name,value\nseat,1.5\n');
      fs.writeFileSync(path.join(dir, `${name}.meta.json`), JSON.stringify({ table: name, experiment: 'sim' }));
      const html = reportHtml(dir);
      expect(html).toContain(`<a href="./${encodeURIComponent(`${name}.csv`)}">`);
      expect(html).toContain('<td class="num">1.5</td>');
    }
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

  it("links the run's recorded games, each drawn as its viewer page in the study's games/ folder; refuses a record that is not one", async () => {
    const dir = folder({ seed: '3', provenance: { game: 'wolnamppong' } });
    const recs = tempDir();
    const events = async (index: number, seed = '3', game = 'wolnamppong'): Promise<GameEvent[]> =>
      (await replay({ game, seed, index, format: 'events' })).events!;
    const game0 = await events(0);
    // A record belongs to the study by its own start line, whatever its file is called.
    fs.writeFileSync(path.join(recs, 'kept by hand.jsonl'), recordText(await events(5)));
    fs.writeFileSync(path.join(recs, 'sim-seed3-game0.jsonl'), recordText(game0));
    // Named as this study's, but of another run (seed 4), another study, another game: not linked.
    fs.writeFileSync(path.join(recs, 'sim-seed3-game1.jsonl'), recordText(await events(1, '4')));
    const [start, ...rest] = await events(2);
    fs.writeFileSync(path.join(recs, 'sim-seed3-game2.jsonl'), recordText([{ ...start!, experiment: 'compare' }, ...rest]));
    fs.writeFileSync(path.join(recs, 'sim-seed3-game3.jsonl'), recordText(await events(3, '3', 'nylonppong')));
    fs.writeFileSync(path.join(recs, 'notes.txt'), 'not a record, not read');
    expect(reportHtml(dir)).not.toContain('Recorded games');
    const index = writeReport(dir, recs);
    const html = fs.readFileSync(index, 'utf8');
    expect([...html.matchAll(/href="(\.\/games\/[^"]*)"/g)].map((m) => m[1])).toEqual([
      './games/sim-seed3-game0.html',
      './games/kept%20by%20hand.html',
    ]);
    expect(html).toContain('>game 0</a>, <a href="./games/kept%20by%20hand.html">game 5</a>');
    const page = fs.readFileSync(path.join(dir, 'games', 'sim-seed3-game0.html'), 'utf8');
    expect(page).toContain("default-src 'none'");
    expect(page).toContain(JSON.stringify(game0.at(-1)));
    // The same files draw the same pages.
    writeReport(dir, recs);
    expect(fs.readFileSync(index, 'utf8')).toBe(html);

    const refused = (why: RegExp, d = dir, r = recs) => {
      const before = fs.readFileSync(index, 'utf8');
      let message = '';
      try {
        writeReport(d, r);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        message = (e as Error).message;
      }
      expect(message).toMatch(why);
      expect(message).not.toContain('\n');
      expect(fs.readFileSync(index, 'utf8')).toBe(before);
    };
    refused(
      /^report: --records .* is not a folder; give the folder run --record DIR wrote the records to$/,
      dir,
      path.join(recs, 'notes.txt'),
    );
    const bad = path.join(recs, 'sim-seed3-game9.jsonl');
    fs.writeFileSync(bad, `${JSON.stringify(game0[0])}\n{"type":"teleport"}\n`);
    refused(/^report: .*sim-seed3-game9\.jsonl line 2: unknown event type "teleport"/);
    // Every line well-formed, but not a game check confirms: its page would step through nonsense.
    fs.writeFileSync(
      bad,
      recordText(game0.map((e, i) => (i === game0.length - 1 ? { ...e, returns: (e.returns as number[]).map((x) => x + 1) } : e))),
    );
    refused(/^report: .*sim-seed3-game9\.jsonl line \d+: expected \{"type":"end"/);
    fs.writeFileSync(bad, 'not a record\n');
    refused(/^report: .*sim-seed3-game9\.jsonl line 1: not valid JSON/);
    fs.rmSync(bad);
    fs.symlinkSync(path.join(recs, 'sim-seed3-game0.jsonl'), bad);
    refused(/^report: .*sim-seed3-game9\.jsonl is a symbolic link; report reads only regular record files$/);
    fs.rmSync(bad);
    fs.rmSync(path.join(dir, 'games'), { recursive: true });
    fs.symlinkSync(tempDir(), path.join(dir, 'games'));
    refused(/^report: .*games is a symbolic link; the viewer pages of a study's recorded games go in a folder of that name$/);
  });
});
