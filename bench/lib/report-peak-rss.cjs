// Preloaded (`node -r`) into a process the benchmark runs: reports its peak resident memory on
// exit, so the figure is the process's own and not the benchmark's.
process.on('exit', () => {
  try {
    require('node:fs').writeSync(2, `\n@@peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // stderr already closed: nothing to report to
  }
});
