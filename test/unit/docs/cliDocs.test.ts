// docs/cli.md documents every command of the CLI and every option its parser defines: each command's
// options are read from the parser itself (onOptionsParsed, as `COMMAND --help` parses them) and looked for
// in the sections of docs/cli.md about that command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMAND_NAMES } from '../../../src/cli/main';
import { onOptionsParsed } from '../../../src/core/commandLine/options';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { runCli } from '../../helpers/cli';
import { readDocument, sectionsOf } from './docFiles';

const CLI_DOC = 'docs/cli.md';

/** The options each command's parser defines, read as the parser is called by `COMMAND --help`. */
async function parserOptions(): Promise<Map<string, Set<string>>> {
  const options = new Map<string, Set<string>>();
  const stop = onOptionsParsed((command, names) => {
    const known = options.get(command) ?? new Set<string>();
    for (const name of names) known.add(name);
    options.set(command, known);
  });
  try {
    for (const command of COMMAND_NAMES) {
      const result = await runCli([command, '--help']);
      assert.equal(result.code, 0, `${command} --help: ${result.stderr}`);
    }
  } finally {
    stop();
  }
  return options;
}

/** The text of docs/cli.md's sections about a command: those whose heading starts with it. */
function sectionsAbout(command: string): string {
  return sectionsOf(readDocument(CLI_DOC))
    .filter(
      (s) =>
        s.heading.startsWith(`\`${command} `) ||
        s.heading.startsWith(`\`${command}\``) ||
        (command === 'import' && s.heading.startsWith("Importing other frameworks' logs")),
    )
    .map((s) => s.body)
    .join('\n');
}

/** Whether `--name` occurs in the text as an option (not as the start of a longer one). */
const mentions = (text: string, option: string): boolean =>
  new RegExp(`--${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

test('every command and every option of the CLI is documented in its section of docs/cli.md', async () => {
  const options = await parserOptions();
  assert.deepEqual(
    [...options.keys()].sort(),
    [...COMMAND_NAMES].sort(),
    'a command parsed no options for --help: the check would miss it',
  );
  const missing: string[] = [];
  for (const [command, names] of options) {
    const text = sectionsAbout(command);
    if (text === '') {
      missing.push(`${command}: no section of ${CLI_DOC} is about it`);
      continue;
    }
    for (const name of names) if (!mentions(text, name)) missing.push(`${command} --${name}`);
  }
  assert.deepEqual(missing, []);
});

test('every benchmark `run` runs and every kind `import` reads has its heading in docs/cli.md', () => {
  const headings = sectionsOf(readDocument(CLI_DOC)).map((s) => s.body.split('\n')[0] ?? '');
  const text = readDocument(CLI_DOC);
  const missing: string[] = [];
  for (const benchmark of registeredBenchmarks()) {
    if (benchmark.runCli !== undefined && !headings.some((h) => h.includes(`\`run ${benchmark.runCli?.name ?? ''}`)))
      missing.push(`run ${benchmark.runCli.name}`);
    for (const importer of benchmark.importers ?? [])
      if (!text.includes(`import ${importer.kind} `)) missing.push(`import ${importer.kind}`);
  }
  assert.deepEqual(missing, []);
});

test('the option check itself: --score does not count as --score-x, and a missing one is found', () => {
  assert.equal(mentions('`--score-name X`', 'score'), false);
  assert.equal(mentions('`--score NAME`, `--out`', 'score'), true);
  assert.equal(mentions('[--out FILE]', 'out'), true);
});
