// A complete strategy plug-in, kept outside pongsim's own code: a compiled (or plain) JavaScript
// module that exports strategy objects. Run it with
//   npx pongsim sim wolnamppong --plugin strategies/examples/wide-gaps.mjs --seats 'wide-gaps(w=7),min-bet*5'
// From any folder, `import ... from 'pongsim'` is the pongsim that runs it: nothing to install beside it.
import { actions } from 'pongsim';

const { BET, FOLD } = actions.wolnamppong;

/** @type {import('pongsim').StrategyDef<import('pongsim').GameViews['wolnamppong']>} */
export const wideGaps = {
  name: 'wide-gaps',
  game: 'wolnamppong',
  doc: 'bets g chips whenever at least w months lie strictly between its cards',
  params: [
    { name: 'w', doc: 'least months between', default: 6, min: 0, max: 10, integer: true },
    { name: 'g', doc: 'chips to bet', default: 2, min: 1, max: 1000, integer: true },
  ],
  make: ({ w, g }) => ({
    // A pair has nothing between; the view holds only what this seat may know.
    choose: (v) => (v.lo !== v.hi && v.hi - v.lo - 1 >= w ? BET : FOLD),
    amount: (_v, _a, min, max) => Math.min(max, Math.max(min, g)),
  }),
};
