import { type Role } from '../../core/adjudication/event';
import { type ReviewAid } from '../../core/benchmarks/benchmark';
import { type ResolveOptions } from '../../core/data/resolveSourceFile';
import { type RunPanelHost } from '../panels/runPanel';
import { type ReadOnlyDocuments } from './readOnlyDocuments';

/** What a review panel asks of the extension: settings, names, the other views and documents. */
export interface ReviewContext extends RunPanelHost {
  readonly annotator: () => string;
  /**
   * The name to record decisions under, asked for (once, and stored in the setting) when neither the setting
   * nor git's user.name gives one; null when the user declined.
   */
  readonly confirmAnnotator?: () => Promise<string | null>;
  readonly role: () => Role;
  /** Called after this panel appended decisions, so views showing scores refresh. */
  readonly onDidAdjudicate: () => void;
  /** This panel's blind review went on or off (ReviewPanel.anyBlind tells the state). */
  readonly onBlindChanged: () => void;
  readonly exportRun: (runDir: string) => Thenable<unknown>;
  /** evalAdjudicator.blindReview and evalAdjudicator.guidelinesFile. */
  readonly blindReview: () => boolean;
  readonly guidelinesFile: () => string;
  /** The extension's own storage folder (the shipped guidelines are written there for the Markdown preview). */
  readonly storageDir: string;
  /** Where official files are found (data directory, cache), for the judge template. */
  readonly sources: () => ResolveOptions;
  /** The benchmark's review aid (English glosses…), loaded once (null: none, or not available). */
  readonly reviewAid: (benchmark: string) => Promise<ReviewAid | null>;
  readonly documents: ReadOnlyDocuments;
}
