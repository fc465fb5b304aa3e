#!/usr/bin/env python3
"""Writes test/fixtures/foreign-logs/seahelm/: what SEA-HELM writes for its `kalahi-judge` task.

SEA-HELM cannot run here (its models need GPUs, its dataset the hub), so this runs SEA-HELM's own code
(aisingapore/SEA-HELM 6844e6c, Apache-2.0) on a dozen of Kalahi's own situations with the two models' replies
written below. Everything that names, lays out and fills the files is SEA-HELM's, loaded from a checkout:
- src/dataloaders/base_dataloader.py, judges/judge_dataloader.py, judges/criteria_dataloader.py:
  the folder inferences/<lang>/<task>/ and the names <model>_<task>_<lang>.jsonl,
  ..._turn1_batch_response.jsonl and ..._turn1_judge_batch_response.jsonl; the model's conversation
  (generate_formatted_conversation), the judge's conversations and custom_ids (<id>_criteria<i>,
  prepare_conversations_for_judgements), load_model_outputs_into_dataset and write_out_dataframe;
- src/inference_strategy/default_inference_strategy.py: each batch-response file is
  pd.DataFrame(parsed_outputs).to_json(orient="records", lines=True, force_ascii=False), the rows being
  src/serving/offline/vllm_serving.py parse_output() dicts (gpt-oss: the text before </think> is the
  reasoning) or, for a failed generation, its exception dict;
- src/metrics/seahelm_metric.py and src/metrics/llm_judges/criteria_judge_metric.py: evaluate_responses()
  (the figures written to results/<model>_seahelm_results_<datetime>.json as write_metric_to_file does).
SEA-HELM requires Python 3.12, whose sum() of floats is compensated (Neumaier); Debian's pandas runs on
3.11, so the metric module's `sum` is replaced by a port of 3.12's builtin_sum_impl, checked against a
real Python 3.12 with --python312. The modules SEA-HELM imports but this never calls (datasets, ujson,
tqdm, omegaconf) are stand-ins.

Usage (python3-pandas and python3-yaml from Debian):
  git -C SEA-HELM archive 6844e6c src seahelm_tasks/cultural/kalahi_judge | tar -x -C /tmp/seahelm
  /usr/bin/python3 scripts/foreign-fixtures/make-seahelm.py --seahelm /tmp/seahelm \
      [--data ../shared/data] [--python312 /path/to/python3.12]
"""
import argparse
import csv
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types

import pandas as pd
import yaml

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(REPO, "test", "fixtures", "foreign-logs", "seahelm")
MODEL = "Gemma-SEA-LION-v4-27B-IT"
JUDGE = "openai/gpt-oss-120b"
TASK, LANG = "kalahi-judge", "tl"
DATETIME = "2026-12-06T07:00:00.000000"


def py312_sum(values, start=0):
    """CPython 3.12's builtin_sum_impl: ints exactly, then floats by Neumaier's compensated sum (ints after a float plainly)."""
    it = iter(values)
    result = start
    for item in it:
        if type(item) is int or type(item) is bool:
            result += item
            continue
        result = result + item
        break
    else:
        return result
    if type(result) is not float:
        return result + py312_sum(it)
    f, c = result, 0.0
    for item in it:
        if type(item) is float:
            t = f + item
            c += (f - t) + item if abs(f) >= abs(item) else (item - t) + f
            f = t
        elif type(item) is int:
            f += float(item)
        else:
            raise TypeError(type(item))
    if c and c == c and abs(c) != float("inf"):
        f += c
    return f


def naive_sum(values):
    total = 0
    for v in values:
        total = total + v
    return total


