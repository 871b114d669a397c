"""How a claim reads as a fact: whether it states one, its headline, how readable and how important it is.

- **Content.** A claim that is only a speaker tag (``" Perry said in a
  statement.``), a credit line or a two-word fragment states no fact.
- **Headline.** The most readable supporting sentence: complete (a capital
  first, a full stop last, a verb), no leading pronoun or conjunction, no
  dateline (it is cut off, the citation moves with it).
- **Importance.** Lead position, named sources, figures, quotes: what an editor reads first.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable

from newsprism.compare.align import is_credit_line, is_credit_text, quote_share
from newsprism.compare.shared_quotes import quoted_words
from newsprism.datelines import dateline_length
from newsprism.extract.claims import Claim
from newsprism.model import Span

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping, Sequence

    from spacy.tokens import Doc

    from newsprism.extract.propositions import Proposition

__all__ = ["headline_span", "importance", "is_content", "is_web_address", "quote_like", "quoted_sentence", "readability",
           "dateline_only", "summary_sentence", "title_line_length", "reads_whole", "single_source_head", "single_source_weight", "told_by_others",
           "headline_claim", "headline_told", "told_by_each", "background", "quote_opening", "opens_inside_quote",
           "same_stem", "stem_test", "leans_back"]

_PRONOUN_START = re.compile(
    r"^(?:he|she|they|it|this|that|these|those|his|her|their|its|him|them|but|and|or|so|because|though|although|while|which|who)\b",
    re.IGNORECASE,
)
# an adverb that answers a sentence before it ("However, hours after it crumbled, the rebels said
# the deal was back on."): no opening for a summary sentence, which stands with none before it
_ANSWERING_START = re.compile(r"^(?:however|still|instead|nevertheless|nonetheless|yet|moreover|otherwise|even so)\b"
                              r"|^(?:there|then|here)\s*,",  # "There, she served the poor Alabama community": where?
                              re.IGNORECASE)
# a title's abbreviation never ends a sentence: one ending with it was cut at its period
# ("President Obama has nominated Alabama physician Dr." before "Regina Benjamin ...")
_TITLE_END = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|Sen|Rep|Gov|Gen|Col|Lt|Sgt|Capt|Rev|Msgr|Assn|Dept)[ ]?\.\s*$")
# a sentence cut after a person's initial or inside an abbreviation ("... to announce his nominee
# for U . S .", "Obama announced that he was nominating Regina M ."): no sentence ends so
_INITIAL_END = re.compile(r"\s[A-Z] ?\.\s*$")
# a paragraph break inside a "sentence": a stamp or title line the splitter joined to what follows
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# a line that is the page's date stamp ("Published August 02 , 2013", "WEDNESDAY , JULY 29 , 2009",
# "Updated 09 / 14 / 2013 01 : 03 PM"), wherever it stands: no part of the sentence after it
_STAMP = re.compile(
    r"^(?:(?:published|updated|posted|last updated)\b[\s:]*)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s*,?\s*)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:\s*,\s*|\s+)\d{4}"
    r"|\d{1,2}\s*/\s*\d{1,2}\s*/\s*\d{2,4})(?:[\s,|]+[\d: ]+(?:[ap]\.?\s*m\.?)?\s*(?:[A-Z]{2,4}\b)?)?\s*$",
    re.IGNORECASE)
# the words of someone speaking: "I", "my", "we", "our" outside quotation marks ("I'm endorsing Rick
# Perry because we need ...", a statement printed without its speaker) — a report's own voice
# has none; quoted stretches are taken out first
_FIRST_PERSON = re.compile(r"\bI\b(?!\.[A-Za-z])|\b(?:[Mm]y|[Ww]e|[Oo]ur|[Oo]urs|us|me|[Mm]yself|[Oo]urselves)\b")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|``.*?''")
_CONJUNCTION_START = re.compile(r"^(?:but|and|or|so|because|though|although|which|who)\b", re.IGNORECASE)
_DATELINE = re.compile(r"^[A-Z][A-Z .,'’-]{2,60}(?:\([^)]{1,30}\))?\s*(?:—|--|–|-)\s+")
_SPEAKER_TAG = re.compile(
    r"^(?:(?:[A-Z][\w.'’-]*|the|a|an|of|and)\s+){1,6}(?:said|says|told|added|wrote|reports|reported|continued|explained|noted)\b"
    r"(?:\s+[\w.'’-]+){0,5}\s*[.!?:]?\s*$"
)
# a list bullet the text extraction kept as a letter ("l Rather than ...", "• The ...")
_BULLET = r"(?:[l•·▪■●]\s+(?=[A-Z“\"]))"
_LEAD = re.compile(rf"^(?:{_BULLET}|{_DATELINE.pattern[1:]})")
_DASH_END = re.compile(r"(?:—|--|–)\s*$")
_QUOTE_TAIL = re.compile(r"^[\"”’]\s")
# a line that is a web address (the page the text was taken from: "http://www.example.com/2013/08/
# ellen-degeneres-to-host-oscars/", also as a tokenizer spaced it, "http : / / www . example . com")
_WEB_ADDRESS = re.compile(r"^(?:https?\s*:\s*/\s*/|www\s*\.\s*\w)\S*(?:[ \t]+\S+)*$", re.IGNORECASE)
# small words a sentence writes in lower case and a title in capitals ("Gun Used To Kill")
_TITLE_SMALL_WORDS = frozenset({"The", "To", "Of", "Off", "In", "On", "For", "With", "By", "At", "From", "And", "Is",
                                "Are", "Was", "Be", "Up", "Out", "Not", "After", "Over", "About", "Into", "As", "Its"})
_TITLE_SMALL_WORDS_LOWER = frozenset(w.lower() for w in _TITLE_SMALL_WORDS) | {"a", "an", "of", "or", "but", "than", "that"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_LINE_AFTER_END = re.compile(r"[.!?][\"”’']?[ \t]*\n")
_TERMINAL = ("." , "!", "?", ".”", ".\"", "?”", "!”", "?\"", "!\"", ".’", ".'")


def is_web_address(text: str) -> bool:
    """The text is a web address (the page a report was taken from), however spaced."""
    return _WEB_ADDRESS.match(text.strip()) is not None


def is_content(claim: Claim) -> bool:
    """False for what states no fact: a bare speaker tag, a credit line, a web address, a
    fragment of under four content words, text starting with a dangling close-quote."""
    return len(claim.terms) >= 3 and _content_text(claim.text)


# the text tests of is_content, readability, reads_whole and title_case are asked of one text
# many times per story (3-8 times each on the BASIL events): each answer is kept (pure functions
# of a string)
@lru_cache(maxsize=16384)
def _content_text(text: str) -> bool:
    """The text tests of :func:`is_content`."""
    stripped = text.strip()
    if is_credit_text(text) or _WEB_ADDRESS.match(stripped):
        return False
    if _SPEAKER_TAG.match(stripped) or _QUOTE_TAIL.match(stripped):
        return False
    if stripped.startswith("(") and stripped.endswith(")"):  # a photo credit or caption line
        return False
    return True


def quoted_sentence(claim: Claim, min_words: int = 5) -> bool:
    """A short sentence that is chiefly someone's quoted words ("“Freedom means freedom for
    everyone.”", "And I say wait for what?"): too few content words to state a fact in a
    reporter's voice, but the same words quoted by two reports are a statement both carry."""
    text = claim.text.strip()
    if is_credit_line(claim) or _SPEAKER_TAG.match(text) or _QUOTE_TAIL.match(text):
        return False
    return quote_share(claim) >= 0.5 and len(quoted_words(claim)) >= min_words


