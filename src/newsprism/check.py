"""Faithfulness check of a report: its shape, its citations and what they support.

Works on the JSON form of a report, so a report file can be checked without
re-running the analysis (``newsprism check report.json``). Three layers, each
reported as one line per problem (:class:`CitationProblem`):

1. **Shape** — the report validates against the published JSON Schema
   (``newsprism/data/report.schema.json``, generated from ``model.py``): types,
   required keys, closed vocabularies; offsets are integers, never ``"1054"``.
2. **Citations** — every object with ``doc``/``start``/``end``/``text`` (including
   those inside ``documents``: ``outlet_evidence``, ``dateline_span``, ``damage``)
   holds exactly the text it claims; document ids are unique; every
   ``documents[].sha256`` is the hash of that document's text.
3. **Meaning** — what the citations must support (:data:`SEMANTIC_CHECKS`, a
   tuple other modules extend by adding a function): an extractive summary
   sentence or a finding's ``about`` is the text of one of its citations; a
   quote's ``speaker`` is its ``speaker_span``; a figure's value reads from its
   text; a finding cites something and its ``docs`` are the documents it cites;
   a corroborated finding cites at least two independent documents (copies —
   one corpus ``copy_family`` or ``shared_text`` — count once); a ``referent``'s
   pronoun opens its headline and its name is the text of its report's cited mention.

With ``sources`` (:func:`check_sources`), each document's text is compared with the
original it came from (a folder of articles or a corpus file).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from newsprism.model import outlet_key

_SPAN_KEYS = frozenset({"doc", "start", "end", "text"})


@dataclass(frozen=True)
class CitationProblem:
    where: str  # JSON path of the offending record, e.g. "quotes[3].speaker_span"
    doc: str
    start: int
    end: int
    problem: str

    def message(self) -> str:
        if not self.doc and self.start == self.end == 0:
            return f"{self.where or 'report'}: {self.problem}"
        return f"{self.where}: {self.doc}[{self.start}:{self.end}] {self.problem}"


def _problem(where: str, problem: str, span: dict | None = None) -> CitationProblem:
    span = span if isinstance(span, dict) else {}
    start, end = span.get("start", 0), span.get("end", 0)
    return CitationProblem(
        where, str(span.get("doc", "")), start if _is_int(start) else 0, end if _is_int(end) else 0, problem
    )


def text_hash(text: str) -> str:
    """The hash a report keeps of each source text (``documents[].sha256``)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _spans(node: Any, where: str) -> Iterator[tuple[str, dict]]:
    if isinstance(node, dict):
        if _SPAN_KEYS <= node.keys():
            yield where, node
        for key, value in node.items():
            yield from _spans(value, f"{where}.{key}" if where else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _spans(value, f"{where}[{i}]")


# ------------------------------------------------------------------ 1. shape


def _schema_problems(report: Any) -> list[CitationProblem]:
    try:
        from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a dependency; kept for vendored installs
        return [_problem("", "jsonschema is not installed: shape not checked (pip install jsonschema)")]
    from newsprism.report.schema import published_schema

    validator = Draft202012Validator(published_schema())
    problems = []
    for error in sorted(validator.iter_errors(report), key=lambda e: list(map(str, e.absolute_path))):
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
        message = error.message if len(error.message) < 160 else error.message[:157] + "…"
        problems.append(_problem(where, f"does not match the report schema: {message}"))
        if len(problems) >= 50:
            problems.append(_problem("", "… more schema problems not shown"))
            break
    return problems


# ------------------------------------------------------------------ 2. citations


def _citation_problems(report: dict, texts: dict[str, str]) -> list[CitationProblem]:
    problems: list[CitationProblem] = []
    for where, span in _spans(report, ""):
        doc, start, end = span["doc"], span["start"], span["end"]
        if not (_is_int(start) and _is_int(end)):
            problems.append(_problem(where, f"offsets must be integers, not {start!r} and {end!r}"))
            continue
        source = texts.get(doc) if isinstance(doc, str) else None
        if source is None:
            problems.append(CitationProblem(where, str(doc), start, end, "cites an unknown document"))
        elif not (0 <= start <= end <= len(source)):
            problems.append(CitationProblem(where, doc, start, end, "is outside the document"))
        elif source[start:end] != span["text"]:
            problems.append(
                CitationProblem(where, doc, start, end, f"holds {source[start:end]!r}, not {span['text']!r}")
            )
    problems.extend(check_findings_structure(report))
    return problems


def _document_problems(report: dict) -> list[CitationProblem]:
    problems = []
    seen: set[str] = set()
    for i, d in enumerate(report.get("documents") or []):
        if not isinstance(d, dict):
            continue
        doc_id = d.get("id")
        if doc_id in seen:
            problems.append(_problem(f"documents[{i}].id", f"duplicate document id {doc_id!r}"))
        if isinstance(doc_id, str):
            seen.add(doc_id)
        digest, text = d.get("sha256"), d.get("text")
        if isinstance(digest, str) and isinstance(text, str) and digest != text_hash(text):
            problems.append(_problem(f"documents[{i}].text", "does not match its sha256: the source text was changed"))
    return problems


# ------------------------------------------------------------------ 3. meaning


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _cited(items: Any) -> list[dict[str, Any]]:
    return [c for c in _list(items) if isinstance(c, dict) and isinstance(c.get("text"), str)]


def _findings(report: dict) -> Iterator[tuple[str, dict]]:
    findings = report.get("findings")
    if not isinstance(findings, dict):
        return
    for key in ("corroborated", "conflicts", "single_source", "shared_quotes", "timeline", "disputes"):
        for i, item in enumerate(findings.get(key) or ()):
            if isinstance(item, dict):
                yield f"findings.{key}[{i}]", item


def _independent_groups(report: dict) -> Callable[[list[dict]], int]:
    """How many independent sources a finding's citations are: two documents count once
    when their citations of this fact are a ``shared_text`` copy pair, when they are of
    one corpus ``copy_family``, or when they are of one (named) outlet (the rule of
    ``compare/fact_sources.py``)."""
    families = {
        d["id"]: str(d["copy_family"])
        for d in report.get("documents") or ()
        if isinstance(d, dict) and isinstance(d.get("id"), str) and d.get("copy_family") is not None
    }
    outlets = {
        d["id"]: outlet_key(d["outlet"])
        for d in report.get("documents") or ()
        if isinstance(d, dict) and isinstance(d.get("id"), str) and isinstance(d.get("outlet"), str)
    }
    findings = _dict(report.get("findings"))
    shared: set[frozenset] = set()
    for item in findings.get("shared_text") or ():
        cites = _cited(item.get("citations")) if isinstance(item, dict) else []
        if len(cites) == 2:
            shared.add(frozenset(((cites[0].get("doc"), cites[0].get("start")), (cites[1].get("doc"), cites[1].get("start")))))

    def count(cites: list[dict[str, Any]]) -> int:
        docs: list[str] = sorted({c["doc"] for c in cites if isinstance(c.get("doc"), str)})
        parent: dict[str, str] = {d: d for d in docs}

        def find(x: str) -> str:
            while parent[x] != x:
                x = parent[x]
            return x

        for x, a in enumerate(cites):
            for b in cites[x + 1 :]:
                da, db = a.get("doc"), b.get("doc")
                if not isinstance(da, str) or not isinstance(db, str) or da == db or da not in parent or db not in parent:
                    continue
                pair = frozenset(((da, a.get("start")), (db, b.get("start"))))
                if pair in shared or (families.get(da) is not None and families.get(da) == families.get(db)):
                    parent[find(da)] = find(db)
        first_of: dict[str, str] = {}
        for d in docs:  # two reports of one outlet are that outlet once
            name = outlets.get(d)
            if name:
                if name in first_of:
                    parent[find(d)] = find(first_of[name])
                else:
                    first_of[name] = d
        return len({find(d) for d in docs})

    return count


def check_summary(report: dict) -> Iterator[CitationProblem]:
    """An extractive summary sentence is the exact text of one of its citations."""
    if report.get("summary_backend", "extractive") != "extractive":
        return  # an LLM sentence was verified against its citations when it was written
    findings = _dict(report.get("findings"))
    # schema 2: a summary sentence may be a fact's headline (itself a cited span)
    headlines = {
        h["text"] for f in _list(findings.get("facts"))
        if isinstance(f, dict) and isinstance(h := f.get("headline"), dict) and isinstance(h.get("text"), str)
    }
    for i, sentence in enumerate(findings.get("summary") or ()):
        if not isinstance(sentence, dict):
            continue
        cites = _cited(sentence.get("citations"))
        where = f"findings.summary[{i}]"
        if not cites:
            yield _problem(where, "a summary sentence with no citation")
        elif sentence.get("text") not in {c["text"] for c in cites} | headlines:
            yield _problem(where, f"text {_short(sentence.get('text'))} is not the text of any of its citations")


def check_findings(report: dict) -> Iterator[CitationProblem]:
    """Findings cite something; their docs are what they cite; corroboration is independent;
    an extractive ``about`` is cited text."""
    groups = _independent_groups(report)
    facts = {str(f.get("id")): f for f in _list(_dict(report.get("findings")).get("facts")) if isinstance(f, dict)}
    for where, item in _findings(report):
        cites = _cited(item.get("citations"))
        for v in item.get("versions") or ():
            if isinstance(v, dict):
                cites += _cited(v.get("citations"))
        if not cites:
            yield _problem(where, "a finding with no citation")
            continue
        cited_docs = {c.get("doc") for c in cites}
        docs = item.get("docs")
        if isinstance(docs, list) and set(docs) != cited_docs:
            yield _problem(where, f"docs {sorted(map(str, docs))} are not the documents it cites {sorted(map(str, cited_docs))}")
        kind = item.get("kind")
        independent = groups(cites)
        if kind == "corroborated":
            if independent < 2:
                yield _problem(where, f"corroborated, but it cites {independent} independent document(s); it needs 2")
            if _is_int(item.get("sources")) and item["sources"] > independent:
                yield _problem(where, f"claims {item['sources']} independent sources; its citations give {independent}")
        elif kind == "single-source" and independent > 1:
            yield _problem(where, f"single-source, but it cites {independent} independent documents")
        about = item.get("about")
        if kind in ("corroborated", "single-source", "timeline", "dispute", "shared-quote") and isinstance(about, str):
            # schema 2: a finding presenting a fact is about the fact's headline (itself cited)
            headline = _dict(_dict(facts.get(str(item.get("fact")))).get("headline")).get("text")
            if about != headline and not any(about == c["text"] for c in cites):
                yield _problem(where, f"about {_short(about)} is not the text of any of its citations")
        ref = item.get("referent")
        if isinstance(ref, dict) and isinstance(about, str):
            # who the headline's opening pronoun names: the pronoun is the headline's first word,
            # in the headline's document, and the name is the text of its first citation
            pronoun = _dict(ref.get("pronoun"))
            named = _cited(ref.get("citations"))
            if not about.lstrip("\"'“‘( ").startswith(str(pronoun.get("text"))) or pronoun.get("doc") not in cited_docs:
                yield _problem(where, f"referent: the pronoun {_short(str(pronoun.get('text')))} does not open its headline")
            if not named or ref.get("name") != named[0].get("text") or any(c.get("doc") != pronoun.get("doc") for c in named):
                yield _problem(where, f"referent: the name {_short(str(ref.get('name')))} is not its report's cited mention")


def check_quotes(report: dict) -> Iterator[CitationProblem]:
    """A quote's speaker is the name written at its speaker_span."""
    for i, q in enumerate(report.get("quotes") or ()):
        if not isinstance(q, dict):
            continue
        span = q.get("speaker_span")
        if "speaker" not in q:
            continue  # a partial report: the schema says what is missing
        if isinstance(span, dict) and isinstance(span.get("text"), str) and q.get("speaker") != span["text"]:
            yield _problem(f"quotes[{i}].speaker", f"{_short(q.get('speaker'))} is not the name at its speaker_span {_short(span['text'])}")
        elif q.get("speaker") is not None and span is None:
            yield _problem(f"quotes[{i}].speaker", "a speaker with no speaker_span")


def check_figures(report: dict) -> Iterator[CitationProblem]:
    """A figure's value reads from its text."""
    for i, f in enumerate(report.get("figures") or ()):
        if not isinstance(f, dict) or not isinstance(f.get("text"), str):
            continue
        value = f.get("value")
        if not figure_value_reads(f["text"], value):
            yield _problem(f"figures[{i}].value", f"{value!r} does not read from its text {_short(f['text'])}")


_SHORT = 60


def _short(text: Any) -> str:
    s = repr(text)
    return s if len(s) <= _SHORT else s[: _SHORT - 2] + "…" + s[-1]


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?|\.\d+")
_CLOCK = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?")
_WORD = re.compile(r"[A-Za-z]+")


def figure_value_reads(text: str, value: Any) -> bool:
    """Whether ``value`` can be read from ``text`` (digits, number words, vague
    quantities, fractions, scale words, clock times) — the check a forged value fails."""
    from newsprism.extract.figures import _FRACTIONS, _PARTS, _SCALE_ABBR
    from newsprism.lexicon import SCALE_WORDS as _SCALES
    from newsprism.lexicon import VAGUE_NUMBERS as _VAGUE
    from newsprism.lexicon import parse_number_words

    if isinstance(value, str):  # clock time "HH:MM"
        m = re.fullmatch(r"(\d{1,2}):(\d{2})", value)
        if not m:
            return value in text
        hour, minute = int(m.group(1)), int(m.group(2))
        lowered = text.lower()
        if hour == 12 and minute == 0 and ("noon" in lowered or "midday" in lowered):
            return True
        if hour == 0 and minute == 0 and "midnight" in lowered:
            return True
        for c in _CLOCK.finditer(text):
            h, mm = int(c.group(1)), int(c.group(2) or 0)
            if mm == minute and h % 12 == hour % 12:
                return True
        words = [w.lower() for w in _WORD.findall(text)]
        n = parse_number_words(words[:1]) if words else None
        return n is not None and n % 12 == hour % 12 and minute == 0
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        target = float(value)
    except OverflowError:  # an integer past float range (a fuzzed 400-digit figure): read it as digits
        return str(value) in re.sub(r"[,\s]", "", text)
    if not math.isfinite(target):
        return False
    words = [w.lower() for w in _WORD.findall(text)]
    bases: set[float] = set()
    for m in _NUMBER.finditer(text):
        try:
            bases.add(float(m.group(0).replace(",", "")))
        except ValueError:
            continue
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + 8) + 1):
            n = parse_number_words(words[i:j])
            if n is not None and abs(n) < 1e300:  # number words past float range read nothing
                bases.add(float(n))
    vague = [float(_VAGUE[w]) for w in words if w in _VAGUE]
    bases.update(vague)
    bases.update(a * b for a in vague for b in vague)  # "tens of thousands"
    for w in words:
        if w in _FRACTIONS:
            bases.add(float(_FRACTIONS[w]))
        if w in ("a", "an", "one"):
            bases.add(1.0)
        if w == "dozen":
            bases.add(12.0)
    parts = [_PARTS[w] for w in words if w in _PARTS]  # "three fifths": 3 / 5
    bases.update(b / p for b in list(bases) for p in parts)
    scales = {1.0} | {float(_SCALES[w]) for w in words if w in _SCALES} | {
        float(_SCALE_ABBR[w]) for w in words if w in _SCALE_ABBR
    }
    if "dozen" in words:
        scales.add(12.0)
    return any(math.isclose(b * s, target, rel_tol=1e-6, abs_tol=1e-9) for b in bases for s in scales) or any(
        math.isclose(b * s * f, target, rel_tol=1e-6) for b in bases for s in scales for f in (0.01, 100.0)
    )




