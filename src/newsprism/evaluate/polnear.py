"""Direct-quote extraction scored on PolNeAR (Newell, Margolin & Ruths, LREC 2018).

PolNeAR annotates every attribution (direct, indirect and mixed) in brat
standoff: ``T`` lines hold Source, Cue and Content spans (possibly
discontinuous, "s e;s e"), and an ``E`` line ``Attribution:T4 Content:T3
Cue:T2 Source:T1`` joins them (``Attribution-no-source`` when there is none).

Gold direct quotes (the rule)
-----------------------------
A gold direct quote is a stretch of an attribution's Content that lies inside
double quotation marks ("..." or “...”). Each Content fragment is widened to
take in a mark that sits right outside it (only spaces between), then its
marks are read left to right: “ opens, ” closes, a straight " opens when a
space or the fragment start precedes it, and closes otherwise. Every top-level
quoted stretch is one gold quote, marks excluded and surrounding spaces
trimmed - the same convention as ``Quote.start:end``. A fragment that ends
inside an open quote (a quote continued in the next paragraph) gives the
stretch up to its end; a closing mark with no opener in the fragment closes a
stretch that began at the fragment start. So a fully quoted Content is one gold
quote, and an indirect Content with a quoted phrase in it ("said her team
wanted to “keep the details ... under wraps.”") gives that phrase, as a partial
quote. A transcript's paragraph ("PENCE: Well, look, ..." opened by a mark before its Source
"PENCE" and Cue ":") is inside that mark: a Content fragment whose own attribution's Source
and Cue are all that stands between it and a mark opening its paragraph is one quote from the
fragment's start. Single quotation marks are not read (they are mostly apostrophes and
quotes inside quotes), but two apostrophes in a row are one double mark: PolNeAR's
New York Times texts write every quotation mark so (''We finally may be seeing ...,''
she said), and 116 of its train texts have them. Each such pair is read as one
straight mark at the quoted word's side (the pair's mark is the character next to
the quoted words; opening when a space or the fragment start precedes the pair). The gold speaker of a quote is its attribution's Source
span(s); a quote from an ``Attribution-no-source`` has none.

What counts as right
--------------------
- content, ``_exact``: predicted ``(start, end)`` equals a gold quote's;
  ``_overlap``: they share at least one character; each gold and predicted
  quote is matched at most once (see ``evaluate.spans``). ``_token``: share of
  whitespace tokens covered by both.
- speaker: judged on the words, not on one-to-one pairs: a gold quote's speaker
  is found when a prediction that shares characters with it names a source that
  matches one of its Source fragments - ``_exact`` same start and end,
  ``_overlap`` shared characters; a prediction is right when it names the source
  of a gold quote it shares characters with. (PolNeAR gives each sentence of a
  long quote its own attribution; one predicted quote holding both sentences
  with their speaker gives both theirs.) The prediction's source is either the cue's subject as written
  (``QuoteAttribution.source_written``: "he", "a source", "Abdurrahman") or the
  name the speaker was resolved to (``Quote.speaker_span``), since PolNeAR
  annotates the former and newsprism reports the latter. Precision is over
  predicted quotes that name a source, recall over gold quotes that have one.
- a gold Source that is a name written elsewhere than the prediction's source
  (the annotator marked "Trump" two sentences up, the prediction "he" at the cue,
  resolved to Donald Trump) counts when newsprism's own name resolution
  (``People.person_of``, as for any name) takes that gold name to the person the
  prediction reports - ``_exact`` when the gold span is that name as newsprism
  writes a source (``as_written``), ``_overlap`` otherwise. Only names: a gold
  pronoun or noun is matched as written, never through a resolution. The same rule
  on every split; ``quote_speaker_f1_{exact,overlap}_as_written`` keep the
  figure before session 32 (one-to-one pairs, the source as written alone).

Documents annotated by several annotators (the agreement set) use the first
annotation file in name order.

Run: ``python -m newsprism.evaluate.polnear [SPLIT_DIR] [--limit N] [--offset N]``. The
held-out half is ``train --limit 150`` (120 Breitbart and 30 HuffPost texts); ``train --offset
150`` is the rest of train (neither dev nor held-out), free to study.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from newsprism.attribution import People, as_written
from newsprism.model import Article, Mention
from newsprism.evaluate.spans import match_spans, prf, span_prf, token_prf

__all__ = [
    "AnnSpan",
    "AnnAttribution",
    "GoldQuote",
    "parse_ann",
    "quoted_stretches",
    "gold_quotes",
    "evaluate_polnear",
    "DEFAULT_SPLIT",
]

DEFAULT_SPLIT = Path(__file__).resolve().parents[3].parent / "shared" / "datasets" / "polnear" / "dev"
_ANN_SUFFIX = re.compile(r"_[0-9a-f]{4}\.ann$")


@dataclass(frozen=True)
class AnnSpan:
    id: str
    label: str
    fragments: tuple[tuple[int, int], ...]
    text: str


@dataclass(frozen=True)
class AnnAttribution:
    id: str
    sources: tuple[tuple[int, int], ...]
    cues: tuple[tuple[int, int], ...]
    contents: tuple[tuple[int, int], ...]
    has_source: bool


@dataclass(frozen=True)
class GoldQuote:
    start: int
    end: int
    sources: tuple[tuple[int, int], ...]


def parse_ann(ann: str) -> list[AnnAttribution]:
    """The attributions of one brat ``.ann`` file (T and E lines; others ignored)."""
    spans: dict[str, AnnSpan] = {}
    events: list[tuple[str, list[tuple[str, str]]]] = []
    for line in ann.splitlines():
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        if parts[0].startswith("T") and len(parts) >= 2:
            label, _, offsets = parts[1].partition(" ")
            fragments = tuple(
                (int(a), int(b)) for a, b in (frag.split() for frag in offsets.split(";") if frag.strip())
            )
            spans[parts[0]] = AnnSpan(parts[0], label, fragments, parts[2] if len(parts) > 2 else "")
        elif parts[0].startswith("E"):
            args = [tuple(arg.split(":", 1)) for arg in parts[1].split() if ":" in arg]
            events.append((parts[0], args))  # type: ignore[arg-type]
    out: list[AnnAttribution] = []
    for event_id, args in events:
        roles: dict[str, list[tuple[int, int]]] = {"Source": [], "Cue": [], "Content": []}
        kind = args[0][0] if args else ""
        for role, ref in args[1:]:
            base = re.sub(r"\d+$", "", role)  # Content2 -> Content
            if base in roles and ref in spans:
                roles[base].extend(spans[ref].fragments)
        out.append(
            AnnAttribution(
                event_id,
                tuple(roles["Source"]),
                tuple(roles["Cue"]),
                tuple(roles["Content"]),
                kind == "Attribution" and bool(roles["Source"]),
            )
        )
    return out


def _opens(text: str, i: int, lo: int) -> bool:
    ch = text[i]
    if ch == "“":
        return True
    if ch == "”":
        return False
    return i == lo or text[i - 1].isspace() or text[i - 1] in "([—"


def _pairs_as_marks(text: str) -> str:
    """``text``, same length, with each ``''`` read as one straight mark (see the module doc)."""
    if "''" not in text:
        return text
    out = list(text)
    i = text.find("''")
    while i != -1:
        opening = (i == 0 or text[i - 1].isspace() or text[i - 1] in "([—") and not text[i + 2 : i + 3].isspace()
        out[i], out[i + 1] = (" ", '"') if opening else ('"', " ")
        i = text.find("''", i + 2)
    return "".join(out)


def quoted_stretches(text: str, start: int, end: int, opened: bool = False) -> list[tuple[int, int]]:
    """Top-level double-quoted stretches within ``text[start:end]`` (see the module doc);
    ``opened``: the fragment starts inside a quote opened before it."""
    text = _pairs_as_marks(text)
    lo, hi = start, end
    j = lo - 1
    while j >= 0 and text[j] == " ":
        j -= 1
    if not opened and j >= 0 and text[j] in "“\"" and (lo >= len(text) or text[lo] not in "“\""):
        lo = j
    j = hi
    while j < len(text) and text[j] == " ":
        j += 1
    if j < len(text) and text[j] in "”\"" and (hi == 0 or text[hi - 1] not in "”\""):
        hi = j + 1
    stretches: list[tuple[int, int]] = []
    depth = 1 if opened else 0
    opened_at = lo
    for i in range(lo, hi):
        if text[i] not in "“”\"":
            continue
        if _opens(text, i, lo):
            if depth == 0:
                opened_at = i + 1
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                stretches.append((opened_at, i))
        elif not stretches:
            stretches.append((lo, i))  # the quote began before this fragment
    if depth > 0:
        stretches.append((opened_at, hi))
    out = []
    for s, e in stretches:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def _opened_before_own_source(text: str, start: int, attribution: AnnAttribution) -> bool:
    """Does a Content fragment at ``start`` lie in a quote opened right before its own
    attribution's Source and Cue, at a paragraph's start? A transcript's paragraph
    ("\"PENCE: Well, look, ...": Source "PENCE", Cue ":", Content the rest)."""
    own = sorted(attribution.sources + attribution.cues)
    j = start
    for s, e in reversed(own):
        k = j - 1
        while k >= 0 and text[k] == " ":
            k -= 1
        if e != k + 1 or s >= j:
            continue
        j = s
    if j == start:
        return False
    k = j - 1
    return k >= 0 and text[k] in "“\"" and (k == 0 or text[k - 1] == "\n")


def gold_quotes(text: str, attributions: Sequence[AnnAttribution]) -> list[GoldQuote]:
    """The direct quotes of one document, each with its attribution's Source spans."""
    out: dict[tuple[int, int], GoldQuote] = {}
    for attribution in attributions:
        sources = attribution.sources if attribution.has_source else ()
        for start, end in attribution.contents:
            opened = _opened_before_own_source(text, start, attribution)
            for s, e in quoted_stretches(text, start, end, opened):
                out.setdefault((s, e), GoldQuote(s, e, sources))
    return sorted(out.values(), key=lambda q: (q.start, q.end))


