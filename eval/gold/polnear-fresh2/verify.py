#!/usr/bin/env python3
"""Verify the second fresh PolNeAR gold set: every fragment must occur verbatim in its article.

Usage: python3 verify.py [POLNEAR_ROOT] [YAML_DIR]
  POLNEAR_ROOT  the PolNeAR folder (metadata.tsv, train/text); default ../shared/datasets/polnear
                relative to the repo checkout (found as eval/gold/polnear/verify.py finds it)
  YAML_DIR      directory with <story>.yaml files; default: this script's directory

The same checks as eval/gold/polnear-fresh/verify.py (the functions of eval/gold/polnear/verify.py,
which use the BASIL verifier's fragment checks): text = the file minus its headline line,
whitespace collapsed; each fragment must be a substring; the outlet key must be the text's
publisher in metadata.tsv; a story needs 2+ outlets. Every story must be `split: pnfresh2`
(its own split, so `newsprism eval` reports it under gold_pnfresh2_* beside BASIL's held-out).
Exit status 1 on any problem.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('polnear_verify', os.path.join(HERE, '..', 'polnear', 'verify.py'))
pv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pv)
MIN_OUTLETS = 2
SPLIT = 'pnfresh2'


def main():
    return pv.main(min_outlets=MIN_OUTLETS, required_split=SPLIT, default_ydir=HERE)


if __name__ == '__main__':
    sys.exit(main())
