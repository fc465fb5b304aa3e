import type * as OrtModule from 'onnxruntime-node';

/**
 * Every session's options, the bench's bare forward passes included. ONNX Runtime's threads do not spin
 * between runs: the session runs on a thread of its own while this process's JS thread tokenizes and matches
 * on another core, which a spinning thread would take.
 */
export const SESSION_OPTIONS: OrtModule.InferenceSession.SessionOptions = {
  graphOptimizationLevel: 'all',
  extra: { session: { intra_op: { allow_spinning: '0' } } },
};
