"""The optional LLM summary: the check on each sentence, and the HTTP round trip.

The endpoint is a local http.server on 127.0.0.1 that answers the OpenAI
chat-completions protocol; what it "writes" is built from the facts newsprism
sent it, so the tests exercise the real request, the parsing and the check.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from newsprism.check import check_report
from newsprism.compare.llm_summary import LLMConfig, SummaryRejected, llm_summary, verify_predicate, verify_sentence

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"

SOURCE = [
    "The initial evacuation deal was mediated late Tuesday by Turkey and Russia.",
    "Rami Abdurrahman said more than 15,000 civilians remained in the enclave.",
]


def test_a_faithful_paraphrase_passes():
    assert verify_sentence("Turkey and Russia mediated the initial evacuation deal late Tuesday.", SOURCE) is None
    assert verify_sentence("More than 15,000 civilians remained in the enclave, Abdurrahman said.", SOURCE) is None


@pytest.mark.parametrize(
    "sentence, reason",
    [
        ("More than 50,000 civilians remained in the enclave.", "numbers"),
        ("Iran and Russia mediated the initial evacuation deal late Tuesday.", "name"),
        ("Abdurrahman said “more than 20 thousand civilians remained”.", "numbers"),
        ("Abdurrahman said “civilians remained in the city”.", "quote"),
        ("Turkey and Russia did not mediate the initial evacuation deal.", "negation"),
        ("Turkey and Russia imposed harsh sanctions, froze assets and expelled diplomats.", "words"),
        ("Turkey mediated the deal.", None),
    ],
)
def test_an_unfaithful_sentence_is_rejected(sentence, reason):
    problem = verify_sentence(sentence, SOURCE)
    if reason is None:
        assert problem is None
    else:
        assert problem is not None and reason in problem


def test_what_happened_must_be_what_the_cited_text_says_happened(nlp):
    # the Times' "I don't have memory of this photograph" is not Fox's "certain he did not send": the
    # word check lets a model's paraphrase of one cited to the other through, the predicate check not
    source = ["Mr. Weiner said he is certain he did not send a lewd photo to the woman."]
    sentence = "Mr. Weiner said he has no memory of the photo."
    assert verify_sentence(sentence, source) is None
    problem = verify_predicate(nlp(sentence), [nlp(s) for s in source])
    assert problem is not None and "memory" in problem
    assert verify_predicate(nlp("Mr. Weiner said he did not send the photo."), [nlp(s) for s in source]) is None


def test_a_flipped_predicate_is_rejected_where_the_text_has_another_negation(nlp):
    source = [*SOURCE, "Officials did not say when the buses would leave."]
    sentence = "Turkey and Russia did not mediate the initial evacuation deal late Tuesday."
    assert verify_sentence(sentence, source) is None  # a "not" is somewhere in the text
    problem = verify_predicate(nlp(sentence), [nlp(s) for s in source])
    assert problem is not None and "not mediate" in problem
    faithful = "Turkey and Russia mediated the initial evacuation deal late Tuesday."
    assert verify_predicate(nlp(faithful), [nlp(s) for s in source]) is None


def test_nothing_cited_is_rejected():
    assert verify_sentence("Turkey mediated the deal.", []) == "cites nothing"


class _Endpoint(BaseHTTPRequestHandler):
    mode = "faithful"
    requests: list[dict] = []

    def log_message(self, *args):  # keep pytest output clean
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body})
        prompt = body["messages"][-1]["content"]
        # the first fact and its first supporting sentence, as newsprism listed them
        fact = re.search(r"^\[(C\d+)\].*\n\s+[^:]+: (.+)$", prompt, re.M)
        fact_id, sentence = fact.group(1), fact.group(2)
        if self.mode == "invented":
            sentence = "Exactly 4,321 people left on 17 buses, Iran said."
        if self.mode == "unauthorized":
            self.send_response(401, "Unauthorized")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.mode == "redirect":
            self.send_response(307)
            self.send_header("Location", "http://127.0.0.1:9/v1/chat/completions")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.mode == "slow":
            import time

            time.sleep(1.5)
        if self.mode == "huge":
            payload = b"{" + b" " * 2_100_000 + b"}"
            self.send_response(200)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        if self.mode == "garbage":
            content = "I cannot help with that."
        else:
            content = "```json\n" + json.dumps({"sentences": [{"text": sentence, "cites": [fact_id]}]}) + "\n```"
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture(scope="module")
def endpoint():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)  # a slow answer holds up no other test
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


@pytest.fixture(scope="module")
def analysis(nlp):
    from newsprism import analyze

    return analyze([EXAMPLE], nlp=nlp)


def test_a_faithful_llm_summary_is_used_and_cited(endpoint, analysis):
    _Endpoint.mode, _Endpoint.requests = "faithful", []
    result = llm_summary(analysis, LLMConfig(url=endpoint, model="test-model", timeout=10))
    assert result.summary_backend == "llm"
    (sentence,) = result.findings.summary
    assert sentence.findings == ("C1",)
    assert set(sentence.citations) == set(analysis.findings.corroborated[0].citations)
    (request,) = _Endpoint.requests
    assert request["path"] == "/v1/chat/completions" and request["body"]["model"] == "test-model"
    assert check_report(result.to_dict()) == []


def test_an_invented_summary_is_rejected(endpoint, analysis):
    _Endpoint.mode = "invented"
    with pytest.raises(SummaryRejected, match="numbers not in the cited text"):
        llm_summary(analysis, LLMConfig(url=endpoint, model="m", timeout=10))
    _Endpoint.mode = "garbage"
    with pytest.raises(SummaryRejected, match="not \\{"):
        llm_summary(analysis, LLMConfig(url=endpoint, model="m", timeout=10))


@pytest.mark.parametrize(
    "mode, reason",
    [
        ("unauthorized", "answered HTTP 401 Unauthorized"),
        ("redirect", "redirects (HTTP 307) to http://127.0.0.1:9/v1/chat/completions"),
        ("slow", "did not answer within 0.5 s"),
        ("huge", "answered more than 2,000,000 bytes"),
    ],
)
def test_http_failures_are_one_line_reasons(endpoint, analysis, mode, reason):
    _Endpoint.mode = mode
    try:
        with pytest.raises(SummaryRejected) as caught:
            llm_summary(analysis, LLMConfig(url=endpoint, model="m", timeout=0.5))
    finally:
        _Endpoint.mode = "faithful"
    assert reason in str(caught.value)


def test_a_closed_port_is_unreachable(analysis):
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SummaryRejected, match="unreachable"):
        llm_summary(analysis, LLMConfig(url=f"http://127.0.0.1:{port}/v1", model="m", timeout=5))


def test_unreachable_endpoint_and_missing_config():
    with pytest.raises(SummaryRejected, match="needs an endpoint"):
        LLMConfig.from_env(url="", model="")
    with pytest.raises(SummaryRejected, match="not an http"):
        LLMConfig.from_env(url="file:///etc/passwd", model="m")


def test_cli_keeps_the_extractive_summary_when_the_model_invents(endpoint, tmp_path):
    from typer.testing import CliRunner

    from newsprism.cli import app

    _Endpoint.mode = "invented"
    out = tmp_path / "report.json"
    result = CliRunner().invoke(
        app, ["analyze", str(EXAMPLE), "-f", "json", "-o", str(out), "--summary", "llm",
              "--llm-url", endpoint, "--llm-model", "m"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["summary_backend"] == "extractive"
    assert "numbers not in the cited text" in report["summary_note"]
    assert report["findings"]["summary"], "the extractive summary is kept"
    assert "LLM summary not used" in result.output

    _Endpoint.mode = "faithful"
    result = CliRunner().invoke(
        app, ["analyze", str(EXAMPLE), "-f", "json", "-o", str(out), "--force", "--summary", "llm",
              "--llm-url", endpoint, "--llm-model", "m"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["summary_backend"] == "llm" and report["summary_note"] is None
    assert check_report(report) == []
