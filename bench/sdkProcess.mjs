// The bare openai client as a whole process, for `npm run bench` (wholeProcess): node, the openai package,
// request bodies read from a JSON file and sent by `concurrency` workers, then exit. Nothing of the tool.
//   node bench/sdkProcess.mjs BASE_URL BODIES.json CONCURRENCY
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';

const [baseURL, file, concurrency] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const client = new OpenAI({ apiKey: 'EMPTY', baseURL, maxRetries: 0, timeout: 120_000 });
let next = 0;
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    for (let body = bodies[next++]; body !== undefined; body = bodies[next++]) await client.chat.completions.create(body);
  }),
);
