"""Verbs of speech that carry the writer's attitude toward what was said, read from WordNet.

"Mr. Biden *mocked* him", "a letter *chastising* him", "Nadler *derided* what he called …": the
outlet tells an act of speech in a word that weighs it, where a plain word was at hand ("said",
"criticized", "praised"). BASIL's annotators mark such verbs as lexical bias; the lead's ruling
(session 33) counts them as framing when the writer uses them in its own voice.

A verb is loaded when its most frequent WordNet sense is a verb of communication that is

- one of, or a troponym of, complaining, mocking, praising or boasting (``_ATTITUDES``), or
- a troponym of criticizing (``_BELOW``): "berate", "excoriate", "decry", "chide" — not
  "criticize" itself, the plain word;

and that sense is rare beside the plain words of its kind: tagged fewer than ``_PLAIN`` times in
SemCor ("complain" 29, "condemn" 18, "praise" 14, "criticize" 13, "commend" 10 are the plain
words; "mock" 4, "decry" 4, "scold" 3, "berate" 2, "chastise" 0 are not). Without the optional
WordNet extra nothing is loaded (the hand list in ``evaluative`` still applies).
"""

from __future__ import annotations

from functools import lru_cache

from newsprism.extract.word_senses import verb_senses

__all__ = ["loaded_speech"]

# the acts of speech whose every wording weighs the speaking: (verb, its WordNet sense number)
_ATTITUDES = (("complain", 1), ("mock", 1), ("praise", 1), ("boast", 1))
# an act whose own verb is the plain word: only the verbs below it weigh ("berate", not "criticize")
_BELOW = (("criticize", 1),)
# SemCor tags of a first sense at or above which a verb is the plain word for its act
_PLAIN = 10
# hypernym steps read up from a sense: WordNet's verb hierarchies are shallow (≤ 12 levels)
_DEPTH = 12


@lru_cache(maxsize=1)
def _roots() -> tuple[frozenset[int], frozenset[int]]:
    senses = verb_senses()
    if senses is None:
        return frozenset(), frozenset()

    def offsets(pairs: tuple[tuple[str, int], ...]) -> frozenset[int]:
        return frozenset(senses.senses(verb)[n - 1] for verb, n in pairs if len(senses.senses(verb)) >= n)

    return offsets(_ATTITUDES), offsets(_BELOW)


@lru_cache(maxsize=4096)
def loaded_speech(lemma: str) -> bool:
    """Whether the verb ``lemma`` (lower-cased) tells an act of speech in a word that weighs it
    ("mock", "berate", "chastise", "deride", "gripe", "extol"); False for the plain words ("say",
    "criticize", "praise", "complain", "condemn") and without WordNet."""
    senses = verb_senses()
    if senses is None or not lemma.isalpha():
        return False
    offsets = senses.senses(lemma)
    if not offsets:
        return False
    first = senses.synset(offsets[0])
    if first.lexname != "verb.communication":
        return False
    attitudes, below = _roots()
    found = first.offset in attitudes
    frontier, seen = list(first.hypernyms), set()
    for _ in range(_DEPTH):
        if found or not frontier:
            break
        found = any(h in attitudes or h in below for h in frontier)
        seen.update(frontier)
        frontier = [h for o in frontier for h in senses.synset(o).hypernyms if h not in seen]
    return found and senses.first_count(lemma) < _PLAIN
