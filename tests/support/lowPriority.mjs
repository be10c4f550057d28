// @ts-check
// Loaded before anything else in each worker of the jsdom project (vitest.config.ts, `execArgv`):
// the worker runs at a lower CPU priority (nice 10). The jsdom files only compute, with no deadline
// but their tests' own generous bounds, while the Chromium suites' pages beside them have the
// site's own deadlines (siteConfig.deadlines: the session call's, the layout's): given a busy machine, the pages come
// first and the jsdom files take whatever CPU is left over, so the run's own work does not push a
// page past a deadline. On an idle core a low priority costs nothing.
import { setPriority } from 'node:os';

setPriority(10);