def lead_length(text: str) -> int:
    """How many characters of ``text`` a leading dateline ("NEW YORK - ", "NAIROBI, Kenya (AP) — ")
    or list bullet takes (0 for none)."""
    m = _LEAD.match(text)
    return max(m.end() if m else 0, dateline_length(text))


def headline_span(claim: Claim) -> Span:
    """The claim's citation without a leading dateline ("WASHINGTON — "), list bullet ("l ")
    or the report's title line the sentence splitter fused with its lede."""
    lead = lead_length(claim.text)
    if lead and lead < len(claim.text) - 10:
        start = claim.start + lead
        return Span(claim.doc, start, claim.end, claim.text[lead:])
    cut = title_line_length(claim.text, first=claim.start == 0)
    if cut:
        return Span(claim.doc, claim.start + cut, claim.end, claim.text[cut:])
    return claim.citation


def title_line_length(text: str, first: bool = True) -> int:
    """How many characters of a sentence its title lines take, when the sentence splitter fused
    a report's title (its address, a subhead) with the sentence after it ("Arrest made in
    Bloomington hit and run\nPolice arrested a man ...": a title has no end mark, so no
    sentence ends at its line break); 0 when there is none. Each line cut must be short and end
    without a mark a sentence goes on after, and what follows must read as a sentence of its own:
    a line break inside a sentence (text wrapped by hand) is left alone. A title stands at the
    start of a report (``first``: the caller's check); elsewhere only a subhead in capitals
    ("SAG'S DARK CLOUD") or the page's date stamp ("Published August 02 , 2013") is one."""
    cut = pos = 0
    while (brk := text.find("\n", pos)) > 0:
        line = text[pos:brk].strip()
        if not line or line.endswith((*_TERMINAL, ",", ";", ":", "-", "—", "–")) or len(line.split()) > 20:
            break
        stamp = bool(_STAMP.match(line))
        if not stamp and (line.split()[-1].lower() in _TITLE_SMALL_WORDS_LOWER or not (first or line.isupper())):
            break
        body = text[brk + 1:].lstrip()
        if len(body.split()) < 6 or not reads_whole(body):
            break
        cut, pos = len(text) - len(body), brk + 1
    return cut


