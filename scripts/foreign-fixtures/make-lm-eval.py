#!/usr/bin/env python3
"""Writes test/fixtures/foreign-logs/lm-eval/: what `lm_eval --log_samples --output_path DIR` writes.

lm-evaluation-harness cannot be installed on this machine, so this follows its writer line by line
(EleutherAI/lm-evaluation-harness 4e7e0d47f33bc71070c1d38394bafbb52b117163, version 0.4.13.dev0, MIT):
- lm_eval/evaluator.py, evaluate(): each logged sample is {doc_id, doc, target, arguments, resps,
  filtered_resps, filter, metrics, doc_hash, prompt_hash, target_hash} updated with the metric values;
- lm_eval/loggers/evaluation_tracker.py, save_results_samples(): arguments become {"gen_args_i":
  {"arg_j": ...}}, resps and filtered_resps go through sanitize_list (inner values as strings), target
  str(); one json.dumps(..., default=handle_non_serializable, ensure_ascii=False) line per sample in
  samples_<task>_<date_id>.jsonl; save_results_aggregated(): task_hashes, the general config tracker,
  json.dumps(indent=2, ensure_ascii=False) as results_<date_id>.json;
- lm_eval/api/metrics.py: acc is mean() (sum / len), its stderr mean_stderr() (sample_stddev / sqrt(n)).
The model's answers are fixed below (a multiple-choice task scored by log-likelihood, a generation task
scored by exact match); everything about the files' shape is the harness's.
"""
import hashlib
import json
import math
import os
import sys

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "foreign-logs", "lm-eval")
DATE_ID = "2026-12-03T12-00-00.000000"


def hash_string(string):
    return hashlib.sha256(string.encode("utf-8")).hexdigest()


def handle_non_serializable(o):
    if isinstance(o, set):
        return list(o)
    return str(o)


def sanitize_list(sub):
    if isinstance(sub, list):
        return [sanitize_list(item) for item in sub]
    if isinstance(sub, tuple):
        return tuple(sanitize_list(item) for item in sub)
    return str(sub)


def mean(arr):
    return sum(arr) / len(arr)


def mean_stderr(arr):
    mu = mean(arr)
    return math.sqrt(sum([(x - mu) ** 2 for x in arr]) / (len(arr) - 1)) / math.sqrt(len(arr))


MC_DOCS = [
    ("Which yokai lives in rivers?", ["kappa", "tengu", "yuki-onna"], 0, [-1.2, -3.4, -5.0]),
    ("Which yokai has a long nose?", ["kappa", "tengu", "yuki-onna"], 1, [-2.9, -1.1, -4.2]),
    ("Which yokai appears in snow?", ["kappa", "tengu", "yuki-onna"], 2, [-0.8, -2.2, -1.9]),
    ("Which yokai is a wall?", ["nurikabe", "ittan-momen", "rokurokubi"], 0, [-0.5, -2.5, -3.5]),
    ("Which yokai is a cloth?", ["nurikabe", "ittan-momen", "rokurokubi"], 1, [-1.5, -1.6, -0.9]),
]
GEN_DOCS = [
    ("What is 2 + 3?", "5", "5"),
    ("What is 7 - 4?", "3", "3"),
    ("What is 6 * 7?", "42", "48"),
    ("What is 9 / 3?", "3", "3"),
]


def mc_samples():
    out = []
    for doc_id, (question, choices, gold, logprobs) in enumerate(MC_DOCS):
        doc = {"question": question, "choices": {"text": choices, "label": ["A", "B", "C"]}, "answerKey": "ABC"[gold]}
        context = f"Question: {question}\nAnswer:"
        args = [(context, f" {c}") for c in choices]
        resps = [[(lp, False)] for lp in logprobs]
        filtered = [(lp, False) for lp in logprobs]
        pred = max(range(len(logprobs)), key=lambda i: logprobs[i])
        norm = [lp / len(f" {c}") for lp, c in zip(logprobs, choices)]
        pred_norm = max(range(len(norm)), key=lambda i: norm[i])
        metrics = {"acc": 1.0 if pred == gold else 0.0, "acc_norm": 1.0 if pred_norm == gold else 0.0}
        out.append((doc_id, doc, gold, args, resps, filtered, "none", metrics, context))
    return out


