import { type ModelConfig } from '../../runtimes/onnx/modelFolder';
import { UserError } from '../../util/errors';
import { BERT_SCORE_LAYERS } from './bertScoreLayers';

/** The layer BERTScore uses: the one given, else bert_score's table entry for the model (by the name given, else config.json's _name_or_path). */
export function bertScoreLayer(model: string, config: ModelConfig, given: number | null): number {
  if (given !== null) return given;
  const named = BERT_SCORE_LAYERS[model] ?? BERT_SCORE_LAYERS[config._name_or_path ?? ''];
  if (named !== undefined) return named;
  throw new UserError(
    `BERTScore: bert_score's table has no layer for ${model}${config._name_or_path === undefined ? '' : ` (${config._name_or_path})`}; give the layer (run: --bertscore-layer N; similarity: --layer N; the extension: the setting evalAdjudicator.bertscoreLayer)`,
  );
}

/** The ONNX output holding the hidden state after `layer` layers, or a refusal naming the file: never another layer. */
export function bertScoreLayerOutput(onnxPath: string, outputs: readonly string[], config: ModelConfig, layer: number): string {
  const exposed = [`hidden_states.${layer}`, `hidden_states_${layer}`].find((name) => outputs.includes(name));
  if (exposed !== undefined) return exposed;
  const layers = config.num_hidden_layers;
  if (outputs.includes('last_hidden_state') && layers === layer) return 'last_hidden_state';
  const has = outputs.includes('last_hidden_state')
    ? `its last_hidden_state comes after ${layers === undefined ? 'a number of layers config.json does not give (num_hidden_layers)' : `${layers} layers (config.json num_hidden_layers)`}`
    : `it has no last_hidden_state (outputs: ${outputs.join(', ')})`;
  throw new UserError(
    `${onnxPath}: BERTScore needs the hidden state of layer ${layer}, and ${has}; export the model truncated to ${layer} layers or exposing hidden_states.${layer} (docs/metrics.md: BERTScore and BLEURT)`,
  );
}