@lru_cache(maxsize=16384)
def readability(text: str) -> float:
    """How well ``text`` reads as a headline on its own: 0 (fragment) .. 4."""
    t = text.strip()
    score = 0.0
    if t[:1].isupper() or (t[:1] in "“\"" and t[1:2].isupper()):
        score += 1
    if t.endswith(_TERMINAL):
        score += 1
    m = _PRONOUN_START.match(t.lstrip("“\"'"))
    if not m:
        score += 1
    elif _PRONOUN_START.match(t.lstrip("“\"'")[m.end():].lstrip(" ,")):
        score -= 0.5  # "But they were turned away": a pronoun that refers to nothing here
    words = len(t.split())
    if 6 <= words <= 45:
        score += 1
    if quote_like(t):
        score -= 0.5
    if title_case(t):
        score -= 1.5  # "George Zimmerman Auctioning Off Gun Used To Kill Trayvon Martin": a title, not a sentence
    if opens_inside_quote(t):
        score -= 1
    elif t.count("“") != t.count("”"):
        score -= 0.5  # '“He is becoming ISIS’ best recruiter.': a quotation opened and never closed
    return score


@lru_cache(maxsize=16384)
def title_case(text: str) -> bool:
    """Written as a title: after the first, nearly every word capitalised, small words too
    ("Auctioning Off Gun Used To Kill"), where a sentence full of names still writes "of",
    "to", "the" in lower case."""
    words = _WORD.findall(text)[1:]
    if len(words) < 4:
        return False
    capital = sum(1 for w in words if w[0].isupper())
    return capital >= 0.75 * len(words) and any(w in _TITLE_SMALL_WORDS for w in words)


def opens_inside_quote(text: str) -> bool:
    """The text starts inside a quotation: its first curly mark closes one ("By the way, if
    she gets to pick ..., folks,” Trump said." is the second half of a quoted passage the
    sentence splitter cut), or its straight double quotes do not pair up."""
    first = re.search(r"[“”]", text)
    if first is not None:
        return first.group() == "”"
    return text.count('"') % 2 == 1


