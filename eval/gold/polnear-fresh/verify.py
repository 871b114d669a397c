#!/usr/bin/env python3
"""Verify the fresh PolNeAR gold annotations: every fragment must occur verbatim in its article.

Usage: python3 verify.py [POLNEAR_ROOT] [YAML_DIR]
  POLNEAR_ROOT  the PolNeAR folder (metadata.tsv, train/text); default ../shared/datasets/polnear
                relative to the repo checkout (found as eval/gold/polnear/verify.py finds it)
  YAML_DIR      directory with <story>.yaml files; default: this script's directory

The same checks as eval/gold/polnear/verify.py (whose functions it loads, which in turn use the
BASIL verifier's fragment checks): text = the file minus its headline line, whitespace
collapsed; each fragment must be a substring; the outlet key must be the text's publisher in
metadata.tsv. One difference: a story here needs 2+ outlets (the PolNeAR set asks 3+), and
every story must be `split: held-out`. Exit status 1 on any problem.
"""
import glob
import importlib.util
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('polnear_verify', os.path.join(HERE, '..', 'polnear', 'verify.py'))
pv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pv)
MIN_OUTLETS = 2


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else pv.DEFAULT_ROOT
    ydir = sys.argv[2] if len(sys.argv) > 2 else HERE
    files = sorted(glob.glob(os.path.join(ydir, '*.yaml')))
    if not files:
        print('no yaml files in', ydir)
        return 1
    meta = pv.metadata(root)
    bad = 0
    total = 0
    for yf in files:
        with open(yf, encoding='utf-8') as fh:
            ev = yaml.safe_load(fh)
        name = os.path.basename(yf)
        if ev.get('event') + '.yaml' != name:
            print(f'{name}: event field {ev.get("event")} does not match file name')
            bad += 1
        if ev.get('split') != 'held-out':
            print(f'{name}: split is {ev.get("split")}, not held-out')
            bad += 1
        outlets = set(ev['documents'])
        if len(outlets) < MIN_OUTLETS:
            print(f'{name}: fewer than {MIN_OUTLETS} outlets')
            bad += 1
        texts = pv.load_story(root, meta, ev['documents'])
        problems, checked = pv.check_fragments(name, ev, texts)
        bad += problems
        total += checked
        print(f'{name}: split={ev.get("split")} outlets={len(outlets)} ' + pv.section_counts(ev))
    print(f'{len(files)} files, {total} fragments checked, {bad} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
