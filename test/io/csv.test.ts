// Result sets are written whole or not at all: an error part-way leaves the old set as it was
// and no temporary files; temporary files a killed run left are cleaned by the next write.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkWritable, writeAtomically } from '../../src/io/csv.js';
import { listFiles, tempDir } from '../support/cli.js';

describe('writing a result set', () => {
  it('replaces every file of the set', () => {
    const dir = tempDir();
    writeAtomically([
      { file: path.join(dir, 'a.csv'), text: 'old a' },
      { file: path.join(dir, 'b.csv'), text: 'old b' },
    ]);
    writeAtomically([
      { file: path.join(dir, 'a.csv'), text: 'new a' },
      { file: path.join(dir, 'b.csv'), text: 'new b' },
    ]);
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv']);
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe('new b');
  });

  it('leaves the old set whole and no temporary files when a folder is in the way', () => {
    const dir = tempDir();
    writeAtomically([
      { file: path.join(dir, 'a.csv'), text: 'old a' },
      { file: path.join(dir, 'b.csv'), text: 'old b' },
    ]);
    // A folder where the third file should go: refused before anything moves.
    fs.mkdirSync(path.join(dir, 'c.csv'));
    fs.writeFileSync(path.join(dir, 'c.csv', 'x'), 'keep');
    expect(() =>
      writeAtomically([
        { file: path.join(dir, 'a.csv'), text: 'new a' },
        { file: path.join(dir, 'b.csv'), text: 'new b' },
        { file: path.join(dir, 'c.csv'), text: 'new c' },
      ]),
    ).toThrow();
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv/x']);
    expect(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8')).toBe('old a');
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe('old b');
  });

  it('puts the old files back when a rename fails part-way', () => {
    const dir = tempDir();
    const files = ['a.csv', 'b.csv', 'c.csv'].map((n) => path.join(dir, n));
    writeAtomically(files.map((file) => ({ file, text: `old ${path.basename(file)}` })));
    // The second rename (b.csv's new file into place) fails, as on a full or vanished disk;
    // a.csv's new file is in place by then.
    const real = fs.renameSync;
    let calls = 0;
    const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 2) throw new Error('EIO: simulated');
      real(from, to);
    });
    try {
      expect(() => writeAtomically(files.map((file) => ({ file, text: `new ${path.basename(file)}` })))).toThrow(/simulated/);
    } finally {
      spy.mockRestore();
    }
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv']);
    for (const f of files) expect(fs.readFileSync(f, 'utf8')).toBe(`old ${path.basename(f)}`);
  });

  it("names the file it could not write on a full disk (Node's own message names none), the old set kept", () => {
    const dir = tempDir();
    const files = ['a.csv', 'b.csv'].map((n) => path.join(dir, n));
    writeAtomically(files.map((file) => ({ file, text: 'old' })));
    const real = fs.writeFileSync;
    const spy = vi.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
      if (String(file).endsWith('b.csv.pongsim-tmp'))
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return real(file, ...rest);
    });
    try {
      expect(() => writeAtomically(files.map((file) => ({ file, text: 'new' })))).toThrow(
        `cannot write ${files[1]} (ENOSPC: no space left on device, write); the files there before are as they were`,
      );
    } finally {
      spy.mockRestore();
    }
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv']);
    for (const f of files) expect(fs.readFileSync(f, 'utf8')).toBe('old');
  });

  it('cleans what a killed write left before its journal: the old files stay, temporary files go', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.csv'), 'old a');
    fs.writeFileSync(path.join(dir, 'a.csv.pongsim-tmp'), 'half');
    fs.writeFileSync(path.join(dir, 'a.csv.pongsim-old'), 'old a');
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), '["' + path.join(dir, 'a.c')); // cut short by the kill
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(listFiles(dir)).toEqual(['a.csv', 'c.csv']);
    expect(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8')).toBe('old a');
  });

  it('finishes what a killed write left after its journal: the whole new set is put in place', () => {
    const dir = tempDir();
    const [a, b] = [path.join(dir, 'a.csv'), path.join(dir, 'b.csv')];
    fs.writeFileSync(a, 'new a'); // renamed before the kill
    fs.writeFileSync(a + '.pongsim-old', 'old a');
    fs.writeFileSync(b, 'old b');
    fs.writeFileSync(b + '.pongsim-old', 'old b');
    fs.writeFileSync(b + '.pongsim-tmp', 'new b');
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), JSON.stringify([a, b]));
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv']);
    expect([a, b].map((f) => fs.readFileSync(f, 'utf8'))).toEqual(['new a', 'new b']);
  });

  it('checks the target before any game is played', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'afile'), 'x');
    expect(() => checkWritable('--out', path.join(dir, 'afile'), 'dir')).toThrow(/afile: is a file; it names the folder/);
    expect(() => checkWritable('--out', dir, 'file')).toThrow(/is a folder; it names the .csv file/);
    expect(() => checkWritable('--out', path.join(dir, 'afile', 'x.csv'), 'file')).toThrow(
      /afile is a file, so no folder can be made under it/,
    );
    expect(() => checkWritable('--out', path.join(dir, 'new', 'deeper'), 'dir')).not.toThrow();
  });
});

