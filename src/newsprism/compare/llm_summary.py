"""An optional summary written by a language model, accepted only when it is faithful.

Off by default: the extractive summary of :mod:`newsprism.compare.findings` needs no
model. When a user points newsprism at an OpenAI-compatible endpoint (a local
llama.cpp / vLLM / Ollama server or a hosted one), the model gets the story's
findings as numbered facts, each with the source sentences that support it, and
must answer with sentences that each cite the facts they rest on.

Every sentence then passes :func:`verify_sentence` against the exact source
text of the findings it cites: the citations must exist, every number, every
capitalised name and every quoted phrase must be in that text, the negation
must not flip, and most content words must come from it. And it passes
:func:`verify_predicate` against each finding it cites, the rule the extractive
summary's citations obey: the finding's text must tell what the sentence says
happened, in a word of its predicate with the same polarity (a sentence saying
"Weiner said he has no memory of the photograph" is not stated by "Weiner said he
is certain he did not send the photo"). One failing sentence
rejects the whole summary (the extractive one is kept, and the reason is
reported): a summary that is partly invented is worse than none.

The request goes through httpx: ``timeout`` seconds for connecting and for each
read, an answer larger than 2 MB or an HTTP error status is a rejection with its
reason, redirects are not followed (a POST that is redirected would lose its body:
the reason names the address to use instead). Nothing is downloaded.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Mapping, Sequence

from newsprism.compare.findings import Finding, Findings, SummarySentence
from newsprism.compare.summary_parts import predicate_words, states_predicate
from newsprism.lexicon import NUMBER_WORDS, SCALE_WORDS, VAGUE_NUMBERS
from newsprism.model import Span, StoryAnalysis

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["LLMConfig", "SummaryRejected", "verify_sentence", "verify_predicate", "llm_summary", "request_sentences"]

ENV_URL = "NEWSPRISM_LLM_URL"
ENV_MODEL = "NEWSPRISM_LLM_MODEL"
ENV_KEY = "NEWSPRISM_LLM_API_KEY"


class SummaryRejected(RuntimeError):
    """The model's summary could not be used; ``args[0]`` says why in one line."""


@dataclass(frozen=True)
class LLMConfig:
    url: str  # base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8080/v1
    model: str
    api_key: str | None = None
    timeout: float = 60.0
    max_sentences: int = 5
    max_facts: int = 20

    @classmethod
    def from_env(cls, url: str | None = None, model: str | None = None) -> "LLMConfig":
        url = url or os.environ.get(ENV_URL)
        model = model or os.environ.get(ENV_MODEL)
        if not url or not model:
            raise SummaryRejected(
                f"the LLM summary needs an endpoint and a model: --llm-url/--llm-model or ${ENV_URL}/${ENV_MODEL}"
            )
        if not url.startswith(("http://", "https://")):
            raise SummaryRejected(f"LLM endpoint {url!r} is not an http(s) address")
        return cls(url=url.rstrip("/"), model=model, api_key=os.environ.get(ENV_KEY))


# ---------------------------------------------------------------- the check

# number words -> the digits a sentence may write them as
# ("scores", "tens" are left out: as words of their own they mostly are not numbers)
_NUMBER_WORDS = {
    w: str(v) for table in (NUMBER_WORDS, SCALE_WORDS, VAGUE_NUMBERS) for w, v in table.items()
    if w not in ("scores", "tens")
} | {"dozen": "12"}
_NEGATIONS = frozenset("not no never nor none nobody nothing denied deny denies n't without".split())
_STOP = frozenset(
    """a an the and or but if of in on at to for from by with as is are was were be been being it its
    this that these those there their they them he she his her we our you your i me my which who whom
    whose what when where while after before during into over under than then so such also more most
    other some any each all both about against between through up down out off again further once
    said says say told according has have had do does did will would could should may might can
    new one two three reports reported report""".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d,.]*")
_QUOTED = re.compile(r"[\"“”]([^\"“”]{3,})[\"“”]")


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"[—–]", "-", text)
    return " ".join(text.lower().split())


def _numbers(text: str) -> set[str]:
    out = {m.replace(",", "").rstrip(".") for m in re.findall(r"\d[\d,.]*", text)}
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _NUMBER_WORDS:
            out.add(_NUMBER_WORDS[word])
    return out


def _stem(word: str) -> str:
    return word.lower().replace("’", "'")[:5]


