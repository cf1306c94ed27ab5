// Where results may be written: never into the committed reference results without --force,
// however the path reaches them, nor where no file can be made; refused before any game, with
// nothing written.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, tempDir, pongsimIn } from '../support/cli.js';

const REFERENCE = path.resolve('results', 'reference');

describe('--out and the committed reference results', () => {
  const before = listFiles(REFERENCE).map((f) => [f, fs.statSync(path.join(REFERENCE, f)).mtimeMs]);

  it('are refused from another folder, by an absolute path or through a link, with exit 2 and one line', async () => {
    const dir = tempDir();
    fs.symlinkSync(path.resolve('results'), path.join(dir, 'linked'));
    const refused = async (args: string[], flag: string, out: string) => {
      const r = await pongsimIn(args, dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        `pongsim: ${flag} ${out}: that is where the committed reference results live; add --force to rebuild them, or write elsewhere\n`,
      );
      expect(r.stdout).toBe('');
    };
    for (const out of [path.join(REFERENCE, 'wolnamppong-odds'), path.join('linked', 'reference', 'new-folder')]) {
      await refused(['run', 'wolnamppong-odds', '--games', '2', '--out', out], '--out', out);
    }
    // Every command that writes results: sim and odds write one file, odds --card a folder.
    const file = path.join(REFERENCE, 'nylonppong-stop-odds', 'nylonppong-stop-odds.csv');
    await refused(['odds', 'nylonppong', '--out', file], '--out', file);
    await refused(['sim', 'wolnamppong', '--games', '2', '--out', file], '--out', file);
    await refused(['odds', 'wolnamppong', '--card', REFERENCE], '--card', REFERENCE);
    expect(listFiles(REFERENCE).map((f) => [f, fs.statSync(path.join(REFERENCE, f)).mtimeMs])).toEqual(before);
  });
});

describe('--out where no file can be made', () => {
  // Root passes every permission check, so only writing tells (the run failed after its games,
  // or hung making a folder under /proc).
  it.runIf(fs.existsSync('/proc/self'))('is refused before any game, naming the folder', async () => {
    for (const args of [
      ['run', 'wolnamppong-odds', '--games', '2', '--out', '/proc/pongsim-results'],
      ['sim', 'wolnamppong', '--games', '2', '--out', '/proc/pongsim.csv'],
    ]) {
      const r = await pongsimIn(args, tempDir());
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^pongsim: --out \/proc\/pongsim\S*: cannot write in \/proc \([A-Z]+\)\n$/);
      expect(r.stdout).toBe('');
    }
  });

  // With no --out, the folder is run's or tune's default: the message says so rather than
  // quote an option the user did not write.
  it('names the default when --out was not given', async () => {
    for (const [args, out] of [
      [['run', 'wolnamppong-odds', '--games', '2'], 'results/wolnamppong-odds'],
      [['tune', 'wolnamppong', '--strategy', 'ev-threshold(t=0..0.2:0.1)', '--budget', '120'], 'results/tune-wolnamppong'],
    ] as const) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, 'results'), 'a file where the results folder would go\n');
      const r = await pongsimIn([...args], dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        `pongsim: the default --out ${out}: ${path.join(dir, 'results')} is a file, so no folder can be made under it\n`,
      );
      expect(r.stdout).toBe('');
    }
  });
});

describe('--out names a file pongsim may replace', () => {
  // Run as root, `sim --out /dev/null` once turned the device into a regular file; a FIFO or a
  // link given as --out became one too.
  it('refuses a FIFO, a link, or a link where a file beside it goes, with exit 2 and one line, before any game', async () => {
    const dir = tempDir();
    execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
    fs.writeFileSync(path.join(dir, 'theirs.txt'), 'keep');
    fs.symlinkSync(path.join(dir, 'theirs.txt'), path.join(dir, 'link.csv'));
    fs.symlinkSync(path.join(dir, 'theirs.txt'), path.join(dir, 'runs.svg'));
    const refused = async (args: string[], line: string) => {
      const r = await pongsimIn(args, dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`pongsim: ${line}\n`);
      expect(r.stdout).toBe('');
    };
    await refused(
      ['sim', 'wolnamppong', '--games', '20', '--out', 'pipe.csv'],
      "--out pipe.csv: is a FIFO (named pipe); pongsim replaces only a regular file, so give a new file's name",
    );
    await refused(
      ['odds', 'nylonppong', '--out', 'link.csv'],
      "--out link.csv: is a symbolic link; pongsim replaces only a regular file, so give a new file's name",
    );
    await refused(
      ['sim', 'wolnamppong', '--games', '20', '--out', 'runs.csv'],
      '--out runs.csv: runs.svg, written beside it, is a symbolic link; pongsim replaces only a regular file',
    );
    expect(fs.lstatSync(path.join(dir, 'pipe.csv')).isFIFO()).toBe(true);
    expect(fs.lstatSync(path.join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'theirs.txt'), 'utf8')).toBe('keep');
    expect(fs.readdirSync(dir).sort()).toEqual(['link.csv', 'pipe.csv', 'runs.svg', 'theirs.txt']);
  });
});