def check_report(
    report: Any, extra: Iterable[Callable[[dict], Iterable[CitationProblem]]] = (), *, schema: bool = True
) -> list[CitationProblem]:
    """Every problem with ``report``: shape (the JSON Schema, unless ``schema`` is false —
    for hand-made partial reports in tests), citations, then what they support."""
    if not isinstance(report, dict):
        return [_problem("", f"not a newsprism report: a JSON {type(report).__name__ if report is not None else 'null'}, not an object")]
    problems = _schema_problems(report) if schema else []
    documents = report.get("documents")
    if not isinstance(documents, list):
        return problems or [_problem("documents", "missing: nothing to check the citations against")]
    texts = {
        d["id"]: d["text"]
        for d in documents
        if isinstance(d, dict) and isinstance(d.get("id"), str) and isinstance(d.get("text"), str)
    }
    problems += _document_problems(report)
    problems += _citation_problems(report, texts)
    for check in (*SEMANTIC_CHECKS, *extra):
        try:
            problems += list(check(report))
        except (TypeError, KeyError, AttributeError, ValueError) as exc:  # a malformed report the schema flagged
            if not problems:
                problems.append(_problem("", f"{check.__name__}: cannot check a malformed report ({exc})"))
    return problems


def load_report(path: str | Path) -> Any:
    """The JSON value in ``path`` (ValueError with the position when it is not JSON)."""
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None


