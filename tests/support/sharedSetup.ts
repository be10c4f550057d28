// A setup file of the node project: after each file's own afterAll hooks, its connection to the
// run's shared Chromium (tests/support/shared.ts) closes, with any context a test left open.
import { afterAll } from 'vitest';
import { disconnectShared } from './shared.ts';

afterAll(disconnectShared);