def quote_like(text: str) -> bool:
    return text.lstrip()[:1] in "“\"" and text.rstrip()[-1:] in "”\""


def importance(claim: Claim, rank_in_doc: int) -> float:
    """Lead position, named sources, figures, quotes: what an editor reads first."""
    score = 2.0 / (1 + rank_in_doc / 3)
    if claim.attribution is not None and claim.attribution.entity:
        score += 0.7
    score += 0.5 * min(len(claim.figures), 2)
    score += 0.4 * min(len(claim.entities), 3)
    if claim.quotes:
        score += 0.5
    return round(score, 3)


@lru_cache(maxsize=16384)
def reads_whole(text: str) -> bool:
    """Reads as a sentence of its own: readable (see :func:`readability`), a capital first
    and ending as a sentence ends ("our strategy should have three main elements,” Clinton
    said." is the tail of a quoted sentence; "Jindal signed an order," its head)."""
    t = text.strip()
    body = t.lstrip("“\"'‘(")
    if _CONJUNCTION_START.match(body):  # "And an eyebrow-raising 40,570 are unaffiliated": goes on from another
        return False
    if _TITLE_END.search(t) or _INITIAL_END.search(t):
        return False  # cut at a title's or an initial's period: "President Obama will name Dr ."
    return readability(t) >= 3 and body[:1].isupper() and t.endswith(_TERMINAL + ("''", "”", '"', "’"))


def summary_sentence(text: str) -> bool:
    """A headline fit for the summary, where it stands with no sentence before it: it reads
    whole (:func:`reads_whole`), states rather than asks ("Onion headline or actual news?"),
    opens with no pronoun that refers to nothing here ("He emceed both the 2004 and 2005 Tony
    Awards") nor an adverb answering a sentence before it ("However, hours after it crumbled"),
    does not end with a title's abbreviation ("... nominated Alabama physician Dr.") or an initial
    ("... his nominee for U . S ."), spans no paragraph break (a date stamp line and the lede), has no
    "I", "my", "we" outside quotation marks (someone's words printed without a speaker: "I'm endorsing
    Rick Perry because we need ..."), is not a quotation alone (whose words?), is one sentence ("DON'T Do anything that David Letterman did.\nEnough said." is a
    list item and the line after it), and holds whole quotations ("the third time's the charm," DeGeneres said."
    is the tail of a quoted passage; "said: "It's official: I'm hosting" one never closed)."""
    t = text.strip()
    if not reads_whole(t) or t.rstrip("”\"’' ").endswith("?"):
        return False
    if _LINE_AFTER_END.search(t):  # two lines, the first ending as a sentence ends: two sentences, not one
        return False
    if _PRONOUN_START.match(t.lstrip("“\"'‘(")) or _ANSWERING_START.match(t.lstrip("“\"'‘(")):
        return False
    if _TITLE_END.search(t) or _INITIAL_END.search(t) or _PARAGRAPH_BREAK.search(t):
        return False
    unquoted = _QUOTED.sub(" ", t)
    if _FIRST_PERSON.search(unquoted):
        return False  # someone's words with no speaker: read in the summary, they are the report's
    if t[:1] in "“\"`" and not any(ch.isalpha() for ch in unquoted):
        return False  # a quotation alone ("“I have not violated any I.R.S. rules ...”"): whose words?
    # quotation marks written as `` and '' (text rebuilt from treebank tokens) pair up as curly ones do
    return not opens_inside_quote(t) and t.count("“") == t.count("”") and t.count("``") == t.count("''")


