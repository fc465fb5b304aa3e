import { type WebviewMessage } from '../../core/protocol/review';
import { runPromptDocument } from '../../core/review/judgeTemplate';
import { type RunManifest } from '../../core/runs/runManifest';
import { showGuidelines } from './guidelines';
import { type ReviewContext } from './reviewContext';

export type ReviewCommand = Extract<WebviewMessage, { type: 'command' }>['command'];

/** A command the review page asks for: export the run, read the folder again, the guidelines, the judge's prompt. */
export async function runReviewCommand(
  command: ReviewCommand,
  context: ReviewContext,
  runDir: string,
  manifest: RunManifest,
  refresh: () => void,
): Promise<void> {
  switch (command) {
    case 'export':
      await context.exportRun(runDir);
      return;
    case 'refresh':
      refresh();
      return;
    case 'guidelines':
      await showGuidelines(context.storageDir, manifest.benchmark, context.guidelinesFile());
      return;
    case 'judgePrompt': {
      const document = await runPromptDocument(runDir, manifest, context.sources());
      await context.documents.show(document.title, document.text, document.language);
      return;
    }
  }
}
