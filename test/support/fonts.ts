// Vitest's global setup (test/vitest.config.ts): the fonts the browser tests' Chromium sees,
// which are only those npm installed, never the machine's. A machine with more fonts than
// another (a developer's, CI's) would otherwise draw a page in other fonts and could hide a
// defect another machine shows. Chromium finds the machine's fonts through fontconfig: a
// fontconfig file of our own (FONTCONFIG_FILE, test/support/browser.ts) lists one folder, which
// holds the shipped font (src/io/font.ts) from its npm package, regular and bold, as
// TrueType: the fontconfig inside the Chromium of @sparticuz/chromium reads no WOFF, and the
// package ships its faces as WOFF and WOFF2 only. Everything a page draws in another font
// (a family it names, a generic one, a character the font lacks) then falls back to that font.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    fontconfig: string;
  }
}

/** The font folder's family, as fontconfig names it. */
export const FALLBACK_FAMILY = 'Noto Sans';

/**
 * The TrueType font a WOFF 1.0 file wraps (W3C WOFF 1.0: each table zlib-compressed unless that
 * would not save space, with its original checksum): the same tables in the same order, each
 * at a 4-byte boundary, behind the sfnt table directory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, stored, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const bytes = woff.subarray(offset, offset + stored);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: stored < length ? zlib.inflateSync(bytes) : bytes,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0); // the sfnt version (flavor)
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(head, at);
    head.writeUInt32BE(t.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pongsim-fonts-'));
  const fonts = path.join(dir, 'fonts');
  fs.mkdirSync(fonts);
  const require = createRequire(import.meta.url);
  for (const weight of [400, 700]) {
    const woff = require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`);
    fs.writeFileSync(path.join(fonts, `noto-sans-latin-${weight}-normal.ttf`), woffToSfnt(fs.readFileSync(woff)));
  }
  const file = path.join(dir, 'fonts.conf');
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  fs.writeFileSync(
    file,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      `  <dir>${xml(fonts)}</dir>`,
      `  <cachedir>${xml(path.join(dir, 'cache'))}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  project.provide('fontconfig', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