def check_findings_structure(report: dict) -> list[CitationProblem]:
    """What the facts, conflicts and framing promise (schema 2), beyond each span:

    - every support says how it matches ("same fact" or "partly"); a claim
      supports at most one fact; no two facts share a headline;
    - a fact's headline is cited in a document that states it;
    - a corroborated item presents an existing fact, cites only its "same fact"
      claims, and has two or more independent sources;
    - a conflict gives two or more versions cited in two or more documents;
    - a framing item's labels cite their own document;
    - an omission's headlines name the facts it omits, then those it tells in part, each by its
      corroborated item's headline;
    - a one-outlet item's ``repeats`` names an item above whose cited sentence holds all its
      citations (a left-over clause the reports do not show).
    """
    findings = report.get("findings") or {}
    facts = findings.get("facts")
    if not isinstance(facts, list):
        return []  # a schema-1 report: nothing more to check
    out: list[CitationProblem] = []
    by_id: dict[str, dict] = {}
    claim_of: dict[str, str] = {}
    headlines: dict[str, str] = {}
    for i, fact in enumerate(facts):
        where = f"findings.facts[{i}]"
        by_id[str(fact.get("id"))] = fact
        same_docs: set[str] = set()
        for j, sup in enumerate(fact.get("support") or ()):
            if sup.get("strength") not in ("same fact", "partly"):
                out.append(_problem(f"{where}.support[{j}]", f"strength {sup.get('strength')!r} is not 'same fact' or 'partly'", sup.get("citation")))
            if sup.get("claim") in claim_of:
                out.append(_problem(f"{where}.support[{j}]", f"claim {sup.get('claim')} also supports {claim_of[sup['claim']]}", sup.get("citation")))
            claim_of[sup.get("claim")] = str(fact.get("id"))
            if sup.get("strength") == "same fact":
                same_docs.add(str((sup.get("citation") or {}).get("doc")))
        head = fact.get("headline") or {}
        key = " ".join(str(head.get("text", "")).lower().split())
        if key in headlines:
            out.append(_problem(f"{where}.headline", f"repeats the headline of {headlines[key]}", head))
        headlines[key] = str(fact.get("id"))
        if head.get("doc") not in same_docs:
            out.append(_problem(f"{where}.headline", "is cited in a document that does not state the fact", head))
        if sorted(same_docs) != sorted(str(d) for d in fact.get("docs") or ()):
            out.append(_problem(f"{where}.docs", "are not the documents of its 'same fact' support"))
    for i, item in enumerate(findings.get("corroborated") or ()):
        where = f"findings.corroborated[{i}]"
        fact = by_id.get(str(item.get("fact")))
        if fact is None:
            out.append(_problem(where, f"presents an unknown fact {item.get('fact')!r}"))
            continue
        same = {(c.get("citation") or {}).get("doc", "") + ":" + str((c.get("citation") or {}).get("start"))
                for c in fact.get("support") or () if c.get("strength") == "same fact"}
        for j, cite in enumerate(item.get("citations") or ()):
            if f"{cite.get('doc')}:{cite.get('start')}" not in same:
                out.append(_problem(f"{where}.citations[{j}]", "is not a 'same fact' support of its fact", cite))
        if (item.get("sources") or 0) < 2:
            out.append(_problem(where, "is corroborated by fewer than two independent sources"))
    for i, item in enumerate(findings.get("conflicts") or ()):
        versions = item.get("versions") or ()
        docs = {c.get("doc") for v in versions for c in v.get("citations") or ()}
        if len(versions) < 2 or len(docs) < 2:
            out.append(_problem(f"findings.conflicts[{i}]", "needs two versions cited in two documents"))
    about = {str(item.get("id")): item.get("about") for item in findings.get("corroborated") or ()}
    for i, omission in enumerate(findings.get("omissions") or ()):
        named = [*(omission.get("omits") or ()), *(omission.get("partly") or ())]
        heads = omission.get("headlines")
        if heads is None:
            continue  # a report from before omissions named their headlines
        if [h.get("id") for h in heads] != named:
            out.append(_problem(f"findings.omissions[{i}].headlines", "do not name the facts it omits and tells in part"))
        for j, h in enumerate(heads):
            if h.get("id") in about and h.get("about") != about[h.get("id")]:
                out.append(_problem(f"findings.omissions[{i}].headlines[{j}]", f"is not the headline of {h.get('id')}"))
    out += _repeats_problems(findings, by_id)
    for i, item in enumerate(findings.get("framing") or ()):
        for j, label in enumerate(item.get("labels") or ()):
            for cite in label.get("citations") or ():
                if cite.get("doc") != label.get("doc"):
                    out.append(_problem(f"findings.framing[{i}].labels[{j}]", "cites another document than its own", cite))
    return out


