// The thread an ONNX session runs on (sessionThread.ts starts it): onnxruntime-node's session.run holds the
// thread that calls it for the whole forward pass, so it is not the JS thread of the extension host or CLI.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { errorMessage } from '../../util/errors';
import { type Ort, type OrtSession, firstLine, loadOnnxRuntime } from './onnxRuntime';
import { SESSION_OPTIONS } from './sessionOptions';
import {
  type BatchOutput,
  type FromSessionThread,
  type RunRequest,
  type SessionThreadStart,
  type ToSessionThread,
} from './sessionThreadMessages';

const port = threadPort();
const say = (message: FromSessionThread, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

async function start({ path }: SessionThreadStart): Promise<void> {
  const ort = await loadOnnxRuntime();
  let session: OrtSession;
  try {
    session = await ort.InferenceSession.create(path, SESSION_OPTIONS);
  } catch (error) {
    say({ kind: 'failed', message: firstLine(errorMessage(error)) });
    return;
  }
  // One at a time, in the order asked: a release waits for the runs asked for before it.
  let queue = Promise.resolve();
  port.on('message', (message: ToSessionThread) => {
    queue = queue.then(() =>
      message.kind === 'release'
        ? session
            .release()
            .catch(() => undefined)
            .then(() => say({ kind: 'released' }))
        : run(ort, session, message),
    );
  });
  say({ kind: 'ready', inputNames: session.inputNames, outputNames: session.outputNames });
}

async function run(ort: Ort, session: OrtSession, request: RunRequest): Promise<void> {
  try {
    const feeds = Object.fromEntries(
      Object.entries(request.feeds).map(([name, data]) => [name, new ort.Tensor('int64', data, [...request.dims])]),
    );
    const results = await session.run(feeds, [...request.outputs]);
    const outputs: Record<string, BatchOutput> = {};
    const transfer: ArrayBuffer[] = [];
    for (const name of request.outputs) {
      const tensor = results[name];
      if (tensor === undefined || tensor.type !== 'float32') throw new Error(`output "${name}" is not a float32 tensor`);
      const data = tensor.data as Float32Array;
      outputs[name] = { data, dims: tensor.dims };
      if (data.buffer instanceof ArrayBuffer && !transfer.includes(data.buffer)) transfer.push(data.buffer);
    }
    say({ kind: 'done', id: request.id, outputs }, transfer);
  } catch (error) {
    say({ kind: 'error', id: request.id, message: firstLine(errorMessage(error)) });
  }
}

function threadPort(): MessagePort {
  if (parentPort === null) throw new Error('sessionThreadEntry runs as a worker thread only');
  return parentPort;
}

start(workerData as SessionThreadStart).catch((error: unknown) => say({ kind: 'failed', message: firstLine(errorMessage(error)) }));
