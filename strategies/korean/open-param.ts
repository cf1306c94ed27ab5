import type { ParamDef } from '../../src/core/strategy.js';

/** Shared by the uper policies: whether to declare open uper (불러) when the rules allow it. */
export const openParam: ParamDef = {
  name: 'open',
  doc: '1: declare open uper instead whenever the rules (openUper) and the hand (3+ wait kinds, 9+ live) allow; 0: never',
  default: 1,
  min: 0,
  max: 1,
  integer: true,
};
