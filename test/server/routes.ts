// Maps a method and path to what the test server does with it.
import type { RequestKind } from './types';

export interface Route {
  kind: RequestKind | 'control';
  /** Azure deployment named in the path, else null. */
  deployment: string | null;
}

const AZURE = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|completions)$/;

export function matchRoute(method: string, path: string): Route {
  if (path.startsWith('/__test/')) return { kind: 'control', deployment: null };
  if (method === 'POST' && path === '/v1/chat/completions') return { kind: 'chat', deployment: null };
  if (method === 'POST' && path === '/v1/completions') return { kind: 'completions', deployment: null };
  if (method === 'GET' && path === '/v1/models') return { kind: 'models', deployment: null };
  if (method === 'POST' && path === '/tokenize') return { kind: 'tokenize', deployment: null };
  const azure = method === 'POST' ? AZURE.exec(path) : null;
  if (azure !== null) {
    const deployment = decodeURIComponent(azure[1] ?? '');
    return { kind: azure[2] === 'completions' ? 'completions' : 'chat', deployment };
  }
  return { kind: 'other', deployment: null };
}
