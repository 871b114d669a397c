"""Who speaks each quote of a short text, as extract.quotes finds it (its NER mentions only):
the helper the speaker-cue tests share."""

from __future__ import annotations

from newsprism.extract.quotes import extract_quotes
from newsprism.model import Article, Mention


def quote_speakers(nlp, text: str) -> dict[str, str | None]:
    """Each quote's text and its speaker as written (None when it has none)."""
    doc = nlp(text)
    mentions = [Mention("t", e.start_char, e.end_char, e.text, e.label_) for e in doc.ents]
    return {q.text: q.speaker for q in extract_quotes(Article(id="t", text=text), doc, mentions)}


def quote_speaker(nlp, text: str, opening: str) -> str | None:
    """The speaker of the quote that opens with ``opening``."""
    speakers = quote_speakers(nlp, text)
    return next(v for k, v in speakers.items() if k.startswith(opening))