def _documents(split_dir: Path, limit: int | None, offset: int = 0) -> list[tuple[str, str, list[AnnAttribution]]]:
    """The annotated texts of a split in name order, the first ``offset`` skipped, at most ``limit``."""
    annotations: dict[str, Path] = {}
    for ann in sorted((split_dir / "attributions").glob("*.ann")):
        annotations.setdefault(_ANN_SUFFIX.sub("", ann.name), ann)
    docs = []
    skipped = 0
    for path in sorted((split_dir / "text").glob("*.txt")):
        ann = annotations.get(path.stem)
        if ann is None:
            continue
        if skipped < offset:
            skipped += 1
            continue
        docs.append((path.stem, path.read_text(encoding="utf-8"), parse_ann(ann.read_text(encoding="utf-8"))))
        if limit is not None and len(docs) >= limit:
            break
    return docs


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _speakers_judged(
    gold: Sequence[GoldQuote], predicted: Sequence[Any], sources: Sequence[list[tuple[int, int]]],
    article: Article, parsed: Any, mentions: Sequence[Mention],
) -> dict[str, tuple[set[int], set[int]]]:
    """Per mode, the gold quotes and the predictions whose speaker is right: a gold quote is, when
    a prediction that shares words with it names its source (as written, or a gold name that
    resolves to the reported speaker, :func:`_named_as`); a prediction is, when it names the
    source of a gold quote it shares words with. Words, not one-to-one pairs: a prediction that
    runs over two gold quotes (PolNeAR gives each sentence of a long quote its own attribution)
    gives both their speaker."""
    out: dict[str, tuple[set[int], set[int]]] = {"exact": (set(), set()), "overlap": (set(), set())}
    people: People | None = None
    for gi, g in enumerate(gold):
        if not g.sources:
            continue
        for pi, p in enumerate(predicted):
            if not sources[pi] or not _overlaps((g.start, g.end), (p.quote.start, p.quote.end)):
                continue
            exact = any(s in g.sources for s in sources[pi])
            overlap = any(_overlaps(s, f) for s in sources[pi] for f in g.sources)
            reported = p.quote.speaker_span
            if not exact and reported is not None:
                people = people or People(article.id, article.text, parsed, mentions)
                named = [_named_as(people, parsed, article.text, f, reported.text) for f in g.sources]
                exact = any(n == "exact" for n in named)
                overlap = overlap or any(named)
            for mode, hit in (("exact", exact), ("overlap", overlap)):
                if hit:
                    out[mode][0].add(gi)
                    out[mode][1].add(pi)
    return out