def _repeats_problems(findings: dict, facts: dict[str, dict]) -> list[CitationProblem]:
    """A one-outlet item's ``repeats`` names an item above (corroborated, conflict, dispute) whose
    cited sentence — a citation of it, or its fact's headline — holds every citation of the item."""
    above: dict[str, list[dict]] = {}
    for key in ("corroborated", "conflicts", "disputes"):
        for item in findings.get(key) or ():
            spans = _cited(item.get("citations"))
            head = _dict(facts.get(str(item.get("fact")))).get("headline")
            above[str(item.get("id"))] = [*spans, *([head] if isinstance(head, dict) else [])]
    out: list[CitationProblem] = []
    for i, item in enumerate(findings.get("single_source") or ()):
        covering = item.get("repeats")
        if covering is None:
            continue
        where = f"findings.single_source[{i}].repeats"
        if str(covering) not in above:
            out.append(_problem(where, f"names {covering!r}, no corroborated, conflict or dispute item"))
            continue
        cites = _cited(item.get("citations"))
        if not cites or not any(all(c.get("doc") == s.get("doc") and _is_int(c.get("start")) and _is_int(c.get("end"))
                                        and _is_int(s.get("start")) and _is_int(s.get("end"))
                                        and s["start"] <= c["start"] and c["end"] <= s["end"] for c in cites)
                                    for s in above[str(covering)]):
            out.append(_problem(where, f"its citations are not inside one sentence {covering} cites"))
    return out


