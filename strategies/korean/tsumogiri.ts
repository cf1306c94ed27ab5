import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { tsumogiri as tableTsumogiri } from '../mahjong/tsumogiri.js';

export const tsumogiri = tableTsumogiri<KoreanView, KoreanRules>(
  'korean',
  'discards what it draws (else its first legal discard), never calls or declares uper, wins when legal',
);
