// Set up for every test file (test/vitest.config.ts): loads the package root before the file's
// own imports. The studies and the catalog import each other (a study reaches its game's entry
// for its stake; the catalog lists each game's studies), so a study's module loaded first, as a
// test of that study alone would, stops at a binding not yet initialized. A program cannot meet
// this: the package exports only its root, which loads the catalog first.
import 'pongsim';
