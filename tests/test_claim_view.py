"""compare.claim_view: each claim's span, clause head and document columns made once per story give
what the stages that read a claim's tokens (settings, circumstances, the doer's words, the acts'
objects) found reading every token themselves."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from facts_support import _claims  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"

TEXTS = {
    "memo": ("A Clinton campaign memo was released as the polls closed. If Sanders wins by 10 points, he "
             "broadens his appeal. The Independent Vermont senator vowed to fight on, meeting with students. "
             "Hutchinson's task force was led by Asa Hutchinson, who led the review."),
    "ban": ("The imam called on attendees to oppose bigotry after citing Trump's proposed temporary ban on "
            "Muslims entering the U.S. The visit had been a source of controversy, largely because of the "
            "businessman's rhetoric singling out immigrants and calling for a ban. Before a larger meeting, "
            "the attorney general met with several students and teachers."),
}


def _story(nlp):
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))}
    texts.update(TEXTS)
    return _claims(nlp, texts)


def test_a_claim_view_is_the_claims_span_and_clause_root(nlp):
    from newsprism.compare.claim_view import claim_views
    from newsprism.compare.settings import clause_root
    from newsprism.extract.propositions import StoryReads, propositions

    claims, analysis, docs = _story(nlp)
    reads = StoryReads.of(analysis)
    propositions(claims, analysis, docs, reads)  # the columns the propositions made, shared
    made = dict(reads.columns)
    views = claim_views(claims, docs, reads.columns)
    assert all(reads.columns[d] is cols for d, cols in made.items())  # none made again
    assert len(views) == len(claims) > 100
    for c in claims:
        view = views[c.id]
        span = docs[c.doc].char_span(c.start, c.end, alignment_mode="expand")
        assert (view.span.start, view.span.end) == (span.start, span.end)
        assert view.root.i == clause_root(span).i


def test_terms_only_inside_are_the_words_told_inside_and_nowhere_else(nlp):
    from newsprism.compare.claim_view import claim_views, terms_only_inside
    from newsprism.extract.claims import content_terms

    claims, analysis, docs = _story(nlp)
    views = claim_views(claims, docs)
    found = 0
    for c in claims:
        span = views[c.id].span
        for inside in ({t.i for t in span[: len(span) // 2]}, {t.i for t in span if t.dep_ in ("nsubj", "dobj")},
                       {x.i for t in span if t.dep_ == "prep" for x in t.subtree if span.start <= x.i < span.end}):
            told = set(content_terms(t for t in span if t.i in inside))
            want = told - set(content_terms(t for t in span if t.i not in inside))
            assert terms_only_inside(views[c.id], inside) == want
            found += bool(want)
    assert found > 100


def test_circumstances_and_act_objects_read_as_with_every_token(nlp):
    """The circumstances and the acts' objects test each token's dependency or part of speech from the
    columns and make tokens only of those that matter: what reading every token gives."""
    from newsprism.compare import act_objects as ao
    from newsprism.compare import circumstances as cs
    from newsprism.compare import settings as st
    from newsprism.extract.claims import content_terms

    claims, analysis, docs = _story(nlp)

    def circumstances_by_tokens():
        out = {}
        for c in claims:
            span = docs[c.doc].char_span(c.start, c.end, alignment_mode="expand")
            root = st.clause_root(span) if span is not None and len(span) else None
            if root is None:
                continue
            inside = st._setting_tokens(span, root)
            for t in span:
                if cs._reduced_clause(t) and not (
                        t.lower_ in cs._TIME_PREPOSITIONS and t.head == root and root.lemma_.lower() in cs.LIGHT):
                    inside.update(x.i for x in t.subtree if span.start <= x.i < span.end)
            told = set(content_terms(t for t in span if t.i in inside))
            elsewhere = set(content_terms(t for t in span if t.i not in inside))
            if inside and told - elsewhere:
                out[c.id] = frozenset(told - elsewhere)
        return out

    def acts_by_tokens():
        out = {}
        for c in claims:
            acts: dict[str, set[str]] = {}
            blocked: set[str] = set()
            for tok in docs[c.doc].char_span(c.start, c.end, alignment_mode="expand"):
                keys = ao._act_keys(tok)
                objs = ao._objects(tok) if keys else []
                if objs is None:
                    blocked |= keys
                for k in keys if objs else ():
                    acts.setdefault(k, set()).update(o.lemma_.lower() for o in objs)
            kept = {k: frozenset(v) for k, v in acts.items() if k not in blocked}
            if kept:
                out[c.id] = ao.ActObjects(kept)
        return out

    circumstances = cs.claim_circumstances(claims, docs)
    assert circumstances == circumstances_by_tokens()
    assert any("citing" in terms or "rhetoric" in terms for terms in circumstances.values())
    acts = ao.act_objects(claims, docs)
    assert acts == acts_by_tokens()
    assert any("meet" in a.acts for a in acts.values())
