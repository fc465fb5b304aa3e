#!/usr/bin/env python3
"""Writes test/fixtures/foreign-logs/inspect/graded-*.eval: Inspect logs with graded scores (issue 35).

Inspect cannot run here (no PyPI), so each log is the real popularity log of Inspect's own tests
(2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval, 10 samples) with its `match` score replaced
by a graded scorer's, following Inspect AI's code (UKGovernmentBEIS/inspect_ai, commit
499e6152e7b8fc8cbd8ac5283536572aa6e4ab17):
- scorer/_model.py model_graded_qa(partial_credit=True): values "C", "P", "I" (CORRECT, PARTIAL, INCORRECT
  of scorer/_metric.py), metrics accuracy() and stderr();
- a judge scoring 1-10 as MT-Bench's (Score(value=rating)), metrics mean() and stderr(), one sample unscored
  (Score.unscored(): value NaN, written as the constant NaN);
- a closeness scorer (float values in [0, 1]), metrics mean() and stderr();
- scorer/_metric.py value_to_float (C 1, P 0.5, I and N 0); scorer/_metrics/accuracy.py (a loop's sum over the
  count), mean.py (np.mean), std.py stderr (np.std(ddof=1) / sqrt(n)); NaN samples left out of the metrics and
  counted in unscored_samples (scorer/_metric.py, _eval/task/results.py); the mean reducer's value per sample in
  reductions.json (_eval/task/results.py, one epoch: the value as a float).
Every other member is copied unchanged; members are JSON with indent 2 (as the source's) in a deflate zip.
Run it to remake them.
"""
import json
import math
import os
import zipfile

import numpy as np

HERE = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "foreign-logs", "inspect")
SOURCE = os.path.join(HERE, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")


def value_to_float(value):
    if isinstance(value, (int, float, bool)):
        return float(value)
    return {"C": 1.0, "P": 0.5, "I": 0.0, "N": 0.0}[value]


def accuracy(values):
    total = 0.0
    for v in values:
        total += v
    return total / float(len(values))


def stderr(values):
    n = len(values)
    return float(np.std(values, ddof=1) / np.sqrt(n)) if n > 1 else 0.0


METRICS = {"accuracy": accuracy, "mean": lambda v: float(np.mean(v)), "stderr": stderr}

GRADED = {
    # name: (scorer, metrics, per-sample value by sample id)
    "graded-partial.eval": ("model_graded_qa", ["accuracy", "stderr"], {1: "C", 2: "P", 3: "I", 4: "C", 5: "P", 6: "C", 7: "N", 8: "P", 9: "C", 10: "I"}),
    "graded-rating.eval": ("mt_bench_judge", ["mean", "stderr"], {1: 8, 2: 3, 3: 10, 4: 7, 5: float("nan"), 6: 9, 7: 2, 8: 6, 9: 8, 10: 5}),
    "graded-closeness.eval": ("closeness", ["mean", "stderr"], {1: 0.91, 2: 0.27, 3: 0.83, 4: 0.66, 5: 0.7, 6: 0.1, 7: 0.33, 8: 0.58, 9: 0.95, 10: 0.44}),
}


def dump(value):
    return json.dumps(value, indent=2, ensure_ascii=False).encode("utf-8")


def main():
    source = zipfile.ZipFile(SOURCE)
    for name, (scorer, metrics, values) in GRADED.items():
        members = {}
        floats = []
        unscored = 0
        for info in source.infolist():
            data = json.loads(source.read(info.filename)) if info.filename.endswith(".json") else None
            if info.filename.startswith("samples/"):
                match = data["scores"].pop("match")
                data["scores"][scorer] = {**match, "value": values[data["id"]]}
            members[info.filename] = data
        ids = sorted(values)
        for i in ids:
            v = values[i]
            if isinstance(v, float) and math.isnan(v):
                unscored += 1
            else:
                floats.append(value_to_float(v))
        header = members["header.json"]
        header["eval"]["scorers"] = [{"name": scorer, "options": {}, "metrics": [{"name": f"inspect_ai/{m}", "options": {}} for m in metrics], "metadata": {}}]
        entry = {"name": scorer, "scorer": scorer, "params": {}, "metrics": {m: {"name": m, "value": METRICS[m](floats), "params": {}} for m in metrics}}
        if unscored:
            entry["scored_samples"] = len(floats)
            entry["unscored_samples"] = unscored
        header["results"]["scores"] = [entry]
        for summaries in ("summaries.json", "_journal/summaries/1.json"):
            for summary in members[summaries]:
                summary["scores"] = {scorer: {**summary["scores"]["match"], "value": values[summary["id"]]}}
        reductions = members["reductions.json"]
        reductions[0]["scorer"] = scorer
        for sample in reductions[0]["samples"]:
            sample["value"] = value_to_float(values[sample["sample_id"]])
        with zipfile.ZipFile(os.path.join(HERE, name), "w", zipfile.ZIP_DEFLATED) as out:
            for info in source.infolist():
                out.writestr(info.filename, dump(members[info.filename]))
        print(name, {m: entry["metrics"][m]["value"] for m in metrics}, "sequential mean", sum(floats) / len(floats))


main()
