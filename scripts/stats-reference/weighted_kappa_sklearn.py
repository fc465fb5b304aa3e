#!/usr/bin/env python3
"""Reference values of weighted Cohen's kappa, computed once with scikit-learn and committed.

Run: /usr/bin/python3 scripts/stats-reference/weighted_kappa_sklearn.py > test/fixtures/stats/weighted-kappa-sklearn.json
(Debian's python3-sklearn; CI never runs this: the test reads the committed JSON.)

Each table is judge rows x human columns over ordered categories 0..k-1; it is expanded to one label pair per
item and given to sklearn.metrics.cohen_kappa_score(judge, human, labels=range(k), weights=...), whose weights
are 1 - |i-j|/(k-1) (linear) and 1 - (i-j)^2/(k-1)^2 (quadratic) by the labels' ranks.
"""
import json
import sys

import sklearn
from sklearn.metrics import cohen_kappa_score

TABLES = {
    # SEA-HELM's five classes (CLASS_UNMET .. CLASS_EXACTLY_MET), a judge that is lenient by about one level.
    "seahelm-5": [
        [6, 2, 0, 0, 0],
        [3, 7, 2, 0, 0],
        [1, 4, 9, 3, 0],
        [0, 1, 5, 14, 4],
        [0, 0, 1, 6, 22],
    ],
    # A 1-5 Likert table with an unused middle level (column and row 3 empty).
    "likert-gap": [
        [4, 1, 0, 1, 0],
        [2, 3, 0, 1, 1],
        [0, 0, 0, 0, 0],
        [0, 2, 0, 5, 2],
        [1, 0, 0, 3, 6],
    ],
    # Three levels, far from agreement.
    "poor-3": [
        [2, 5, 4],
        [6, 1, 3],
        [3, 4, 2],
    ],
}


def expand(table):
    judge, human = [], []
    for i, row in enumerate(table):
        for j, count in enumerate(row):
            judge += [i] * count
            human += [j] * count
    return judge, human


def main():
    out = {"computedWith": f"scikit-learn {sklearn.__version__} (Debian python3-sklearn), cohen_kappa_score", "tables": {}}
    for name, table in TABLES.items():
        judge, human = expand(table)
        labels = list(range(len(table)))
        out["tables"][name] = {
            "counts": table,
            "linear": cohen_kappa_score(judge, human, labels=labels, weights="linear"),
            "quadratic": cohen_kappa_score(judge, human, labels=labels, weights="quadratic"),
            "unweighted": cohen_kappa_score(judge, human, labels=labels),
        }
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
