import { foreignBasics } from '../foreignBasics';

export const INSPECT_BASICS = foreignBasics('inspect', 'Inspect AI log', ['sample']);
