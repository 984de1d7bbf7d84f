#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx loader): no build step between `npm ci` and use.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