describe('what a write may replace', () => {
  /** A folder holding a regular file, a link to it, a FIFO and a folder. */
  const odd = () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'kept.txt'), 'keep');
    fs.symlinkSync(path.join(dir, 'kept.txt'), path.join(dir, 'link.csv'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
    fs.mkdirSync(path.join(dir, 'folder.csv'));
    return dir;
  };
  const kinds = { 'link.csv': 'a symbolic link', 'pipe.csv': 'a FIFO \\(named pipe\\)', 'folder.csv': 'a folder' };

  it('is a regular file or nothing: a link, a FIFO or a folder in the way refuses the set, and nothing moves', () => {
    const dir = odd();
    for (const [name, what] of Object.entries(kinds)) {
      const file = path.join(dir, name);
      expect(() =>
        writeAtomically([
          { file: path.join(dir, 'a.csv'), text: 'a' },
          { file, text: 'x' },
        ]),
      ).toThrow(new RegExp(`^cannot write .*${name}: it is ${what}, and pongsim replaces only a regular file$`));
      expect(() => writeAtomically([{ file, text: 'x' }])).toThrow(/pongsim replaces only a regular file/);
    }
    expect(fs.lstatSync(path.join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(fs.lstatSync(path.join(dir, 'pipe.csv')).isFIFO()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'kept.txt'), 'utf8')).toBe('keep');
    expect(fs.readdirSync(dir).sort()).toEqual(['folder.csv', 'kept.txt', 'link.csv', 'pipe.csv']);
  });

  it('is checked before any game, for the file and each file written beside it', () => {
    const dir = odd();
    expect(() => checkWritable('--out', path.join(dir, 'pipe.csv'), 'file')).toThrow(
      /^--out .*pipe\.csv: is a FIFO \(named pipe\); pongsim replaces only a regular file, so give a new file's name$/,
    );
    expect(() => checkWritable('--out', path.join(dir, 'link.csv'), 'file')).toThrow(
      /link\.csv: is a symbolic link; pongsim replaces only/,
    );
    fs.symlinkSync(path.join(dir, 'kept.txt'), path.join(dir, 'runs.meta.json'));
    expect(() => checkWritable('--out', path.join(dir, 'runs.csv'), 'file', { beside: ['.svg', '.meta.json'] })).toThrow(
      /^--out .*runs\.csv: .*runs\.meta\.json, written beside it, is a symbolic link; pongsim replaces only a regular file$/,
    );
    expect(() => checkWritable('--out', path.join(dir, 'kept.txt'), 'file', { beside: ['.svg'] })).not.toThrow();
  });

  it('a journal left in a copied folder moves nothing outside that folder', () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    fs.writeFileSync(path.join(elsewhere, 'b.csv'), 'theirs');
    fs.writeFileSync(path.join(elsewhere, 'b.csv.pongsim-tmp'), 'planted');
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), JSON.stringify([path.join(elsewhere, 'b.csv'), 'b.csv']));
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(fs.readFileSync(path.join(elsewhere, 'b.csv'), 'utf8')).toBe('theirs');
    expect(listFiles(dir)).toEqual(['c.csv']);
  });
});