def single_source_head(claim: Claim, siblings: Sequence[Claim], taken: Collection[str]) -> Span:
    """What a one-outlet fact shows: the claim (without a dateline), or, when that does not
    read as a sentence ("our strategy should have three main elements,” Clinton said ...",
    "As The Post's Abby Phillip documented"), the whole sentence the clause splitter cut it
    from — a verbatim span of the report — if that reads better, is not too long, and none of
    its other clauses (``siblings``) is in a fact already (``taken``: it would be told twice)."""
    head = headline_span(claim)
    sentence = claim.sentence
    if reads_whole(head.text) or sentence is None or sentence == claim.citation:
        return head
    if len(sentence.text.split()) > 60 or any(o.id in taken for o in siblings):
        return head
    lead = lead_length(sentence.text)
    if lead and lead < len(sentence.text) - 10 and sentence.start + lead <= claim.start:
        sentence = Span(sentence.doc, sentence.start + lead, sentence.end, sentence.text[lead:])
    def rank(x: Span) -> tuple[bool, float]:
        return reads_whole(x.text), readability(x.text)
    return sentence if rank(sentence) > rank(head) else head


def quote_opening(text: str, start: int, reach: int = 400) -> int | None:
    """Where the quotation that the text from ``start`` opens inside of begins: its opening mark,
    in the same paragraph and at most ``reach`` characters before; None when there is none ('I mean,
    I do believe ... ,” youth pastor Stephen Lenahan told Fox News' opens at the “ of '“I think it
    comes down to a First Amendment issue.')."""
    floor = max(text.rfind("\n", 0, start) + 1, start - reach)
    opened, closed = text.rfind("“", floor, start), text.rfind("”", floor, start)
    if opened >= 0 and opened > closed:
        return opened
    if "“" not in text[floor:start] and text.count('"', floor, start) % 2 == 1:
        return text.rfind('"', floor, start)
    return None


def dateline_only(text: str) -> bool:
    """A dateline or credit line standing alone ("NEW YORK, Nov. 19 (UPI) —"): it ends with its dash."""
    return bool(_DASH_END.search(text))


def single_source_weight(claim: Claim, head: Span, title: str | None, prop: Proposition | None = None) -> float:
    """How far down a one-outlet fact goes among the others of its importance: the
    report's own headline restates its lede (the lede is the fact an editor wants), and a
    clause that does not read as a sentence ("Although X admitted that ...", "but he
    said ...") goes after the complete sentences; so, part way, does who someone is
    (:func:`background`: "Reese is a senior fellow at the Woodstock Theological Center")."""
    if title and claim.start == 0 and _norm_title(claim.text) == _norm_title(title):
        return 0.3
    if not reads_whole(head.text):
        return 0.5
    if prop is not None and prop.figures:
        # an age is who someone is ("Weiner, 46, is married to Huma Abedin, ..."), no figure of an event
        prop = replace(prop, figures=prop.figures - {f"#{f.value}" for f in claim.figures if f.unit == "age"})
    if background(prop) or _COMMENT_START.match(head.text.lstrip("“\"'")):
        return 0.7
    return 1.0


# "It was the latest whiplash for the thousands trapped ...", "It was an effective surrender by the
# rebel fighters ...": a judgement on what the sentences before it told, no news of its own
_COMMENT_START = re.compile(r"^(?:It|This|That)\s+(?:is|was|has been|had been|seems|seemed|remains|remained)\b")


def background(prop: Proposition | None) -> bool:
    """The claim (its proposition ``prop``) says who someone is, in the report's own voice, not
    what happened: a named subject and "be" with a noun ("Reese is a senior fellow at the Woodstock
    Theological Center"), with no speaker, no date and no figure (an age is none: the caller leaves
    it out, :func:`single_source_weight`). Background is what an editor cuts
    first. (Every "be" and "have" — "there are signs ...", "Iran has a stake ..." — measured worse on
    the dev halves' first ten.)"""
    if prop is None or prop.speaker or prop.days or prop.figures or not prop.agents:
        return False
    words = prop.predicate.split()
    return len(words) == 2 and words[0] == "be" and all(a.startswith("@") for a in prop.agents)


def _norm_title(text: str) -> str:
    return " ".join(text.strip().rstrip(".!?").lower().split())