def _named_as(people: People, parsed: Any, text: str, fragment: tuple[int, int], name: str) -> str:
    """Does a gold Source fragment name the person a prediction reports as ``name``? Only a name
    counts (a pronoun's or a noun's referent is not the annotation's to give): the fragment's head
    word names, by the same resolution newsprism gives any name ("Trump" -> "Donald Trump"), the
    person ``name`` is. "exact" when the fragment is that name as newsprism writes a source, "overlap"
    when it only shares words with it, "" when it names someone else or is not a name."""
    span = parsed.char_span(*fragment, alignment_mode="expand")
    if span is None or not len(span) or span.root.pos_ != "PROPN":
        return ""
    person = people.person_of(span.root)
    if person is None or person.name is None or person.written is None or person.name.text != name:
        return ""
    # as newsprism writes a source it reports (QuoteAttribution.source_written): title, party tag, apposition
    return "exact" if fragment == as_written(span.root, person.written.start, person.written.end, text) else "overlap"


def evaluate_polnear(
    split_dir: Path = DEFAULT_SPLIT, nlp: Any = None, limit: int | None = None, offset: int = 0
) -> dict[str, float]:
    """Content and speaker P/R/F1 of ``extract_quotes`` on a PolNeAR split (see the module doc)."""
    from newsprism.extract.quotes import attribute_quotes

    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    docs = _documents(Path(split_dir), limit, offset)
    gold_content: list[tuple[int, int, str]] = []
    pred_content: list[tuple[int, int, str]] = []
    texts: dict[str, str] = {}
    gold_hits = {"exact": 0, "overlap": 0}  # gold quotes whose words a prediction gives their source
    pred_hits = {"exact": 0, "overlap": 0}  # predictions that give the source of gold words they hold
    written_hits = {"exact": 0, "overlap": 0}  # the source as written only, as before session 32
    gold_with_source = 0
    pred_with_source = 0
    for (doc_id, text, attributions), parsed in zip(docs, nlp.pipe(d[1] for d in docs)):
        texts[doc_id] = text
        article = Article(id=doc_id, text=text)
        mentions = [Mention(doc_id, e.start_char, e.end_char, e.text, e.label_) for e in parsed.ents]
        predicted = attribute_quotes(article, parsed, mentions)
        gold = gold_quotes(text, attributions)
        gold_content += [(g.start, g.end, doc_id) for g in gold]
        pred_content += [(p.quote.start, p.quote.end, doc_id) for p in predicted]
        gold_with_source += sum(1 for g in gold if g.sources)
        sources = []
        for p in predicted:
            claimed = [s for s in (p.source_written, p.quote.speaker_span) if s is not None]
            sources.append([(s.start, s.end) for s in claimed])
            pred_with_source += bool(claimed)
        pairs = match_spans(
            [(g.start, g.end) for g in gold], [(p.quote.start, p.quote.end) for p in predicted], "overlap"
        )
        for gi, pi in pairs:  # as before session 32: one-to-one pairs, the source as written
            written_hits["exact"] += any(s in gold[gi].sources for s in sources[pi])
            written_hits["overlap"] += any(_overlaps(s, g) for s in sources[pi] for g in gold[gi].sources)
        judged = _speakers_judged(gold, predicted, sources, Article(id=doc_id, text=text), parsed, mentions)
        for mode in ("exact", "overlap"):
            gold_hits[mode] += len(judged[mode][0])
            pred_hits[mode] += len(judged[mode][1])
    metrics: dict[str, float] = {"quote_docs": float(len(docs))}
    for mode in ("exact", "overlap"):
        content = span_prf(gold_content, pred_content, mode)  # type: ignore[arg-type]
        speaker = prf(pred_hits[mode], pred_with_source, gold_hits[mode], gold_with_source)
        written = prf(written_hits[mode], pred_with_source, written_hits[mode], gold_with_source)
        for name in ("precision", "recall", "f1"):
            metrics[f"quote_content_{name}_{mode}"] = content[name]
            metrics[f"quote_speaker_{name}_{mode}"] = speaker[name]
        metrics[f"quote_speaker_f1_{mode}_as_written"] = written["f1"]
        metrics[f"quote_content_matched_{mode}"] = content["matched"]
        metrics[f"quote_speaker_matched_{mode}"] = float(gold_hits[mode])
    soft = token_prf(gold_content, pred_content, texts)
    for name in ("precision", "recall", "f1"):
        metrics[f"quote_content_{name}_token"] = soft[name]
    metrics["quote_gold_count"] = float(len(set(gold_content)))
    metrics["quote_predicted_count"] = float(len(set(pred_content)))
    metrics["quote_gold_with_source_count"] = float(gold_with_source)
    metrics["quote_predicted_with_source_count"] = float(pred_with_source)
    return metrics


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m newsprism.evaluate.polnear", description=__doc__.splitlines()[0])
    parser.add_argument("split_dir", nargs="?", type=Path, default=DEFAULT_SPLIT)
    parser.add_argument("--limit", type=int, default=None, help="score only the first N documents (after --offset)")
    parser.add_argument(
        "--offset",
        type=int,
        default=0,
        help="skip the first N documents in name order (train --offset 150: the texts past the held-out half)",
    )
    args = parser.parse_args(argv)
    if not (args.split_dir / "text").is_dir():
        parser.error(f"{args.split_dir} has no text/ folder (expected a PolNeAR split such as .../polnear/dev)")
    for key, value in evaluate_polnear(args.split_dir, None, args.limit, args.offset).items():
        print(f"{key}\t{value:.4f}" if value % 1 else f"{key}\t{int(value)}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
