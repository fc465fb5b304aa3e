import { foreignBasics } from '../../foreignLogs/foreignBasics';

export const LM_EVAL_BASICS = foreignBasics('lm-eval', 'lm-evaluation-harness samples', []);
