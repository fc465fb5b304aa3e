import { foreignBasics } from '../foreignBasics';

export const LM_EVAL_BASICS = foreignBasics('lm-eval', 'lm-evaluation-harness samples', []);