class AttrDict(dict):
    """OmegaConf's DictConfig as SEA-HELM uses it: keys as items and as attributes."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e


def wrap(value):
    if isinstance(value, dict):
        return AttrDict({k: wrap(v) for k, v in value.items()})
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value


class FakeDataset(list):
    """datasets.Dataset as the dataloaders use it here: iterated, from_list, to_pandas."""

    column_names = property(lambda self: list(self[0].keys()) if self else [])

    @classmethod
    def from_list(cls, rows):
        return cls(rows)

    def to_pandas(self):
        return pd.DataFrame(list(self))


def load_seahelm(root):
    """SEA-HELM's modules from a checkout, by file, with stand-ins for what they import but this never calls."""
    for name in ["src", "src.dataloaders", "src.dataloaders.judges", "src.metrics", "src.metrics.llm_judges"]:
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(root, *name.split("."))]
        sys.modules[name] = package
    datasets = types.ModuleType("datasets")
    datasets.Dataset = FakeDataset
    datasets.Sequence = type("Sequence", (), {})
    datasets.load_dataset = None
    sys.modules["datasets"] = datasets
    ujson = types.ModuleType("ujson")
    ujson.loads = json.loads
    sys.modules["ujson"] = ujson
    tqdm = types.ModuleType("tqdm")
    tqdm.tqdm = lambda iterable, **_: iterable
    sys.modules["tqdm"] = tqdm
    task_config = types.ModuleType("src.task_config")
    task_config.TaskConfig = object
    sys.modules["src.task_config"] = task_config
    modules = {}
    for name in [
        "src.base_logger",
        "src.dataloaders.base_dataloader",
        "src.dataloaders.huggingface_dataloader",
        "src.dataloaders.seahelm_local_dataloader",
        "src.dataloaders.judges.judge_dataloader",
        "src.dataloaders.judges.criteria_dataloader",
        "src.metrics.seahelm_metric",
        "src.metrics.llm_judges.criteria_judge_metric",
    ]:
        spec = importlib.util.spec_from_file_location(name, os.path.join(root, *name.split(".")) + ".py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        modules[name] = module
    return modules


class TaskConfigStandIn:
    def __init__(self, config):
        self.config = wrap(config)
        self.task_name = TASK
        self.lang = LANG


# The model's answers (None: its generation failed) and the judge's classification of each criterion, by
# item. A string of the judge's is written as its whole reply; None: no reply (the generation raised).
ITEMS = [
    # (row of filipino.csv, answer kind, judge classes)
    (0, "best", ["CLASS_MODERATELY_MET", "CLASS_MAJORLY_MET", "CLASS_SLIGHTLY_MET", "CLASS_EXACTLY_MET", "CLASS_MODERATELY_MET", "CLASS_UNMET",
                 "CLASS_MAJORLY_MET", "CLASS_EXACTLY_MET", "CLASS_UNMET", "CLASS_MODERATELY_MET", "CLASS_SLIGHTLY_MET", "CLASS_MAJORLY_MET"]),
    (12, "best", ["CLASS_EXACTLY_MET", "NO_TAG", "CLASS_MODERATELY_MET"]),
    (24, "relevant", ["UNKNOWN_CLASS", "CLASS_MAJORLY_MET", "CLASS_SLIGHTLY_MET"]),
    (36, "best", ["CLASS_MAJORLY_MET", "CLASS_MAJORLY_MET", "LOWER_CASE"]),
    (48, "empty", ["CLASS_UNMET", "CLASS_UNMET", "CLASS_UNMET"]),
    (60, "best", ["CLASS_EXACTLY_MET", "NULL_REPLY", "CLASS_MODERATELY_MET"]),
    (72, "relevant", ["SPACED_TAG", "CLASS_SLIGHTLY_MET", "CLASS_MODERATELY_MET"]),
    (84, "best", ["CLASS_MAJORLY_MET", "TWO_TAGS", "NO_REFLECTION"]),
    (96, "irrelevant", ["CLASS_UNMET", "CLASS_SLIGHTLY_MET", "CLASS_UNMET"]),
    (108, "best", ["CLASS_EXACTLY_MET", "CLASS_EXACTLY_MET", "CLASS_MAJORLY_MET"]),
    (120, "relevant", ["CLASS_MODERATELY_MET", "CLASS_MAJORLY_MET", "CLASS_SLIGHTLY_MET"]),
    (132, "failed", ["CLASS_UNMET", "CLASS_UNMET", "CLASS_SLIGHTLY_MET"]),
]


def split_answers(text):
    return [a.strip() for a in text.split(";") if a.strip() != ""]


def criteria_of(row, count):
    """A few criteria from Kalahi's best and relevant answers (what a good answer conveys), then from its irrelevant ones."""
    conveys = []
    for answer in [row["best_answer"], *split_answers(row["relevant_answers"])]:
        if answer not in conveys:
            conveys.append(answer)
    criteria = [f"The response conveys: {a}" for a in conveys]
    criteria += [f"The response does not advise: {a}" for a in split_answers(row["irrelevant_answers"])]
    criteria += ["The response is written in Filipino.", "The response respects the family's point of view.", "The response offers more than one option."]
    return [{"criterion": c} for c in criteria[:count]]


def answer_of(row, kind):
    if kind == "best":
        return row["best_answer"]
    if kind == "relevant":
        return split_answers(row["relevant_answers"])[-1]
    if kind == "irrelevant":
        return split_answers(row["irrelevant_answers"])[0]
    if kind == "empty":
        return ""
    return None


def judge_text(plan, criterion):
    """The judge's final text for a plan entry (after gpt-oss's reasoning)."""
    reflection = f"<reflection>Tinimbang ang sagot laban sa pamantayan: {criterion['criterion'][:60]}</reflection>"
    special = {
        "NO_TAG": "The response mentions the main point of the criterion, so it is majorly met: CLASS_MAJORLY_MET",
        "UNKNOWN_CLASS": f"{reflection}<classification>CLASS_PARTIALLY_MET</classification>",
        "LOWER_CASE": f"{reflection}<classification>class_majorly_met</classification>",
        "SPACED_TAG": f"{reflection}\n<classification>\n  CLASS_EXACTLY_MET \n</classification>",
        "TWO_TAGS": f"{reflection}<classification>CLASS_SLIGHTLY_MET</classification> or perhaps <classification>CLASS_EXACTLY_MET</classification>",
        "NO_REFLECTION": "<classification>CLASS_MODERATELY_MET</classification>",
    }
    return special.get(plan, f"{reflection}\n<classification>{plan}</classification>")


def vllm_output(text, custom_id, prompt_tokens, reasoning=None):
    """vllm_serving.py parse_output() for a generation; None text: its exception dict."""
    if text is None:
        return {"finish_reasons": None, "responses": None, "reasoning_contents": None, "custom_ids": custom_id, "token_usages": None,
                "function_calls": None, "tool_calls": None, "logprobs": None, "errors": "EngineGenerateError: the request was aborted",
                "tokenized_prompts": None, "response_tokens": None, "stop_reasons": None}
    completion = max(1, len(text.split()))
    return {"finish_reasons": "stop", "responses": text, "reasoning_contents": reasoning, "custom_ids": custom_id,
            "token_usages": {"prompt_tokens": prompt_tokens, "completion_tokens": completion, "total_tokens": prompt_tokens + completion},
            "function_calls": None, "tool_calls": None, "logprobs": None, "errors": None,
            "tokenized_prompts": list(range(3)), "response_tokens": list(range(min(completion, 3))), "stop_reasons": None}


def check_sums_with_python312(python312, lists):
    code = "import json,sys\nprint(json.dumps([repr(sum(v)) for v in json.load(sys.stdin)]))"
    out = subprocess.run([python312, "-c", code], input=json.dumps(lists), capture_output=True, text=True, check=True).stdout
    mine = [repr(py312_sum(v)) for v in lists]
    if json.loads(out) != mine:
        raise SystemExit(f"the 3.12 sum port differs from {python312}: {out} vs {mine}")
    print(f"sum port agrees with {python312} on {len(lists)} lists")


def check_config(modules, path):
    """CriteriaJudgeMetric over the committed files with another task config's classifications (its first task)."""
    with open(path, encoding="utf-8") as f:
        config = next(iter(yaml.safe_load(f).values()))
    config = {**config, "languages": {LANG: {"prompt_template": {}}}, "fewshot_num_examples": {"instruct": 0}}
    task_config = TaskConfigStandIn(config)
    Dataloader = modules["src.dataloaders.judges.criteria_dataloader"].HuggingFaceCriteriaDataloader
    dataloader = Dataloader(task_config, 0, model_name=f"aisingapore/{MODEL}", run_base_path=OUT)
    dataloader.dataframe = pd.read_json(dataloader.get_inference_filepath(), lines=True, dtype={"id": str})
    metric_module = modules["src.metrics.llm_judges.criteria_judge_metric"]
    metric_module.sum = py312_sum
    metric = metric_module.CriteriaJudgeMetric(dataloader=dataloader, task_config=task_config)
    print(json.dumps(metric.calculate_metrics()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seahelm", required=True, help="a SEA-HELM checkout at 6844e6c (src/ and seahelm_tasks/)")
    parser.add_argument("--data", default=os.environ.get("EVAL_ADJUDICATOR_DATA", os.path.join(REPO, "..", "shared", "data")))
    parser.add_argument("--python312", help="a Python 3.12 to check the sum port against")
    parser.add_argument("--check-config", help="write nothing: print SEA-HELM's figures for the committed files under this task config")
    args = parser.parse_args()
    modules = load_seahelm(args.seahelm)
    if args.check_config:
        check_config(modules, args.check_config)
        return
    with open(os.path.join(args.seahelm, "seahelm_tasks", "cultural", "kalahi_judge", "config.yaml"), encoding="utf-8") as f:
        config = yaml.safe_load(f)[TASK]
    with open(os.path.join(args.data, "kalahi", "filipino.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))

    shutil.rmtree(OUT, ignore_errors=True)
    task_config = TaskConfigStandIn(config)
    Dataloader = modules["src.dataloaders.judges.criteria_dataloader"].HuggingFaceCriteriaDataloader
    dataloader = Dataloader(task_config, 0, model_name=f"aisingapore/{MODEL}", run_base_path=OUT)

    # The dataset's rows (what aisingapore/Cultural-Evaluation-Kalahi-Judge holds: the fields SEA-HELM reads).
    dataset = []
    for index, kind, classes in ITEMS:
        row = rows[index]
        dataset.append({
            "id": row["prompt_variation_id"],
            "prompts": [{"text": row["prompt"]}],
            "criteria": criteria_of(row, len(classes)),
            "metadata": {"category": row["category"], "topic": row["topic"], "prompt_id": row["prompt_id"]},
            "label": row["best_answer"],
        })
    for row in dataset:
        roles, contents = dataloader.generate_formatted_conversation(dataloader.specific_task_config, row["prompts"][0])
        conversation = []
        for role, content in zip(roles, contents, strict=True):
            conversation = dataloader.update_conversation(conversation, role, content)
        row["conversations"] = conversation
    dataloader.dataset = FakeDataset(dataset)

    # Turn 1: the model's batch response (DefaultInferenceStrategy, custom_ids None), loaded into the dataset.
    outputs = [vllm_output(answer_of(rows[index], kind), None, 300 + i) for i, (index, kind, _) in enumerate(ITEMS)]
    pd.DataFrame(outputs).to_json(dataloader.get_batch_response_filepath(1), orient="records", lines=True, force_ascii=False)
    dataloader.load_model_outputs_into_dataset(1)

    # The judge: one conversation per criterion, its replies in the same order.
    conversations, custom_ids = dataloader.prepare_conversations_for_judgements(None)
    plans = [plan for _, _, classes in ITEMS for plan in classes]
    criteria = [c for row in dataset for c in row["criteria"]]
    assert len(conversations) == len(plans) == len(criteria)
    judged = []
    for conversation, custom_id, plan, criterion in zip(conversations, custom_ids, plans, criteria, strict=True):
        text = None if plan == "NULL_REPLY" else judge_text(plan, criterion)
        judged.append(vllm_output(text, custom_id, len(conversation[1]["content"]) // 4, reasoning="We need to judge the criterion against the text."))
    pd.DataFrame(judged).to_json(dataloader.get_judge_batch_response_filepath(), orient="records", lines=True, force_ascii=False)

    # Evaluation: SEA-HELM's metric under Python 3.12's sum, then the inference file and the results file.
    dataloader.convert_dataset_to_dataframe()
    metric_module = modules["src.metrics.llm_judges.criteria_judge_metric"]
    metric_module.sum = py312_sum
    metric = metric_module.CriteriaJudgeMetric(dataloader=dataloader, task_config=task_config)
    metric_json = metric.evaluate_responses()
    dataloader.write_out_dataframe()
    results_dir = os.path.join(OUT, "results")
    os.makedirs(results_dir, exist_ok=True)
    with open(os.path.join(results_dir, f"{MODEL}_seahelm_results_{DATETIME}.json"), "w", encoding="utf-8") as f:
        json.dump({LANG: {config["competency"]: metric_json}}, f, indent=2)

    finals = list(dataloader.dataframe["final_scores"])
    item_lists = [list(s) for s in dataloader.dataframe["scores"]]
    print(json.dumps(metric_json, indent=2))
    # Python 3.11's plain sum gives other last digits here: the fixture tells the two apart.
    categories = [m["category"] for m in dataloader.dataframe["metadata"]]
    print("with a plain sum:", repr(naive_sum(finals) / len(finals) * 100), {
        c: repr(naive_sum([s for s, k in zip(finals, categories) if k == c]) / categories.count(c)) for c in sorted(set(categories))})
    if args.python312:
        check_sums_with_python312(args.python312, [finals, *item_lists])


if __name__ == "__main__":
    main()
