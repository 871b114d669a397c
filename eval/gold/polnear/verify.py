#!/usr/bin/env python3
"""Verify the PolNeAR gold annotations: every fragment must occur verbatim in its article.

Usage: python3 verify.py [POLNEAR_ROOT] [YAML_DIR]
  POLNEAR_ROOT  the PolNeAR folder (metadata.tsv, train/text, dev/text); default
                ../shared/datasets/polnear relative to the repo checkout (looked for next to
                the checkout holding eval/gold/polnear/, or at ../shared from the current directory)
  YAML_DIR      directory with <story>.yaml files; default: this script's directory

Each story's `documents` maps an outlet key (PolNeAR's publisher code: nyt, breitbart, ...)
to a text path under POLNEAR_ROOT. The file's first line is the headline; the article text
is the rest. Text and fragment are whitespace-normalised (runs of whitespace -> one space,
stripped) before the substring test; nothing else is normalised (quotes and dashes must
match exactly). The outlet key must be the file's publisher in metadata.tsv.
Exit status 1 if any fragment is missing or a file is malformed.
"""
import csv
import glob
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'basil'))
from verify import check_fragments, norm, section_counts  # noqa: E402  (the BASIL set's checks, one copy)
_REL = os.path.join('shared', 'datasets', 'polnear')
_CANDIDATES = [os.path.join(HERE, '..', '..', '..', '..', _REL), os.path.join(HERE, '..', '..', '..', _REL),
               os.path.join(os.getcwd(), '..', _REL)]
DEFAULT_ROOT = next((os.path.normpath(c) for c in _CANDIDATES if os.path.isdir(c)),
                    os.path.normpath(_CANDIDATES[0]))


def split_text(raw):
    """(headline, body) of a PolNeAR text: the first line is the headline."""
    head, _, body = raw.partition('\n')
    return head.strip(), body


def metadata(root):
    with open(os.path.join(root, 'metadata.tsv'), encoding='utf-8', newline='') as fh:
        return {row['filename']: row for row in csv.DictReader(fh, delimiter='\t')}


def load_story(root, meta, documents):
    texts = {}
    for outlet, rel in documents.items():
        path = os.path.join(root, rel)
        with open(path, encoding='utf-8') as fh:
            _, body = split_text(fh.read())
        stem = os.path.splitext(os.path.basename(rel))[0]
        row = meta.get(stem)
        if row is None:
            raise ValueError(f'{rel}: not in metadata.tsv')
        if row['publisher'] != outlet:
            raise ValueError(f'{rel}: publisher is {row["publisher"]}, yaml says {outlet}')
        texts[outlet] = norm(body)
    return texts


def main(min_outlets=3, required_split=None, default_ydir=HERE):
    """Check every <story>.yaml of YAML_DIR; ``min_outlets`` and ``required_split`` are what
    another gold folder built the same way asks (eval/gold/polnear-fresh: 2 and held-out)."""
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_ROOT
    ydir = sys.argv[2] if len(sys.argv) > 2 else default_ydir
    files = sorted(glob.glob(os.path.join(ydir, '*.yaml')))
    if not files:
        print('no yaml files in', ydir)
        return 1
    meta = metadata(root)
    bad = 0
    total = 0
    for yf in files:
        with open(yf, encoding='utf-8') as fh:
            ev = yaml.safe_load(fh)
        name = os.path.basename(yf)
        if ev.get('event') + '.yaml' != name:
            print(f'{name}: event field {ev.get("event")} does not match file name'); bad += 1
        if required_split is not None and ev.get('split') != required_split:
            print(f'{name}: split is {ev.get("split")}, not {required_split}')
            bad += 1
        outlets = set(ev['documents'])
        if len(outlets) < min_outlets:
            print(f'{name}: fewer than {min_outlets} outlets'); bad += 1
        texts = load_story(root, meta, ev['documents'])
        problems, checked = check_fragments(name, ev, texts)
        bad += problems
        total += checked
        print(f'{name}: split={ev.get("split")} outlets={len(outlets)} ' + section_counts(ev))
    print(f'{len(files)} files, {total} fragments checked, {bad} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