def gen_samples():
    out = []
    for doc_id, (question, answer, reply) in enumerate(GEN_DOCS):
        doc = {"question": question, "answer": answer}
        context = f"Question: {question}\nAnswer:"
        gen_kwargs = {"until": ["\n\n", "Question:"], "do_sample": False}
        args = [(context, gen_kwargs)]
        resps = [[f" {reply}"]]
        filtered = [reply]
        metrics = {"exact_match": 1.0 if reply == answer else 0.0}
        out.append((doc_id, doc, answer, args, resps, filtered, "strict-match", metrics, context))
    return out


def logged(samples):
    result = []
    for doc_id, doc, target, args, resps, filtered, filter_key, metrics, context in samples:
        example = {
            "doc_id": doc_id,
            "doc": doc,
            "target": target,
            "arguments": args,
            "resps": resps,
            "filtered_resps": filtered,
            "filter": filter_key,
            "metrics": list(metrics.keys()),
            "doc_hash": hash_string(json.dumps(doc, indent=2, default=handle_non_serializable, ensure_ascii=False)),
            "prompt_hash": hash_string(context),
            "target_hash": hash_string(str(target)),
        }
        example.update(metrics)
        result.append(example)
    return result


def save_samples(task, samples):
    path = os.path.join(OUT, f"samples_{task}_{DATE_ID}.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for sample in samples:
            arguments = {}
            for i, arg in enumerate(sample["arguments"]):
                arguments[f"gen_args_{i}"] = {}
                for j, tmp in enumerate(arg):
                    arguments[f"gen_args_{i}"][f"arg_{j}"] = tmp
            sample["resps"] = sanitize_list(sample["resps"])
            sample["filtered_resps"] = sanitize_list(sample["filtered_resps"])
            sample["arguments"] = arguments
            sample["target"] = str(sample["target"])
            f.write(json.dumps(sample, default=handle_non_serializable, ensure_ascii=False) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    tasks = {"yokai_mc": logged(mc_samples()), "yokai_gen": logged(gen_samples())}
    results = {"results": {}, "group_subtasks": {}, "configs": {}, "versions": {}, "n-shot": {}, "higher_is_better": {}, "n-samples": {}}
    for task, samples in tasks.items():
        entry = {"alias": task}
        for metric in samples[0]["metrics"]:
            values = [s[metric] for s in samples]
            entry[f"{metric},{samples[0]['filter']}"] = mean(values)
            entry[f"{metric}_stderr,{samples[0]['filter']}"] = mean_stderr(values)
        results["results"][task] = entry
        results["group_subtasks"][task] = []
        results["configs"][task] = {"task": task, "output_type": "multiple_choice" if task == "yokai_mc" else "generate_until", "metadata": {"version": 1.0}}
        results["versions"][task] = 1.0
        results["n-shot"][task] = 0
        results["higher_is_better"][task] = {m: True for m in samples[0]["metrics"]}
        results["n-samples"][task] = {"original": len(samples), "effective": len(samples)}
    results["config"] = {"model": "local-completions", "model_args": "model=scripted-model,base_url=http://127.0.0.1:8000/v1/completions", "batch_size": 1, "batch_sizes": [], "device": None, "use_cache": None, "limit": None, "bootstrap_iters": 100000, "gen_kwargs": None, "random_seed": 0, "numpy_seed": 1234, "torch_seed": 1234, "fewshot_seed": 1234}
    results["git_hash"] = None
    results["date"] = 1796299200.0
    results["pretty_env_info"] = "N/A (torch not installed)"
    results["transformers_version"] = "N/A"
    results["lm_eval_version"] = "0.4.13.dev0"
    results["upper_git_hash"] = None
    results["task_hashes"] = {task: hash_string("".join(s["doc_hash"] + s["prompt_hash"] + s["target_hash"] for s in samples)) for task, samples in tasks.items()}
    results.update({"model_source": "local-completions", "model_name": "scripted-model", "model_name_sanitized": "scripted-model", "system_instruction": None, "system_instruction_sha": None, "fewshot_as_multiturn": False, "chat_template": None, "chat_template_sha": None, "start_time": 1000.0, "end_time": 1002.5, "total_evaluation_time_seconds": "2.5"})
    for task, samples in tasks.items():
        save_samples(task, samples)
    with open(os.path.join(OUT, f"results_{DATE_ID}.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(results, indent=2, default=handle_non_serializable, ensure_ascii=False))
    print(f"wrote {OUT}", file=sys.stderr)


main()