def check_report_file(path: str | Path) -> list[CitationProblem]:
    return check_report(load_report(path))


# ------------------------------------------------------------------ sources


def check_sources(report: dict, originals: dict[str, str]) -> list[CitationProblem]:
    """Each document's text against the original it was read from (by document id)."""
    problems = []
    for i, d in enumerate(report.get("documents") or ()):
        if not isinstance(d, dict) or not isinstance(d.get("id"), str):
            continue
        original = originals.get(d["id"])
        if original is None:
            problems.append(_problem(f"documents[{i}]", f"{d['id']!r} is not among the sources"))
        elif d.get("text") != original:
            problems.append(_problem(f"documents[{i}].text", f"{d['id']!r} differs from its source ({_first_difference(d.get('text') or '', original)})"))
    return problems


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at character {n}"


def read_sources(path: str | Path, ids: Iterable[str] = ()) -> dict[str, str]:
    """Original texts by document id: from a folder/files of articles, or a corpus file."""
    path = Path(path)
    if path.is_file() and _is_sqlite(path):
        from newsprism.corpus.corpus import Corpus

        with Corpus(path) as corpus:
            found = {i: corpus.article(i) for i in ids}
            return {i: a.text for i, a in found.items() if a is not None}
    from newsprism.corpus.readers import read_paths

    articles, _ = read_paths([path])
    return {a.id: a.text for a in articles}


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


# Checks of what the citations support. Another module adds its own by extending this
# tuple where it is used (``check_report(..., extra=(my_check,))``) or here.
SEMANTIC_CHECKS: tuple[Callable[[dict], Iterable[CitationProblem]], ...] = (
    check_summary,
    check_findings,
    check_quotes,
    check_figures,
    check_findings_structure,
)
