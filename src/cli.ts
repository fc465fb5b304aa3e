import { main } from './cli/main';
import { processIo } from './core/commandLine/io';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  process.stderr.write('\nstopping: results written so far are kept (Ctrl-C again to quit at once)\n');
  controller.abort(new Error('interrupted'));
});
process.on('SIGTERM', () => controller.abort(new Error('terminated')));

void main(process.argv.slice(2), processIo(controller.signal)).then((code) => {
  process.exitCode = code;
});
