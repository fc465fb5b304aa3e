import { localModelName } from '../runtimes/gguf/localModelName';
import { type GgufChoice } from '../runtimes/gguf/openModelFile';
import { UsageError } from '../util/errors';
import { type Parsed, numberOption, stringOption } from './options';

export const GGUF_OPTIONS = {
  'model-file': { type: 'string' },
  'gpu-layers': { type: 'string' },
  context: { type: 'string' },
  threads: { type: 'string' },
} as const;

/** How llama.cpp runs every local model of a run. */
export const GGUF_RUNTIME_OPTIONS_HELP = `  --gpu-layers auto|N       layers offloaded to the GPU (default auto; 0: CPU only)
  --context N               context size in tokens (default: the model's, at most 4096)
  --threads N               CPU threads (default: half the cores, at least one)
`;

export const GGUF_OPTIONS_HELP = `Local model (llama.cpp, in a process of its own; needs the optional runtime: npm install --no-save node-llama-cpp@3.21.1 koffi@3.3.4):
  --model-file PATH.gguf|ollama:NAME[:TAG]
                            run a GGUF model file, or a model Ollama has pulled (found in OLLAMA_MODELS, else
                            ~/.ollama/models), for MC (--logprobs gguf, the default then) and open-ended
                            answers (greedy); --model defaults to the file name without .gguf (an Ollama model: NAME:TAG),
                            which also names the run.
                            On --resume or --retry-errors of such a run, give --model-file again (run.json
                            records the file's name and sha256, never its folder)
${'$'}{GGUF_RUNTIME_OPTIONS_HELP}`;

/**
 * The local model's choice from the command line; null without `fileOption` (--model-file, or YokaiEval's
 * --judge-model-file). --gpu-layers, --context and --threads apply to every local model of the run, so they
 * are refused only when neither `fileOption` nor any of `otherFileOptions` is given.
 */
export function ggufChoiceFrom(
  command: string,
  parsed: Parsed,
  fileOption = 'model-file',
  otherFileOptions: readonly string[] = [],
): { readonly modelFile: string; readonly choice: GgufChoice } | null {
  const modelFile = stringOption(parsed, fileOption);
  const given = ['gpu-layers', 'context', 'threads'].find((name) => parsed.values[name] !== undefined);
  if (modelFile === undefined) {
    const files = [fileOption, ...otherFileOptions];
    if (given !== undefined && files.every((name) => parsed.values[name] === undefined))
      throw new UsageError(`${command}: --${given} applies to a local model (${files.map((f) => `--${f}`).join(' or ')})`);
    return null;
  }
  const layers = stringOption(parsed, 'gpu-layers') ?? 'auto';
  let gpuLayers: GgufChoice['gpuLayers'];
  if (layers === 'auto') gpuLayers = 'auto';
  else {
    const n = Number(layers);
    if (!Number.isInteger(n) || n < 0)
      throw new UsageError(`${command}: --gpu-layers must be auto or a whole number of layers, not "${layers}"`);
    gpuLayers = n;
  }
  return {
    modelFile,
    choice: {
      ollama: modelFile.startsWith('ollama:') ? modelFile : null,
      gpuLayers,
      contextSize: numberOption(command, parsed, 'context', { integer: true, min: 16 }) ?? null,
      threads: numberOption(command, parsed, 'threads', { integer: true, min: 1, max: 1024 }) ?? null,
    },
  };
}

/** --model's default for a local model: localModelName's rule (an Ollama model's NAME:TAG, else the file name without .gguf). */
export function defaultLocalModelName(modelFile: string): string {
  return localModelName(modelFile);
}