def headline_claim(same: Sequence[Claim], text_of: Callable[[Claim], str],
                   gapped: Callable[[Claim], bool] | None = None) -> Claim:
    """The claim whose sentence (``text_of``) heads a fact of the claims ``same``: one with no
    gap where its source lost words (``gapped``: the seed's "resumed shelling   districts in
    Aleppo", "government-held" stripped, says less than AP's and the Post's intact ledes) when
    there is one; then the most readable; as readable, a report's own voice rather than another report's source saying it
    (the seed: the rebels' shelling of Fouaa, told by AP and the Post, not "Yasser ... said
    civilians did not approve of rebel shelling"), then the one nearest 22 words. When the other
    reports state less than half of that one's content (:func:`told_by_others`), as readable, the
    sentence they state most fully: the summary cites it to them."""
    def plain(c: Claim) -> tuple[bool, int]:
        return c.attribution is None, -abs(len(text_of(c).split()) - 22)

    intact = [c for c in same if gapped is None or not gapped(c)] or list(same)
    best = max(intact, key=lambda c: (readability(text_of(c)), *plain(c)))
    if told_by_others(best, same) < 0.5:
        # a quarter of the content terms more or less decides
        best = max(intact, key=lambda c: (readability(text_of(c)), round(4 * told_by_others(c, same)), *plain(c)))
    return best


def headline_told(head: Span, same: Sequence[Claim]) -> float:
    """How much of a fact's headline the other reports state: ``told_by_others`` of the claims of
    the headline's report that the headline spans (a headline may be a whole sentence of clauses)."""
    inside = [c for c in same if c.doc == head.doc and c.start < head.end and head.start < c.end]
    if not inside:
        return 1.0
    merged = Claim(inside[0].id, head, terms=tuple(dict.fromkeys(t for c in inside for t in c.terms)))
    return told_by_others(merged, same)


def told_by_others(claim: Claim, same: Sequence[Claim]) -> float:
    """How much of ``claim``'s content the other reports' claims of one fact also state: the
    smallest share, over the other reports, of its content terms their claims carry (1.0 when
    no other report is there). A headline every cited report states ("claimed Obama wanted to
    take in 250,000 Syrian refugees") is cited to them rightly; one that tells more ("... said
    he would deport refugees, who he speculates are 'mostly men'") is cited to reports that
    state only part of it."""
    terms = set(claim.terms)
    if not terms:
        return 0.0
    by_doc: dict[str, set[str]] = {}
    for c in same:
        if c.doc != claim.doc:
            by_doc.setdefault(c.doc, set()).update(c.terms)
    if not by_doc:
        return 1.0
    return min(len(terms & words) / len(terms) for words in by_doc.values())


def told_by_each(head: Span, same: Sequence[Claim], own: Sequence[Claim] | None = None,
                 also: Mapping[str, Collection[str]] | None = None) -> dict[str, float]:
    """For each other report of a fact, the share of the headline's content terms its claims
    state (doc id -> share): the reports a summary sentence may be cited to. Terms match on their
    first six letters, as the aligner's stems do, or when one is the other's start ("evacuate" /
    "evacuation", "Syria" / "Syrian"): AP's "a cease-fire to evacuate ... unraveled ... as residents
    reported the resumption of shelling" states most of the Post's "Shelling resumed in Aleppo ...,
    and evacuations ... stalled". ``own``: the claims the headline spans, of every fact (a sentence
    whose clauses went to two facts says both); by default those of ``same``. ``also``: doc id -> the
    headline's terms that report states however it words them (the title and name of a person it
    names too: :func:`newsprism.compare.summary_parts.naming_terms`)."""
    inside = [c for c in (same if own is None else own)
              if c.doc == head.doc and c.start < head.end and head.start < c.end]
    terms = set(dict.fromkeys(t for c in inside for t in c.terms))
    if not terms:
        return {c.doc: 1.0 for c in same if c.doc != head.doc}
    by_doc: dict[str, set[str]] = {}
    for c in same:
        if c.doc != head.doc:
            by_doc.setdefault(c.doc, set()).update(c.terms)
    tests = {doc: stem_test(words) for doc, words in by_doc.items()}
    given = also or {}
    return {doc: sum(1 for t in terms if told(t) or t in given.get(doc, ())) / len(terms) for doc, told in tests.items()}


