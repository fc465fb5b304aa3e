import { foreignBasics } from '../foreignBasics';

export const PROMPTFOO_BASICS = foreignBasics('promptfoo', 'promptfoo results', ['provider']);
