/* global process */
// Preloaded with --require into a child CLI: its peak resident set size, as the kernel counts it, on exit.
process.on('exit', () => process.stderr.write(`peak rss ${process.resourceUsage().maxRSS * 1024}\n`));
