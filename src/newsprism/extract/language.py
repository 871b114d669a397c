"""Is this text English? A cheap stopword-ratio check, no model.

English prose is roughly 35-50% function words ("the", "of", "said", ...).
A text is called non-English only on positive evidence: few English
stopwords *and* clearly more stopwords of another language, or mostly a
non-Latin script. Short texts and English dense with names (lists of
people, datelines, captions) are therefore kept: they have few stopwords
of any language.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["LanguageGuess", "guess_language", "non_english_reason"]

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")

ENGLISH_STOPWORDS = frozenset(
    """a about after against all also an and any are as at be because been before being but by
    can could did do does during for from had has have he her hers him his how i if in into is it
    its me more most my no not now of on one only or other our out over said says she should so
    some than that the their them then there these they this those through to under up was we were
    what when where which while who whom why will with would you your""".split()
)

# Function words of the languages most often mixed into English news feeds.
# Words that are also English stopwords ("a", "in", "on", "is") are left out
# so that they cannot count for both sides.
FOREIGN_STOPWORDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("French", frozenset("le la les des du de un une et est sont pas que qui dans pour sur avec par ce cette il elle nous vous ils au aux ont été être mais ou leur plus".split())),
    ("Spanish", frozenset("el la los las del de un una y es son que en por para con se su sus al lo como pero más fue ha han este esta muy también".split())),
    ("German", frozenset("der die das und ist nicht den dem des ein eine einer mit sich auf für von zu im auch es sie wir ich wird werden wurde hat sind oder aber bei nach".split())),
    ("Italian", frozenset("il lo la gli le di del della che e è un una per con non sono da nel nella si al alla anche come più ma ha questo".split())),
    ("Portuguese", frozenset("o os as da do das dos de um uma e é que em no na por para com não se ao mais mas foi são como seu sua".split())),
    ("Dutch", frozenset("de het een en van is dat niet op te met voor zijn er maar ook als bij door naar wordt om hij zij".split())),
)

# Below this many words the ratios are too noisy to reject anything.
MIN_WORDS = 20
# English news prose sits far above this; name-heavy English can dip near it.
ENGLISH_FLOOR = 0.12


@dataclass(frozen=True, slots=True)
class LanguageGuess:
    words: int
    english_ratio: float
    best_other: str | None
    best_other_ratio: float
    non_latin_share: float  # share of letters outside the Latin script
    non_latin_script: str | None
    lowercase_share: float  # share of words starting lower-case: prose, not a list of names


def _script(ch: str) -> str:
    # The Unicode name starts with the script for letters: "ARABIC LETTER ALEF".
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else "UNKNOWN"


def guess_language(text: str, sample_chars: int = 20_000) -> LanguageGuess:
    """Stopword ratios over (a prefix of) ``text``; linear in its length."""
    sample = text[:sample_chars]
    letters = [ch for ch in sample if ch.isalpha()]
    non_latin = [ch for ch in letters if ord(ch) > 0x24F and _script(ch) != "LATIN"]
    script_counts: dict[str, int] = {}
    for ch in non_latin[:2000]:
        script = _script(ch)
        script_counts[script] = script_counts.get(script, 0) + 1
    top_script = max(script_counts, key=script_counts.__getitem__) if script_counts else None

    raw_words = _WORD.findall(sample)
    words = [w.lower().replace("’", "'") for w in raw_words]
    n = len(words)
    lowercase = sum(1 for w in raw_words if w[0].islower())
    english = sum(1 for w in words if w in ENGLISH_STOPWORDS)
    best_name, best_count = None, 0
    for name, stopwords in FOREIGN_STOPWORDS:
        count = sum(1 for w in words if w in stopwords)
        if count > best_count:
            best_name, best_count = name, count
    return LanguageGuess(
        words=n,
        english_ratio=english / n if n else 0.0,
        best_other=best_name,
        best_other_ratio=best_count / n if n else 0.0,
        non_latin_share=len(non_latin) / len(letters) if letters else 0.0,
        non_latin_script=top_script.title() if top_script else None,
        lowercase_share=lowercase / n if n else 0.0,
    )


def non_english_reason(text: str) -> str | None:
    """A one-line reason when ``text`` is clearly not English, else None."""
    guess = guess_language(text)
    if guess.non_latin_share > 0.5 and len(text.strip()) >= 20:
        script = guess.non_latin_script or "non-Latin"
        return f"not English (mostly {script} script, {guess.non_latin_share:.0%} of letters)"
    if guess.words < MIN_WORDS:
        return None
    if (
        guess.english_ratio < ENGLISH_FLOOR
        and guess.best_other is not None
        and guess.best_other_ratio >= 0.15
        and guess.best_other_ratio > 1.5 * guess.english_ratio
    ):
        return (
            f"not English (English stopword ratio {guess.english_ratio:.2f}; "
            f"{guess.best_other} {guess.best_other_ratio:.2f})"
        )
    # A language we have no list for: running prose (mostly lower-case words)
    # with almost no English function words. Name lists are mostly capitalised.
    if guess.words >= 2 * MIN_WORDS and guess.english_ratio < 0.04 and guess.lowercase_share >= 0.5:
        return f"not English (English stopword ratio {guess.english_ratio:.2f})"
    return None
