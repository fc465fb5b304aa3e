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
// `export … | head`: the reader closed the pipe. End quietly, as Unix tools do on SIGPIPE (status 128 + 13).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(141);
  });
}

void main(process.argv.slice(2), processIo(controller.signal)).then((code) => {
  process.exitCode = code;
});
