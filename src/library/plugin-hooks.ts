// Module resolution hooks for strategy plug-ins, registered by plugins.ts in every thread that
// loads one: a plug-in kept in any folder imports 'pongsim' and gets the pongsim that runs it,
// with no copy of pongsim installed beside it.

import type { InitializeHook, ResolveHook } from 'node:module';

let api = '';

export const initialize: InitializeHook<{ api: string }> = (data) => {
  api = data.api;
};

export const resolve: ResolveHook = (specifier, context, next) =>
  specifier === 'pongsim' ? { url: api, shortCircuit: true } : next(specifier, context);
