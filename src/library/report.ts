// `pongsim report`: the report page (report/page.ts) handed what it takes from above the
// catalog: the studies in the order pongsim lists them, with their headline columns, the game
// whose study each is, and the check that re-plays a recorded game before its page is drawn.
import { EVENT_FORMAT, GAMES } from '../catalog/index.js';
import { reportHtml as pageHtml, writeReport as writePage, type KnownStudies } from '../report/page.js';
import { checkedRecord } from './records.js';
import { EXPERIMENTS } from './studies.js';

const KNOWN: KnownStudies = {
  studies: EXPERIMENTS,
  gameOf: (experiment) => GAMES.find((g) => g.experiments.some((e) => e.name === experiment))?.def.id,
  checked: (file) => checkedRecord(file, 'report --records'),
  format: EVENT_FORMAT,
};

/** The page for the results in `dir`, with links to the recorded games in `records`. */
export function reportHtml(dir: string, records?: string): string {
  return pageHtml(dir, KNOWN, records);
}

/** Writes `dir/index.html` (and with `records` each recorded game's viewer page) and returns its path. */
export function writeReport(dir: string, records?: string): string {
  return writePage(dir, KNOWN, records);
}
