/** What an import reports: items read, items the file lacks, the importer's notes. */
export interface ImportCounts {
  readonly imported: number;
  readonly missing: readonly unknown[];
  readonly notes?: readonly string[] | undefined;
}

const items = (n: number): string => `${n} item${n === 1 ? '' : 's'}`;

/** "Imported 1 item.", "Imported 40 items (2 missing from the file). <notes>" */
export function importedMessage(outcome: ImportCounts): string {
  const missing = outcome.missing.length > 0 ? ` (${outcome.missing.length} missing from the file)` : '';
  return `Imported ${items(outcome.imported)}${missing}.${(outcome.notes ?? []).map((n) => ` ${n}`).join('')}`;
}
