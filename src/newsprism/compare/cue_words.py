"""Which words of a document may give a reporter's cue (compare/evaluative.py), read once per document.

:func:`~newsprism.compare.evaluative.cues` and
:func:`~newsprism.compare.evaluative.tells_speaking` test each word's part of speech, relation and
lemma before the costly tests of its clause; :class:`CueWords` answers those cheap tests for every
token of a document from its columns at once. The word sets those tests read live here too, so
the cheap test and the full one read the same words.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Callable, Collection, Sequence

from newsprism.compare.doc_reads import DocReads, lemmas_of
from newsprism.compare.loaded_verbs import loaded_speech
from newsprism.lexicon import (CONCESSIVE_ADVERBS, DISTANCING_ADVERBS, JUDGING_ADVERBS, JUDGING_VERBS, REPORTING_VERBS, STATEMENT_NOUNS,
                               VERDICT_NOUNS)

__all__ = ["CueWords", "cue_words", "HEDGES", "LOOKS", "WORDING_VERBS", "CONDUCT_VERBS", "SPEECH_JUDGING"]

# verbs of forceful criticism or praise ("blasted", "assailed", "slammed", "touted"): the report's
# word for an act of speech it tells, not a verdict on anyone. One outlet's choice of it is framing
# only beside another outlet telling the same act in other words (``wording`` cues, used by
# compare/framing.py on facts two outlets tell); alone, "Mr. Trump assailed a federal judge" is
# how NYT reports the act, not NYT's judgement of it ("criticize", "condemn" are the plain words).
# "lambast" too: spaCy's lemma of "lambasted"
WORDING_VERBS = frozenset(
    """slam blast lash rip bash decry scold berate mock taunt lambaste lambast assail chide hammer skewer trash
    pummel excoriate tout trumpet hail
    """.split()
)
# the verbs by which a report judges or words someone's conduct or speech, not what was said
CONDUCT_VERBS = JUDGING_VERBS | WORDING_VERBS
# verbs of speech that frame what was said ("Boehner admitted", "claimed") — wording, and only when
# said of a speaker of their own
SPEECH_JUDGING = frozenset("concede admit claim insist".split())
# verbs by which the reporter hedges ("seems shaky", "in what appears to be a desperate attempt")
HEDGES = frozenset("seem appear".split())
# verbs of how something looks or sounds to the reporter ("Clinton looks much weaker than recent
# nominees", "his speech sounded more presidential"): a hedge only with an adjective that judges or
# grades ("looks good", "looked different" tell nothing of the reporter's view)
LOOKS = frozenset("look sound".split())


@dataclass(frozen=True)
class CueWords:
    """Which tokens of one document pass the cheap tests, read from its POS, DEP, LEMMA, LOWER,
    IS_LOWER, SENT_START and HEAD columns once (each distinct value's string read once), not per
    sentence and ``Token``: ``may`` what every branch of ``evaluative.cues`` requires of a word
    (lower-case, or a sentence's capitalised first word, and one of the parts of speech, relations
    and lemmas its branches read); ``telling`` a word ``evaluative.tells_speaking`` accepts by
    itself; ``speech`` a verb of speech (where a noun may hold the speech,
    ``evaluative._holds_speech_at``). Indices in order."""

    may: tuple[int, ...]
    telling: tuple[int, ...]
    speech: tuple[int, ...]

    @staticmethod
    def read(doc, reads: DocReads | None = None) -> "CueWords":
        import numpy as np
        from spacy.attrs import DEP, HEAD, IS_LOWER, LOWER, POS, SENT_START
        from spacy.parts_of_speech import NAMES

        n = len(doc)
        if not n:
            return CueWords((), (), ())
        cols = doc.to_array([POS, DEP, LOWER, IS_LOWER, SENT_START, HEAD])
        strings = doc.vocab.strings

        def column(k: int, name: Callable[[int], str]) -> tuple[list[str], "np.ndarray"]:
            """The strings of column ``k``'s distinct values, and each token's value among them."""
            values, where = np.unique(cols[:, k], return_inverse=True)
            return [name(h) for h in values.tolist()], where.reshape(-1)

        def test(names: Sequence[str], where: "np.ndarray", words: Collection[str]) -> "np.ndarray":
            return np.array([x in words for x in names], dtype=bool)[where]

        pos, pos_at = column(0, lambda h: NAMES.get(h, ""))
        dep, dep_at = column(1, strings.__getitem__)
        lemmas = lemmas_of(doc, reads)
        lemma, low, lemma_at = lemmas.names, lemmas.low, lemmas.where
        verb, aux = test(pos, pos_at, ("VERB",)), test(pos, pos_at, ("AUX",))
        # a verb of speech WordNet reads as weighing the speaking ("chastised", "derided"; loaded_verbs)
        weighs = np.zeros(len(low), dtype=bool)
        for k in np.unique(lemma_at[verb]).tolist():  # the lemmas of verbs only
            weighs[k] = loaded_speech(low[k])
        loaded = verb & weighs[lemma_at]
        adj, adv, noun = test(pos, pos_at, ("ADJ",)), test(pos, pos_at, ("ADV",)), test(pos, pos_at, ("NOUN",))
        advmod, amod = test(dep, dep_at, ("advmod",)), test(dep, dep_at, ("amod",))
        # a sentence's first word the tagger took for a name ("Technically, ...") is an adverb too
        judging_adverb = (adv | (test(pos, pos_at, ("PROPN",)) & (cols[:, 4] == 1))) & advmod
        if judging_adverb.any():  # their lower-cased forms, read for these words only
            forms, form_at = np.unique(cols[judging_adverb, 2], return_inverse=True)
            judging_adverb[judging_adverb] = test([strings[h] for h in forms.tolist()], form_at.reshape(-1),
                                                       JUDGING_ADVERBS | DISTANCING_ADVERBS | CONCESSIVE_ADVERBS)
        may = (((verb | aux) & test(low, lemma_at, HEDGES | LOOKS)) | test(low, lemma_at, ("remain",)) | judging_adverb
               | (verb & test(low, lemma_at, JUDGING_VERBS | WORDING_VERBS | SPEECH_JUDGING)) | loaded | ((adj | verb) & amod)
               | (adj & test(dep, dep_at, ("acomp",)))
               | (noun & test(dep, dep_at, ("attr", "pobj", "oprd", "dobj")) & test(low, lemma_at, VERDICT_NOUNS)))
        first = cols[:, 4] == 1  # a sentence's first word, capitalised, the rest lower-case ("Famously, ...")
        opening = np.flatnonzero(may & first & (cols[:, 3] != 1)).tolist()
        may &= cols[:, 3] == 1
        may[[i for i in opening if doc[i].text[1:].islower()]] = True
        heads = np.arange(n) + cols[:, 5].astype(np.int64)  # HEAD is the offset to the head
        speaking = np.array([x in REPORTING_VERBS for x in lemma], dtype=bool)  # the lemma as written
        telling = (advmod & speaking[lemma_at[heads]]) | (test(dep, dep_at, ("appos",)) & test(low, lemma_at, STATEMENT_NOUNS)) \
            | (verb & test(low, lemma_at, CONDUCT_VERBS)) | loaded
        speech = verb & test(low, lemma_at, REPORTING_VERBS)
        return CueWords(*(tuple(np.flatnonzero(m).tolist()) for m in (may, telling, speech)))

    @staticmethod
    def between(indices: tuple[int, ...], start: int, end: int) -> tuple[int, ...]:
        """The ``indices`` in ``[start, end)``."""
        return indices[bisect_left(indices, start) : bisect_left(indices, end)]


def cue_words(doc, reads: DocReads | None = None) -> CueWords:
    """:class:`CueWords` of ``doc``: read once per story (``reads``), else for this call."""
    return (reads or DocReads()).get(doc, CueWords.read)