describe('a command never writes over the file it reads', () => {
  // As card import refuses --out CARD over its own input: view --html and review --csv once
  // replaced the record they read with their page or table.
  it('view --html and review --csv (or the .meta.json beside it) refuse the record, by any name, with one line', async () => {
    const dir = tempDir();
    const replay = await pongsimIn(['replay', 'nylonppong', '--seed', '1', '--index', '0', '--format', 'events'], dir);
    const text = replay.stdout;
    for (const name of ['game.html', 'game.csv', 'game.meta.json']) fs.writeFileSync(path.join(dir, name), text);
    fs.linkSync(path.join(dir, 'game.html'), path.join(dir, 'hard.html'));
    fs.symlinkSync(path.join(dir, 'game.html'), path.join(dir, 'soft.html'));
    const refused = async (args: string[], line: string) => {
      const r = await pongsimIn(args, dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`pongsim: ${line}\n`);
      expect(r.stdout).toBe('');
    };
    await refused(['view', 'game.html', '--html', 'game.html'], '--html game.html: is the record being read; give another name');
    await refused(['view', 'game.html', '--html', 'hard.html'], '--html hard.html: is the record being read; give another name');
    await refused(['view', 'soft.html', '--html', 'game.html'], '--html game.html: is the record being read; give another name');
    await refused(
      ['review', 'nylonppong', 'game.csv', '--seat', '0', '--csv', 'game.csv'],
      '--csv game.csv: is the record being read; give another name',
    );
    await refused(
      ['review', 'nylonppong', 'game.meta.json', '--seat', '0', '--csv', 'game.csv'],
      '--csv game.csv: game.meta.json, written beside it, is the record being read; give another name',
    );
    for (const name of ['game.html', 'game.csv', 'game.meta.json']) expect(fs.readFileSync(path.join(dir, name), 'utf8')).toBe(text);
  });
});

describe('--record DIR names a folder whose records pongsim may replace', () => {
  it('refuses a link or a FIFO where one of its records goes, before any game, naming it', async () => {
    const dir = tempDir();
    const recs = path.join(dir, 'recs');
    fs.mkdirSync(recs);
    fs.writeFileSync(path.join(dir, 'theirs.txt'), 'keep');
    fs.symlinkSync(path.join(dir, 'theirs.txt'), path.join(recs, 'sim-seed1-game0.jsonl'));
    execFileSync('mkfifo', [path.join(recs, 'wolnamppong-strategies-cell1-seed7-game0-table2.jsonl')]);
    // Another run's (seed 2), which this one does not write: left alone.
    fs.symlinkSync(path.join(dir, 'theirs.txt'), path.join(recs, 'sim-seed2-game0.jsonl'));
    const refused = async (args: string[], line: string) => {
      const r = await pongsimIn([...args, '--record', 'recs', '--out', path.join('out', 'x')], dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`pongsim: ${line}\n`);
      expect(r.stdout).toBe('');
    };
    await refused(
      ['sim', 'nylonppong', '--games', '3'],
      `--record recs: ${path.join('recs', 'sim-seed1-game0.jsonl')}, a record this run writes, is a symbolic link; pongsim replaces only a regular file`,
    );
    await refused(
      ['run', 'wolnamppong-strategies', '--games', '3', '--seed', '7'],
      `--record recs: ${path.join('recs', 'wolnamppong-strategies-cell1-seed7-game0-table2.jsonl')}, a record this run writes, is a FIFO (named pipe); pongsim replaces only a regular file`,
    );
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'theirs.txt'), 'utf8')).toBe('keep');
    const other = await pongsimIn(['sim', 'nylonppong', '--games', '3', '--seed', '3', '--record', 'recs'], dir);
    expect(other.code, other.stderr).toBe(0);
  });
});
