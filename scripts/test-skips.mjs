// What `npm test` says at its end about the tests it skipped: node's test runner reports each skip through this
// reporter (one JSON line per skipped test, to a file of scripts/test.mjs), and skipLine() sums them up in one
// line: how many were skipped for want of the official benchmark data, and why the others were.

/** A reporter for node's test runner: one JSON line `{file, name, reason}` per skipped test. */
export default async function* skipReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { skip, name, file } = event.data;
    if (skip === undefined || skip === false) continue;
    yield `${JSON.stringify({ file: file ?? null, name, reason: typeof skip === 'string' ? skip : '' })}\n`;
  }
}

/** Skips whose reason says an official benchmark file is absent (test/helpers/sharedData.ts words them so). */
export const isMissingData = (reason) => reason.startsWith('official file not found');

/** One line about the skips: `records` are the reporter's lines parsed, `dataDir` where the official files were looked for. */
export function skipLine(records, dataDir) {
  if (records.length === 0) return 'npm test: no test skipped.';
  const data = records.filter((r) => isMissingData(r.reason));
  const others = new Map();
  for (const r of records.filter((x) => !isMissingData(x.reason))) {
    const reason = (r.reason || 'skipped without a reason').split('\n')[0].slice(0, 120);
    others.set(reason, (others.get(reason) ?? 0) + 1);
  }
  const parts = [];
  if (data.length > 0) {
    const files = new Set(data.map((r) => /^official file not found: (\S+)/.exec(r.reason)?.[1]).filter(Boolean));
    parts.push(
      `${data.length} for missing official benchmark data (${files.size} file${files.size === 1 ? '' : 's'} not found under ${dataDir}; ` +
        'set EVAL_ADJUDICATOR_DATA to a folder holding the official files, or these tests do not run)',
    );
  }
  const otherCount = records.length - data.length;
  if (otherCount > 0) parts.push(`${otherCount} for other reasons: ${[...others].map(([reason, n]) => `${reason} (${n})`).join('; ')}`);
  return `npm test: ${records.length} test${records.length === 1 ? '' : 's'} skipped: ${parts.join('; ')}.`;
}
