import { type Role } from '../../core/adjudication/event';
import { type ReviewAid } from '../../core/contract/benchmark';
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
  /** This panel's toggle turned blind review on or off: for the whole window (WindowBlind). */
  readonly setBlind: (on: boolean) => void;
  readonly exportRun: (runDir: string) => Thenable<unknown>;
  /** Whether blind review is on in the window (the setting, or the last toggle of any review panel). */
  readonly blindReview: () => boolean;
  /** evalAdjudicator.guidelinesFile. */
  readonly guidelinesFile: () => string;
  /** The extension's own storage folder (the shipped guidelines are written there for the Markdown preview). */
  readonly storageDir: string;
  /** Where official files are found (data directory, cache), for the judge template. */
  readonly sources: () => ResolveOptions;
  /** The benchmark's review aid (English glosses…), loaded once (null: none, or not available). */
  readonly reviewAid: (benchmark: string) => Promise<ReviewAid | null>;
  readonly documents: ReadOnlyDocuments;
}
