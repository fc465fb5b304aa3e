import type * as vscode from 'vscode';
import { annotatorFromEnv } from '../core/adjudication/annotatorName';

/**
 * The question asked before the first decision: git's user.name filled in as the default (Enter keeps it),
 * else an empty field. It is asked even so, never taken silently: a name is what the user says it is.
 */
export function annotatorNameQuestion(gitName: string | undefined): vscode.InputBoxOptions {
  return {
    title: 'Who is deciding? Your annotator name',
    value: gitName ?? '',
    placeHolder: 'Your name, e.g. Aiko Tanaka',
    prompt: `Asked once${gitName === undefined ? '' : " (git's user.name filled in: Enter keeps it)"}: written into every decision you make (adjudications.jsonl) and kept in the setting evalAdjudicator.annotatorName`,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'A name is required' : undefined),
  };
}

export interface AnnotatorSources {
  /** evalAdjudicator.annotatorName. */
  readonly configured: () => string;
  readonly env: NodeJS.ProcessEnv;
  /** git's user.name, the question's default. */
  readonly gitName: () => string | undefined;
  /** Asks (annotatorNameQuestion) and stores the answer in the setting; null when declined. */
  readonly ask: (gitName: string | undefined) => Promise<string | null>;
}

/** Whose decisions these are: the setting, else EVAL_ADJUDICATOR_ANNOTATOR, else asked once at the first decision. */
export class AnnotatorIdentity {
  private asking: Promise<string | null> | undefined;

  constructor(private readonly sources: AnnotatorSources) {}

  /** The name known so far; empty until the user gave one (never the login name). */
  current(): string {
    return this.sources.configured().trim() || (annotatorFromEnv(this.sources.env) ?? '');
  }

  /** The name to record a decision under: asked for when none is known (one question for concurrent callers). */
  confirm(): Promise<string | null> {
    const known = this.current();
    if (known !== '') return Promise.resolve(known);
    this.asking ??= this.sources.ask(this.sources.gitName()).finally(() => (this.asking = undefined));
    return this.asking;
  }
}
