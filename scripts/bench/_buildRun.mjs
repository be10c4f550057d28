// One build of the bench in a process of its own (its peak memory is the build's, render threads
// included): `node _buildRun.mjs <outDir> [--incremental]`, reading the content host from
// PRERENDER_CONTENT_HOST; prints one JSON line: wall time, peak RSS, pages rendered and unchanged.
import { buildStaticSite } from '../lib/siteServer.mjs';

const [outDir, ...flags] = process.argv.slice(2);
const started = performance.now();
// The prerender's own peak, apart from the bundles' build before it (Vite's, the same at any size).
let prerenderPeak = 0;
let sampler;
const { report } = await buildStaticSite({
  outDir,
  logLevel: 'error',
  incremental: flags.includes('--incremental'),
  warn: () => {},
  log: (line) => {
    if (!line.startsWith('Prerendering from') || sampler) return;
    sampler = setInterval(() => (prerenderPeak = Math.max(prerenderPeak, process.memoryUsage.rss())), 100);
  },
});
clearInterval(sampler);
console.log(
  JSON.stringify({
    ms: Math.round(performance.now() - started),
    // getrusage's peak resident set: the whole process, every thread of it.
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    prerenderPeakMb: Math.round(prerenderPeak / 1024 / 1024),
    rendered: report.rendered.length,
    unchanged: report.unchanged.length,
  }),
);
