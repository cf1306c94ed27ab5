import zlib from 'node:zlib';

/**
 * The tables of a WOFF2 font file (the W3C WOFF2 format: a table directory, then every table in
 * one Brotli stream), as the bytes each table holds. Only what measuring text needs is read:
 * the glyf and loca tables, which WOFF2 stores transformed, come back as stored, flagged, and a
 * table stored transformed cannot be read as its plain form. Node decompresses Brotli itself.
 */
export interface Woff2Table {
  data: Buffer;
  /** Stored in WOFF2's transformed form (glyf and loca as a rule), not as the table itself. */
  transformed: boolean;
}

/** The tags a one-byte table directory entry names by index (WOFF2, 5.1 "Known Table Tags"). */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea ' +
  'vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar ' +
  'gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((t) => t.replace('_', ' '));

const HEADER = 48;

/** The tables of the WOFF2 file `file` (`name` names it in errors), by tag. */
export function woff2Tables(file: Buffer, name: string): Map<string, Woff2Table> {
  const bad = (why: string): never => {
    throw new Error(`${name}: not a WOFF2 font this reader knows (${why})`);
  };
  if (file.length < HEADER || file.toString('latin1', 0, 4) !== 'wOF2') bad('no wOF2 signature');
  const count = file.readUInt16BE(12);
  const compressed = file.readUInt32BE(20);
  let at = HEADER;
  // UIntBase128: a number in 7-bit groups, most significant first, at most 5 bytes.
  const base128 = (): number => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const b = file[at++];
      if (b === undefined) return bad('table directory cut short');
      v = v * 128 + (b & 0x7f);
      if (!(b & 0x80)) return v;
    }
    return bad('a length of more than 5 bytes');
  };
  const directory: { tag: string; length: number; transformed: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = file[at++] ?? bad('table directory cut short');
    const tag = (flags & 0x3f) === 0x3f ? file.toString('latin1', at, (at += 4)) : KNOWN_TAGS[flags & 0x3f]!;
    const version = flags >> 6;
    const original = base128();
    // Transform version 0 is the null transform for every table but glyf and loca, where 3 is.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    directory.push({ tag, length: transformed ? base128() : original, transformed });
  }
  if (at + compressed > file.length) bad('compressed data cut short');
  const data = zlib.brotliDecompressSync(file.subarray(at, at + compressed));
  const tables = new Map<string, Woff2Table>();
  let offset = 0;
  for (const t of directory) {
    if (offset + t.length > data.length) bad(`table ${t.tag} runs past the data`);
    tables.set(t.tag, { data: data.subarray(offset, offset + t.length), transformed: t.transformed });
    offset += t.length;
  }
  return tables;
}