def verify_sentence(sentence: str, support: Sequence[str]) -> str | None:
    """Why ``sentence`` states something its supporting texts do not; None when it is faithful.

    Conservative by design: a paraphrase that changes a number, adds a name,
    misquotes, drops a negation or brings in many words of its own is rejected.
    """
    if not support:
        return "cites nothing"
    source = " ".join(support)
    nsource = _norm(source)
    missing_numbers = _numbers(sentence) - _numbers(source)
    if missing_numbers:
        return f"numbers not in the cited text: {', '.join(sorted(missing_numbers))}"
    words = _WORD.findall(sentence)
    for word in words:  # the first word too: "Iran mediated…" must not pass as sentence case
        if word[:1].isupper() and word.lower() not in _STOP and word.lower() not in nsource:
            return f"name not in the cited text: {word}"
    for quoted in _QUOTED.findall(sentence):
        if _norm(quoted).strip(" ,.") not in nsource:
            return f"quote not verbatim in the cited text: {quoted!r}"
    said = {w.lower().replace("’", "'") for w in words}
    src_words = {w.lower().replace("’", "'") for w in _WORD.findall(source)}
    if (said & _NEGATIONS) and not (src_words & _NEGATIONS) and not any(w.endswith("n't") for w in src_words):
        return "negation not in the cited text"
    content = [w for w in words if w.lower() not in _STOP and not w[0].isdigit() and len(w) > 3]
    src_stems = {_stem(w) for w in src_words}
    unsupported = [w for w in content if _stem(w) not in src_stems]
    if content and len(unsupported) > max(2, len(content) // 4):
        return f"words not in the cited text: {', '.join(unsupported[:6])}"
    return None


def verify_predicate(sentence: "Doc", support: Sequence["Doc"]) -> str | None:
    """Why the parsed ``sentence`` tells something else happened than its parsed supporting texts
    do; None when one of them uses a word of what it says happened
    (:func:`newsprism.compare.summary_parts.predicate_words`) with the same polarity, or when the
    parse gives no such word. The extractive summary cites a report only on this test; a model's
    paraphrase passes it the same way: its words may be its own, what happened may not."""
    words = predicate_words(sentence, Span("", 0, len(sentence.text), sentence.text))
    if not words:
        return None
    if any(states_predicate(doc, Span("", 0, len(doc.text), doc.text), words) for doc in support):
        return None
    told = ", ".join(f"{'not ' if negated else ''}{word}" for word, negated, top in words if top) or \
        ", ".join(word for word, _, _ in words)
    return f"what it says happened is not in the cited text: {told}"


# ---------------------------------------------------------------- the request


def _facts(findings: Findings, limit: int) -> dict[str, Finding]:
    ordered = list(findings.corroborated) + list(findings.conflicts) + list(findings.single_source)
    return {f.id: f for f in ordered[:limit]}


def _prompt(facts: Mapping[str, Finding], outlets: Mapping[str, str], max_sentences: int) -> list[dict]:
    lines = []
    for fid, finding in facts.items():
        lines.append(f"[{fid}] ({finding.kind}) {finding.about}")
        for span in finding.citations[:4]:
            lines.append(f"    {outlets.get(span.doc, span.doc)}: {' '.join(span.text.split())}")
    system = (
        "You summarise news coverage for fact-checkers. Use ONLY the numbered facts given. "
        "Do not add names, numbers, places, dates or quotes that are not in the cited source text. "
        "Answer with JSON only: {\"sentences\": [{\"text\": \"...\", \"cites\": [\"C1\"]}]}"
    )
    user = (
        f"Write at most {max_sentences} sentences summarising the story across outlets. "
        "Every sentence must cite, in \"cites\", the fact ids it rests on.\n\nFacts:\n" + "\n".join(lines)
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


MAX_ANSWER_BYTES = 2_000_000


def _post(config: LLMConfig, url: str, body: bytes, headers: Mapping[str, str]) -> bytes:
    """The body of the endpoint's answer, or :class:`SummaryRejected` with the reason."""
    import httpx

    try:
        with httpx.Client(timeout=config.timeout, follow_redirects=False) as client:
            with client.stream("POST", url, content=body, headers=headers) as response:
                if response.is_redirect:
                    where = response.headers.get("location", "?")
                    raise SummaryRejected(
                        f"LLM endpoint {config.url} redirects (HTTP {response.status_code}) to {where}: use that address"
                    )
                if response.status_code >= 400:
                    raise SummaryRejected(
                        f"LLM endpoint {config.url} answered HTTP {response.status_code} {response.reason_phrase}"
                    )
                chunks, size = [], 0
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > MAX_ANSWER_BYTES:
                        raise SummaryRejected(f"LLM endpoint {config.url} answered more than {MAX_ANSWER_BYTES:,} bytes")
                    chunks.append(chunk)
                return b"".join(chunks)
    except httpx.TimeoutException as exc:
        raise SummaryRejected(f"LLM endpoint {config.url} did not answer within {config.timeout:g} s") from exc
    except httpx.HTTPError as exc:  # connection refused, DNS, protocol errors
        raise SummaryRejected(f"LLM endpoint {config.url} unreachable: {exc}") from exc


def request_sentences(config: LLMConfig, messages: list[dict]) -> list[dict]:
    """POST to ``{url}/chat/completions``; the model's sentences as ``[{"text", "cites"}]``."""
    body = json.dumps({"model": config.model, "messages": messages, "temperature": 0}).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    if config.api_key:
        headers["Authorization"] = f"Bearer {config.api_key}"
    raw = _post(config, f"{config.url}/chat/completions", body, headers)
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise SummaryRejected(f"LLM endpoint {config.url} did not answer JSON") from exc
    try:
        content = payload["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError) as exc:
        raise SummaryRejected("LLM answer has no choices[0].message.content") from exc
    match = re.search(r"\{.*\}", content or "", re.S)  # models wrap JSON in prose or code fences
    try:
        sentences = json.loads(match.group(0))["sentences"] if match else None
    except (ValueError, KeyError, TypeError):
        sentences = None
    if not isinstance(sentences, list) or not all(isinstance(s, dict) for s in sentences):
        raise SummaryRejected("LLM answer is not {\"sentences\": [{\"text\", \"cites\"}]}")
    return sentences


def llm_summary(analysis: StoryAnalysis, config: LLMConfig, nlp: "Language | None" = None) -> StoryAnalysis:
    """``analysis`` with its summary written by the model, or :class:`SummaryRejected`.

    Each accepted sentence cites every span of the findings it names; its text is
    the model's, checked against those spans by :func:`verify_sentence` and against each
    finding's spans by :func:`verify_predicate` (``nlp`` parses them; the English pipeline
    is loaded when none is given).
    """
    findings = analysis.findings
    if findings is None:
        raise SummaryRejected("no findings to summarise")
    facts = _facts(findings, config.max_facts)
    if not facts:
        raise SummaryRejected("no findings to summarise")
    outlets = {d.id: d.outlet or d.id for d in analysis.documents}
    answer = request_sentences(config, _prompt(facts, outlets, config.max_sentences))
    if not answer:
        raise SummaryRejected("the model wrote no sentence")
    summary: list[SummarySentence] = []
    for k, item in enumerate(answer[: config.max_sentences], 1):
        text = str(item.get("text", "")).strip()
        cites = [str(c).strip("[] ") for c in item.get("cites", []) if isinstance(c, (str, int))]
        unknown = [c for c in cites if c not in facts]
        if not text or not cites or unknown:
            raise SummaryRejected(f"sentence {k} cites {'unknown facts ' + ', '.join(unknown) if unknown else 'nothing'}")
        spans: list[Span] = []
        for c in cites:
            spans.extend(s for s in facts[c].citations if s not in spans)
        problem = verify_sentence(text, [s.text for s in spans])
        if problem is None:
            if nlp is None:
                from newsprism.nlp import load_pipeline

                nlp = load_pipeline()
            parsed = nlp(text)
            # each fact cited must tell it: a sentence citing two tells one thing of each; a conflict's
            # versions tell what the outlets disagree on, which the sentence may say in words of its own
            problem = next((p for c in cites if facts[c].kind != "conflict"
                            and (p := verify_predicate(parsed, list(nlp.pipe(s.text for s in facts[c].citations))))),
                           None)
        if problem:
            raise SummaryRejected(f"sentence {k} rejected ({problem}): {text!r}")
        summary.append(SummarySentence(text, tuple(spans), tuple(cites)))
    return replace(analysis, findings=replace(findings, summary=tuple(summary)), summary_backend="llm")
