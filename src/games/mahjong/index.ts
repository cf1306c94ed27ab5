// The shared mahjong tile engine: import from here.

export * from './tiles.js';
export * from './tile-sets.js';
export * from './shanten.js';
export * from './waits.js';
export * from './decompose.js';
