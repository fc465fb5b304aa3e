import { foreignBasics } from '../../foreignLogs/foreignBasics';

export const PROMPTFOO_BASICS = foreignBasics('promptfoo', 'promptfoo results', ['provider']);
