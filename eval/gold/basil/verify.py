#!/usr/bin/env python3
"""Verify the BASIL gold annotations: every fragment must occur verbatim in its article.

Usage: python3 verify.py [ARTICLES_ROOT] [YAML_DIR]
  ARTICLES_ROOT  BASIL articles root (<year>/<triplet-uuid>_<n>.json);
                 default ../shared/datasets/basil/articles relative to the repo checkout
                 (the script looks for it next to the checkout holding gold/basil/)
  YAML_DIR       directory with <triplet-uuid>.yaml files; default: this script's directory

Article text = all sentences of all body paragraphs joined with single spaces; both text
and fragment are whitespace-normalised (runs of whitespace -> one space, stripped) before
the substring test. Nothing else is normalised (quotes and dashes must match exactly).
Exit status 1 if any fragment is missing or a file is malformed.
"""
import glob
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
_REL = os.path.join('shared', 'datasets', 'basil', 'articles')
# candidates: script in <repo>/gold/basil (repo sibling of shared/), script in <work>/gold/basil
# (gold/ sibling of shared/), or run from a repo checkout (cwd)
_CANDIDATES = [os.path.join(HERE, '..', '..', '..', _REL), os.path.join(HERE, '..', '..', _REL),
               os.path.join(os.getcwd(), '..', _REL)]
DEFAULT_ROOT = next((os.path.normpath(c) for c in _CANDIDATES if os.path.isdir(c)),
                    os.path.normpath(_CANDIDATES[0]))
OUTLETS = ('nyt', 'fox', 'hpo')


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def article_text(d):
    parts = []
    for p in d['body-paragraphs']:
        if isinstance(p, str):
            parts.append(p)
        else:
            parts.extend(str(s) for s in p)
    return norm(' '.join(parts))


def load_event(root, year, fnames):
    texts = {}
    for outlet, fn in fnames.items():
        path = os.path.join(root, str(year), fn)
        if not os.path.exists(path):
            hits = glob.glob(os.path.join(root, '*', fn))
            if not hits:
                raise FileNotFoundError(path)
            path = hits[0]
        d = json.load(open(path, encoding='utf-8'))
        if d['source'].lower() != outlet:
            raise ValueError(f'{fn}: source is {d["source"]}, yaml says {outlet}')
        texts[outlet] = article_text(d)
    return texts


def fragments(ev):
    """Yield (section, index, outlet, fragment, min_words)."""
    for i, c in enumerate(ev.get('corroborated') or []):
        docs = c.get('docs') or {}
        if len(docs) < 2:
            yield ('corroborated', i, None, None, 'fewer than 2 outlets')
        for o, f in docs.items():
            yield ('corroborated', i, o, f, 6)
    for i, c in enumerate(ev.get('conflicts') or []):
        for v in c.get('versions') or []:
            for o in v.get('docs') or []:
                yield ('conflicts', i, o, v['fragment'], 0)
    for i, c in enumerate(ev.get('framing') or []):
        for o, f in (c.get('labels') or {}).items():
            yield ('framing', i, o, f, 0)
    for i, c in enumerate(ev.get('single_source') or []):
        yield ('single_source', i, c['doc'], c['fragment'], 0)


def check_fragments(name, ev, texts):
    """Print each fragment of ``ev`` missing from its outlet's text (``texts``: outlet ->
    normalised text); (problems, fragments checked). Also used by eval/gold/polnear/verify.py."""
    bad = total = 0
    for sec, i, o, frag, minw in fragments(ev):
        if o is None:
            print(f'{name}: {sec}[{i}]: {minw}'); bad += 1; continue
        total += 1
        if o not in texts:
            print(f'{name}: {sec}[{i}]: unknown outlet {o}'); bad += 1; continue
        if not isinstance(frag, str) or norm(frag) not in texts[o]:
            print(f'{name}: {sec}[{i}] {o}: NOT FOUND: {frag!r}'); bad += 1; continue
        if minw and len(norm(frag).split()) < minw:
            print(f'{name}: {sec}[{i}] {o}: warning, fragment shorter than {minw} words: {frag!r}')
    return bad, total


def section_counts(ev):
    return ' '.join(f'{k}={len(ev.get(k) or [])}' for k in ('corroborated', 'conflicts', 'framing', 'single_source'))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_ROOT
    ydir = sys.argv[2] if len(sys.argv) > 2 else HERE
    files = sorted(glob.glob(os.path.join(ydir, '*.yaml')))
    if not files:
        print('no yaml files in', ydir)
        return 1
    bad = 0
    total = 0
    for yf in files:
        ev = yaml.safe_load(open(yf, encoding='utf-8'))
        name = os.path.basename(yf)
        if ev.get('event') + '.yaml' != name:
            print(f'{name}: event field {ev.get("event")} does not match file name'); bad += 1
        texts = load_event(root, ev['year'], ev['documents'])
        problems, checked = check_fragments(name, ev, texts)
        bad += problems
        total += checked
        print(f'{name}: split={ev.get("split")} ' + section_counts(ev))
    print(f'{len(files)} files, {total} fragments checked, {bad} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
