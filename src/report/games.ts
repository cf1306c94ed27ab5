import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { notRegular } from '../io/csv.js';
import { readRecord } from '../records/check.js';
import { recordPage } from '../records/page.js';

/**
 * A study's recorded games on its report page: the records `run --record DIR` kept of it (named
 * <experiment>[-cellC]-seedS-gameI[-tableT].jsonl, library/records.ts), each drawn as its viewer
 * page in the study's folder (GAMES/), so that the page links only files of its folder.
 */

/** The folder of a study's viewer pages, beside its CSVs. */
export const GAMES = 'games';

/** One recorded game: what the page calls it, and its viewer page (a file of GAMES/). */
export interface RecordedGame {
  label: string;
  page: string;
  html: string;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The records in folder `records` of the run that wrote a study (its experiment and seed), in
 * the order cell, game, table. Each is read as `check` reads a record handed over (a regular
 * file, not a link; every line well-formed): anything else is one InputError line.
 */
export function recordedGames(records: string, experiment: string, seed: string | undefined): RecordedGame[] {
  if (!fs.lstatSync(records, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(`report: --records ${records} is not a folder; give the folder run --record DIR wrote the records to`);
  if (seed === undefined) return [];
  const name = new RegExp(`^${escaped(experiment)}(?:-cell(\\d+))?-seed${escaped(seed)}-game(\\d+)(?:-table(\\d+))?\\.jsonl$`);
  return fs
    .readdirSync(records)
    .flatMap((f) => {
      const m = name.exec(f);
      return m ? [{ f, key: [Number(m[1] ?? 0), Number(m[2]), Number(m[3] ?? 0)], cells: m[1] !== undefined }] : [];
    })
    .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
    .map(({ f, key: [cell, index, table], cells }) => {
      const file = path.join(records, f);
      const what = notRegular(file);
      if (what) throw new InputError(`report: ${file} is ${what}; report reads only regular record files`);
      let events;
      try {
        events = readRecord(file);
      } catch (e) {
        if (e instanceof InputError) throw new InputError(`report: ${e.message}`);
        throw e;
      }
      if (events[0]!.type !== 'start')
        throw new InputError(`report: ${file} line 1: expected the start event (type "start"), got a ${events[0]!.type} event`);
      const label = `${cells ? `cell ${cell}, ` : ''}game ${index}${table ? `, table ${table}` : ''}`;
      return { label, page: `${path.basename(f, '.jsonl')}.html`, html: recordPage(events, `${String(events[0]!.game)} ${f}`) };
    });
}

/** Where a study's viewer pages go (`dir`/GAMES), refused when that is anything but a folder or nothing. */
export function gamesFolder(dir: string): string {
  const out = path.join(dir, GAMES);
  const st = fs.lstatSync(out, { throwIfNoEntry: false });
  if (st && !st.isDirectory())
    throw new InputError(
      `report: ${out} is ${notRegular(out) ?? 'a file'}; the viewer pages of a study's recorded games go in a folder of that name`,
    );
  return out;
}
