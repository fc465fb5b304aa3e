/**
 * Blind review is one state for the whole window: on when the setting evalAdjudicator.blindReview is on,
 * until `b` (or the eye button) in any review panel turns it off or on again, for every review panel, the
 * Runs view and Statistics alike. A change of the setting sets it again for the whole window.
 */
export class WindowBlind {
  /** What a panel's toggle chose last, overriding the setting until the setting changes. */
  private toggled: boolean | undefined;

  constructor(
    private readonly setting: () => boolean,
    /** Every view that shows scores follows the new state. */
    private readonly changed: (on: boolean) => void,
  ) {}

  get on(): boolean {
    return this.toggled ?? this.setting();
  }

  /** A review panel's toggle (or its state restored after a reload) turned blind review on or off. */
  set(on: boolean): void {
    if (on === this.on) return;
    this.toggled = on;
    this.changed(on);
  }

  /** The setting changed: the window follows it. */
  settingChanged(): void {
    this.toggled = undefined;
    this.changed(this.on);
  }
}