def same_stem(a: str, b: str) -> bool:
    """Two content terms as one: the same first six letters, or one the start of the other."""
    if a == b or a[:6] == b[:6] and min(len(a), len(b)) >= 6:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long_.startswith(short)


def stem_test(words: Iterable[str]) -> Callable[[str], bool]:
    """Whether a term is one of ``words`` as :func:`same_stem` matches them, the answer of
    ``any(same_stem(t, w) for w in words)``: a term is looked up among the words of its first four
    letters only (a match shares them: six letters in common, or one word the start of the other
    and 4+ letters long), one of three letters or fewer among the words themselves. The summary asks
    it of every term of a headline against every report's words (~460,000 pairs at 200 articles)."""
    exact = set(words)
    by_start: dict[str, list[str]] = {}
    for w in exact:
        if len(w) >= 4:
            by_start.setdefault(w[:4], []).append(w)

    def told(t: str) -> bool:
        if t in exact:
            return True
        return len(t) >= 4 and any(same_stem(t, w) for w in by_start.get(t[:4], ()))

    return told


# a subject that stands for something told before: a pronoun, or a noun pointed at ("That cable")
_POINTING = frozenset("he she it they this that these those".split())
_PERSONS = frozenset("he she they".split())
_NAMED_DOERS = frozenset({"PERSON", "ORG", "NORP"})  # (not "By Sunday afternoon she had canceled ...")
_QUOTED_STRETCH = re.compile(r"“[^”]*”?|\"[^\"]*\"?")


def leans_back(head: Span, parsed: Doc | None) -> bool:
    """Whether a sentence (``head``, verbatim) leans on the one before it: the subject of its main
    verb, outside quotation marks, is a pronoun or a noun with a demonstrative ("It dipped to $1.5
    billion the following year", "“They think we are Daesh,” he said via WhatsApp", "That cable
    summarized an emergency meeting"), and, for "he", "she" or "they", no name comes before it in the
    sentence. Shown alone, as a one-outlet item is, it does not say who or what it is about. No
    parse: False."""
    if parsed is None:
        return False
    span = parsed.char_span(head.start, head.end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return False
    # (the head's own text when the span is just its tokens: Span.text joins the tokens anew)
    same = span.start_char == head.start and span.end_char == head.end
    quoted = [(span.start_char + m.start(), span.start_char + m.end())
              for m in _QUOTED_STRETCH.finditer(head.text if same else span.text)]
    lo, hi = span.start, span.end
    # (the tokens read up to the first root outside quotes only)
    roots = (t for t in span if not lo <= (h := t.head.i) < hi or h == t.i)
    main = next((t for t in roots if not any(a <= t.idx < b for a, b in quoted)), None)
    if main is None:
        return False
    for subject in (c for c in main.children if c.dep_ in ("nsubj", "nsubjpass")):
        if any(a <= subject.idx < b for a, b in quoted):
            continue
        # a person's pronoun after a name of the sentence may stand for it ("President Obama met ... --
        # he assigned Treasury Secretary Tim Geithner ...")
        # (the names before it read only for a person's pronoun)
        if subject.lower_ in _POINTING and subject.pos_ in ("PRON", "DET") and not (
                subject.lower_ in _PERSONS and any(t.ent_type_ in _NAMED_DOERS and not any(a <= t.idx < b for a, b in quoted)
                                                   for t in span.doc[lo:max(lo, min(subject.i, hi))])):
            return True
        if any(d.dep_ == "det" and d.lower_ in _POINTING for d in subject.children):
            return True
    return False
