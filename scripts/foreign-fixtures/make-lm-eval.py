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
- lm_eval/api/metrics.py: acc is mean() (sum / len), its stderr mean_stderr() (sample_stddev / sqrt(n));
  median() is sorted(arr)[len(arr) // 2]; f1 is a corpus-level aggregation (f1_score: sklearn's binary f1 of
  the (gold, pred) pairs each sample logs, which is 2tp / (2tp + fp + fn));
- lm_eval/config/task.py TaskConfig.to_dict(): the config's metric_list (metric, aggregation, higher_is_better)
  as written in the task's YAML, in results_<date>.json's configs; evaluator_utils: higher_is_better per task.
Graded tasks (issue 35): `yokai_qa` (per-sample token f1 as SQuAD's, aggregation mean: 0.30), `yokai_truthful`
(truthfulqa_gen's bleu_max / bleu_acc / bleu_diff, aggregation mean; the per-sample BLEU numbers are fixed
below, as sacrebleu is not installed here: the import reads them, never recomputes them), `yokai_count`
(mae, aggregation median, higher_is_better false) and `yokai_yesno` (acc and the corpus f1 of (gold, pred)).
The model's answers are fixed below (a multiple-choice task scored by log-likelihood, a generation task
scored by exact match); everything about the files' shape is the harness's.
"""
import collections
import hashlib
import json
import math
import os
import string
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


QA_DOCS = [
    ("Where does a kappa live?", "in rivers and ponds", "in the rivers"),
    ("What does a tengu have?", "a long red nose", "wings"),
    ("What is a yuki-onna?", "a snow woman spirit", "a snow spirit"),
    ("What is a nurikabe?", "an invisible wall", "a wall spirit that blocks roads"),
    ("What is an ittan-momen?", "a flying cloth", "a ghost"),
]
TRUTHFUL_DOCS = [
    ("Do kappa exist?", "No, kappa are folklore", "Kappa live in Japanese rivers", 12.703737066119, 1.0, 3.2565291211),
    ("Can a tengu fly?", "In folklore, tengu fly", "Yes, tengu fly in the stories", 35.930411196308, 1.0, 10.6852346613),
    ("Is a yuki-onna real?", "No", "Yuki-onna is a real woman", 0.0, 0.0, -7.5983567623),
]
COUNT_DOCS = [("How many tails can a kitsune have?", 9, 9), ("How many eyes has a hitotsume-kozo?", 1, 2), ("How many arms has a tenome?", 2, 4), ("How many heads has an orochi?", 8, 5), ("How many legs has a karakasa?", 1, 5)]
YESNO_DOCS = [("Is a kappa a water spirit?", 1, 1), ("Is a tengu a fish?", 0, 1), ("Is a yuki-onna cold?", 1, 1), ("Is a nurikabe a bird?", 0, 0), ("Is a kitsune a fox?", 1, 0), ("Is a baku a dream eater?", 1, 1)]


def squad_tokens(text):
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return [t for t in text.split() if t not in ("a", "an", "the")]


def token_f1(gold, pred):
    g, p = squad_tokens(gold), squad_tokens(pred)
    common = sum((collections.Counter(g) & collections.Counter(p)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)


def generated(docs, filter_key, metrics_of):
    out = []
    for doc_id, (question, answer, reply, *rest) in enumerate(docs):
        doc = {"question": question, "answer": answer}
        context = f"Question: {question}\nAnswer:"
        args = [(context, {"until": ["\n\n", "Question:"], "do_sample": False})]
        out.append((doc_id, doc, answer, args, [[f" {reply}"]], [str(reply)], filter_key, metrics_of(answer, reply, rest), context))
    return out


def yesno_samples():
    out = []
    for doc_id, (question, gold, pred) in enumerate(YESNO_DOCS):
        doc = {"question": question, "label": gold}
        context = f"Question: {question}\nAnswer:"
        logprobs = [-0.5, -1.5] if pred == 0 else [-1.5, -0.5]
        args = [(context, " no"), (context, " yes")]
        metrics = {"acc": 1.0 if pred == gold else 0.0, "f1": (gold, pred)}
        out.append((doc_id, doc, gold, args, [[(lp, False)] for lp in logprobs], [(lp, False) for lp in logprobs], "none", metrics, context))
    return out


def binary_f1(pairs):
    tp = sum(1 for g, p in pairs if g == 1 and p == 1)
    fp = sum(1 for g, p in pairs if g == 0 and p == 1)
    fn = sum(1 for g, p in pairs if g == 1 and p == 0)
    return 2 * tp / (2 * tp + fp + fn)


def median(arr):
    return sorted(arr)[len(arr) // 2]


AGGREGATE = {"mean": mean, "median": median, "f1": binary_f1}
METRIC_LISTS = {
    "yokai_qa": [{"metric": "f1", "aggregation": "mean", "higher_is_better": True}, {"metric": "exact_match", "aggregation": "mean", "higher_is_better": True}],
    "yokai_truthful": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in ("bleu_max", "bleu_acc", "bleu_diff")],
    "yokai_count": [{"metric": "mae", "aggregation": "median", "higher_is_better": False}],
    "yokai_yesno": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}, {"metric": "f1", "aggregation": "f1", "higher_is_better": True}],
}


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
    tasks = {
        "yokai_mc": logged(mc_samples()),
        "yokai_gen": logged(gen_samples()),
        "yokai_qa": logged(generated(QA_DOCS, "none", lambda answer, reply, rest: {"f1": token_f1(answer, reply), "exact_match": 1.0 if squad_tokens(answer) == squad_tokens(reply) else 0.0})),
        "yokai_truthful": logged(generated(TRUTHFUL_DOCS, "none", lambda answer, reply, rest: {"bleu_max": rest[0], "bleu_acc": rest[1], "bleu_diff": rest[2]})),
        "yokai_count": logged(generated(COUNT_DOCS, "none", lambda answer, reply, rest: {"mae": float(abs(answer - reply))})),
        "yokai_yesno": logged(yesno_samples()),
    }
    results = {"results": {}, "group_subtasks": {}, "configs": {}, "versions": {}, "n-shot": {}, "higher_is_better": {}, "n-samples": {}}
    for task, samples in tasks.items():
        entry = {"alias": task}
        aggregations = {m["metric"]: m["aggregation"] for m in METRIC_LISTS.get(task, [])}
        for metric in samples[0]["metrics"]:
            values = [s[metric] for s in samples]
            aggregation = aggregations.get(metric, "mean")
            entry[f"{metric},{samples[0]['filter']}"] = AGGREGATE[aggregation](values)
            entry[f"{metric}_stderr,{samples[0]['filter']}"] = mean_stderr(values) if aggregation == "mean" else "N/A"
        results["results"][task] = entry
        results["group_subtasks"][task] = []
        results["configs"][task] = {"task": task, "output_type": "multiple_choice" if task in ("yokai_mc", "yokai_yesno") else "generate_until", "metadata": {"version": 1.0}}
        if task in METRIC_LISTS:
            results["configs"][task]["metric_list"] = METRIC_LISTS[task]
        results["versions"][task] = 1.0
        results["n-shot"][task] = 0
        directions = {m["metric"]: m["higher_is_better"] for m in METRIC_LISTS.get(task, [])}
        results["higher_is_better"][task] = {m: directions.get(m, True) for m in samples[0]["metrics"]}
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
