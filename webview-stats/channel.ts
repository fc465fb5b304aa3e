import { type StatsPanelState, type StatsWebviewMessage, StatsWebviewMessageSchema } from '../src/statsProtocol';
import { type VsCodeApiLike } from '../webview/vscodeApi';

/** A typed channel to the host: only protocol messages go out; the state saved is the run's identity. */
export class StatsChannel {
  constructor(private readonly api: VsCodeApiLike) {}

  post(message: StatsWebviewMessage): void {
    const checked = StatsWebviewMessageSchema.safeParse(message);
    if (!checked.success) {
      console.warn('statistics: not sending a message that fails the protocol', checked.error.issues[0]?.message);
      return;
    }
    this.api.postMessage(checked.data);
  }

  saveState(state: StatsPanelState): void {
    this.api.setState(state);
  }
}
