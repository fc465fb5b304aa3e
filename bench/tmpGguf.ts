import { benchGgufMc } from '/work/wt-gguf/bench/ggufMc';
import { cleanupScratch } from '/work/wt-gguf/bench/paths';
benchGgufMc().then((r) => console.log(JSON.stringify(r))).finally(cleanupScratch);
