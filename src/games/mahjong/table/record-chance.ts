import { RecordChance, type Due } from '../../../core/chance.js';
import { ChanceError } from '../../../core/trace.js';
import { PLAY_KINDS, tileKind, tileName } from '../tiles.js';
import { SEATS, type TableState } from './state.js';

/** Tiles each seat is dealt before the dealer's fourteenth (flow.ts dealHand). */
const DEALT = 13;

/**
 * The chance of a mahjong game played at a real table and written down (core/chance.ts):
 * each draw from the wall gives the tile the record says came next. The wall shuffles lazily
 * (wall.ts): a draw from either end is the pick of a place among the `tail - head` places left,
 * so an `int` of that many outcomes is answered with the place of a tile of the kind due, and
 * any other `int` is a roll (the tile of the day, the dealer's dice), answered from the roll
 * due (0 where the record holds none: no three sixes).
 */
export class WallChance extends RecordChance {
  /** `table` gives the table whose wall is drawn (a particle of the inference changes tables). */
  constructor(
    due: readonly Due[],
    private readonly table: () => TableState,
    end: number,
  ) {
    super(due, end);
  }

  override int(n: number): number {
    const w = this.table().wall;
    if (n !== w.tail - w.head) return this.roll(n)?.value ?? 0;
    // Seat draws take places fixed in advance, with no number asked: wallRecords plays without them.
    if (w.seatMode) throw new Error('WallChance answers draws from a wall without seat draws only');
    const d = this.draw('draws another tile');
    const p = w.tiles.indexOf(d.value, w.head);
    if (p < 0 || p >= w.tail) {
      const name = tileName(d.value);
      const copies = w.tiles.reduce((c, t) => c + (t === d.value ? 1 : 0), 0);
      throw new ChanceError(
        d.line,
        copies === 0
          ? `the set has no ${name}`
          : `${name} is dealt or drawn here, but the set's ${copies} ${name} are all dealt or drawn already this hand`,
      );
    }
    return p - w.head;
  }
}

type Event = { type: string; [field: string]: unknown };

/**
 * What a mahjong record deals and draws, in the order the table asks for it: the tile of the
 * day and three sixes as rolls; each hand's deal, thirteen tiles a seat in turn and the
 * dealer's fourteenth, each seat taking its `start_kyoku` tiles in the order written and, where
 * a `flower` line before it names the seat next in turn, that flower first (the replacement is
 * the seat's next tile); then every `flower` and `tsumo` of the hand as written.
 */
export function dueTiles(events: readonly Event[], state: TableState): Due[] {
  const due: Due[] = [];
  let flowers: { seat: number; kind: number; line: number }[] = [];
  let dealt = false;
  events.forEach((e, i) => {
    const line = i + 1;
    const pai = typeof e.pai === 'string' ? tileKind(e.pai) : -1;
    if (e.type === 'tile_of_the_day' && pai >= 0) due.push({ value: pai, line, roll: PLAY_KINDS });
    else if (e.type === 'triple_six') for (let k = 0; k < 3; k++) due.push({ value: 5, line, roll: 6 });
    else if (e.type === 'flower' && !dealt) flowers.push({ seat: e.seat as number, kind: pai, line });
    else if (e.type === 'flower' || e.type === 'tsumo') due.push({ value: pai, line });
    else if (e.type === 'start_kyoku') {
      // The deal goes round from seat 0 under hand streams, from the dealer otherwise (flow.ts).
      const oya = e.oya as number;
      const first = state.handStreams ? 0 : oya;
      const tehais = (e.tehais as string[][]).map((h) => h.map(tileKind));
      const taken = new Array<number>(SEATS).fill(0);
      let f = 0;
      for (let k = 0; k <= DEALT * SEATS; k++) {
        const seat = k < DEALT * SEATS ? (first + k) % SEATS : oya;
        for (; flowers[f]?.seat === seat; f++) due.push({ value: flowers[f]!.kind, line: flowers[f]!.line });
        const t = tehais[seat]?.[taken[seat]!++];
        if (t !== undefined) due.push({ value: t, line });
        else {
          const fault = `seat ${seat}'s tehais hold ${tehais[seat]?.length ?? 0} tiles; the deal gives each seat ${DEALT}, the dealer (oya) ${DEALT + 1}`;
          due.push({ value: 0, line, fault });
        }
      }
      flowers = [];
      dealt = true;
    } else if (e.type === 'end_kyoku') dealt = false;
  });
  return due;
}
