"""Fuzz the readers and the analysis with generated hostile inputs; count crashes and hangs.

    python bench/fuzz.py --readers 100000 --analyze 3000 --seed 1

- **readers**: generated records written as JSONL lines, CSV rows, news-please JSON,
  RSS/Atom items, and text/HTML/binary files, read through ``iter_inputs`` (what
  ``newsprism ingest`` uses) and ``read_paths`` (what ``analyze`` uses). Every record
  must come back as an Article or a Skipped, nothing may raise.
- **analyze**: generated articles (payloads spliced into real sentences of the example
  story, hostile publication dates) analysed in stories of ``--story-size`` through the
  whole pipeline (findings included), then rendered in every format and checked with
  ``newsprism check``. Nothing may raise; every report must pass the check.

A "hang" is one input (one story) that uses more than ``--hang`` seconds of CPU (default
10): SIGPROF stops it and it is counted (wall time on a shared machine measures the other
processes too; a wall-clock net at six times that catches a call blocked without CPU). Prints one JSON line of counts (docs/reliability.md).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"

PAYLOADS = [
    "[/]", "[bold red]x[/]", "[link=https://evil.example]x[/link]", "[conceal]hidden[/conceal]", ":warning:",
    "\x1b[2J", "\x1b]0;title\x07", "\x1b]8;;https://evil.example\x1b\\x\x1b]8;;\x1b\\", "\x9b31m", "\x08\x08", "\r",
    "\u202e", "\u200f", "\ufeff", "\x00", "\x7f", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))", "`code`", "*bold*", "|", "&amp;", "\ud800", "\udfff", '"' * 27, "“" * 15, "’" * 20,
    "'s" * 10, "..." * 20, "—" * 30, "(" * 40, ")" * 40, "\n" * 50, " " * 200, "\t" * 30, "0" * 400,
    "1,000,000,000,000,000,000", "9" * 60, "Monday", "last Friday", "3 days ago", "tomorrow at 11:30 p.m.",
    "Dec. 14", "on Dec. 31, 9999", "in year 1", "more than 150 people", "tens of thousands", "half",
    "Mr. Smith said", "“Quote,” she said.", '"Unclosed quote said the man', "according to officials",
    "Fouaa", "Abu Zayd", "\u0627\u0644\u0633\u0644\u0627\u0645", "你好世界", "🙂" * 10, "e\u0301" * 10, "ﬁ",
]
DATES = [None, "", "0001-01-01", "0001-01-01T00:00:00", "9999-12-31", "9999-12-31T23:59:59", "2016-12-14",
         "not a date", "2016-02-30", "-5", "10000-01-01", "2016-12-14T25:61:00", "1970-01-01", "2038-01-19"]


def _sentences() -> list[str]:
    import re

    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt")))
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.strip()) > 20]


def _text(rng: random.Random, sentences: list[str]) -> str:
    parts = []
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.45:
            sentence = rng.choice(sentences)
            if rng.random() < 0.5:  # splice a payload into it
                cut = rng.randint(0, len(sentence))
                sentence = sentence[:cut] + rng.choice(PAYLOADS) + sentence[cut:]
            parts.append(sentence)
        elif kind < 0.75:
            parts.append(rng.choice(PAYLOADS) * rng.randint(1, 4))
        elif kind < 0.9:
            parts.append("".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(1, 80))))
        else:
            parts.append("".join(rng.choice('"“”’\'.,;:()[]*_|<>`\\') for _ in range(rng.randint(1, 60))))
    return rng.choice([" ", "\n", "\n\n", ""]).join(parts)


def _field(rng: random.Random, sentences: list[str]):
    return rng.choice([None, "", 12, 1.5, True, [], {}, ["a", None], _text(rng, sentences)[:80], rng.choice(PAYLOADS)])


class Hang(Exception):
    pass


def _alarm(signum, frame):  # noqa: ARG001
    raise Hang()


class Counts:
    def __init__(self) -> None:
        self.inputs = 0
        self.articles = 0
        self.skipped = 0
        self.crashes = 0
        self.hangs = 0
        self.slowest = 0.0
        self.examples: list[str] = []

    def timed(self, hang: float, fn, *args):
        # a hang is CPU time (ITIMER_PROF): on a shared machine wall time measures the others too;
        # a wall-clock net six times longer catches a call blocked without using CPU
        signal.setitimer(signal.ITIMER_PROF, hang)
        signal.setitimer(signal.ITIMER_REAL, hang * 6)
        started = time.perf_counter()
        try:
            return fn(*args)
        except Hang:
            self.hangs += 1
            self.examples.append(f"hang: {fn.__name__}{args!r:.200}")
            return None
        except Exception:  # a crash: what the fuzz is for
            self.crashes += 1
            if len(self.examples) < 20:
                self.examples.append(traceback.format_exc(limit=3)[-600:])
            return None
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
            if fn.__name__ != "consume":
                self.slowest = max(self.slowest, time.perf_counter() - started)


def fuzz_readers(n: int, rng: random.Random, sentences: list[str], hang: float, counts: Counts, folder: Path) -> None:
    from newsprism.corpus.corpus import iter_inputs
    from newsprism.corpus.readers import read_paths
    from newsprism.model import Article, Skipped

    def consume(paths):
        last = time.process_time()
        for item in iter_inputs(paths):
            now = time.process_time()
            gap, last = now - last, now  # the CPU time one input took to read
            counts.slowest = max(counts.slowest, gap)
            if gap > hang:
                counts.hangs += 1
                counts.examples.append(f"slow input ({gap:.1f} s CPU): {item!r:.300}")
            if isinstance(item, Article):
                counts.articles += 1
                item.text.encode("utf-8")  # what the store will do
            elif isinstance(item, Skipped):
                counts.skipped += 1
                item.message()
            else:
                raise TypeError(f"iter_inputs yielded {type(item).__name__}")
        articles, skipped = read_paths(paths)
        for a in articles:
            a.text.encode("utf-8")

    # first use loads trafilatura, htmldate and feedparser (seconds on a busy machine): not a hang
    warm = folder / "warm"
    warm.mkdir()
    (warm / "a.html").write_text(f"<html><body><article><p>{sentences[0]}</p></article></body></html>", encoding="utf-8")
    (warm / "f.xml").write_text('<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>', encoding="utf-8")
    consume([warm])
    done = 0
    batch = 0
    while done < n:
        batch += 1
        sub = folder / f"b{batch}"
        sub.mkdir()
        per = min(500, n - done)
        kind = batch % 6
        if kind == 0:  # JSONL, some lines broken
            lines = []
            for _ in range(per):
                record = {"id": _field(rng, sentences), "text": _text(rng, sentences), "title": _field(rng, sentences),
                          "outlet": _field(rng, sentences), "published": rng.choice(DATES), "extra": _field(rng, sentences)}
                line = json.dumps(record, ensure_ascii=rng.random() < 0.5)
                if rng.random() < 0.1:
                    line = line[: rng.randint(0, len(line))]
                lines.append(line)
            (sub / "a.jsonl").write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        elif kind == 1:  # CSV, some quotes left open
            with open(sub / "a.csv", "w", encoding="utf-8", errors="surrogatepass", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(rng.choice([["id", "title", "content", "publication", "date"], ["text"], ["body", "x"], []]))
                for i in range(per):
                    row = [str(_field(rng, sentences)), _text(rng, sentences)[:100], _text(rng, sentences),
                           str(_field(rng, sentences)), str(rng.choice(DATES))]
                    if rng.random() < 0.05:
                        handle.write(f'{i},"open quote {row[1]}\n')
                        continue
                    writer.writerow(row[: rng.randint(0, 6)])
        elif kind == 2:  # feed file
            items = "".join(
                f"<item><title>{_text(rng, sentences)[:60]}</title><description>{_text(rng, sentences)}</description>"
                f"<link>{rng.choice(['', 'http://127.0.0.1:9/x', 'file:///etc/passwd', 'javascript:x', 'urn:x'])}</link></item>"
                for _ in range(per)
            )
            xml = f'<?xml version="1.0"?><rss version="2.0"><channel><title>{_text(rng, sentences)[:40]}</title>{items}</channel></rss>'
            if rng.random() < 0.3:
                xml = xml[: rng.randint(0, len(xml))]
            (sub / "feed.xml").write_text(xml, encoding="utf-8", errors="surrogatepass")
        elif kind == 3:  # news-please JSON
            records = [{"maintext": _field(rng, sentences) if rng.random() < 0.2 else _text(rng, sentences),
                        "title": _field(rng, sentences), "date_publish": rng.choice(DATES), "source_domain": _field(rng, sentences)}
                       for _ in range(per)]
            (sub / "np.json").write_text(json.dumps(records), encoding="utf-8")
        else:  # one file per input: text, HTML, binary, other encodings
            per = min(per, 100)
            for i in range(per):
                text = _text(rng, sentences)
                choice = rng.random()
                if choice < 0.35:
                    data = text.encode("utf-8", "surrogatepass")
                    name = f"{i}{rng.choice(PAYLOADS[:8]).replace('/', '_')[:10]}.txt"
                elif choice < 0.6:
                    data = f"<html><head><title>{text[:50]}</title></head><body><article><p>{text}</p></article></body></html>".encode(
                        "utf-8", "surrogatepass")
                    name = f"{i}.html"
                elif choice < 0.75:
                    data = text.encode(rng.choice(["utf-16", "cp1252", "latin-1"]), "replace")
                    name = f"{i}.txt"
                else:
                    data = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 400)))
                    name = f"{i}.{rng.choice(['txt', 'html', 'jsonl', 'csv', 'xml', 'json', 'bin'])}"
                try:
                    (sub / name.replace("\x00", "_")).write_bytes(data)
                except (OSError, ValueError):
                    (sub / f"{i}.txt").write_bytes(data)
        counts.inputs += per
        done += per
        print(json.dumps({"progress": "readers", "inputs": counts.inputs, "crashes": counts.crashes, "hangs": counts.hangs}),
              file=sys.stderr, flush=True)
        if kind in (4, 5):  # one file per input: each read (and timed) on its own
            for path in sorted(sub.iterdir()):
                counts.timed(hang, consume, [path])
        else:
            counts.timed(hang * per, consume, [sub])  # a safety net: each record's CPU time is measured inside


def fuzz_analyze(n: int, rng: random.Random, sentences: list[str], hang: float, counts: Counts, story_size: int, nlp,
                 until: float | None = None) -> None:
    from newsprism.check import check_report
    from newsprism.model import Article
    from newsprism.pipeline import NothingToAnalyse, run_pipeline
    from newsprism.report import render

    def one_story(articles):
        try:
            analysis = run_pipeline(articles, nlp)
        except NothingToAnalyse:
            return
        for fmt in ("terminal", "markdown", "json"):
            render(analysis, fmt).encode("utf-8")
        problems = check_report(json.loads(render(analysis, "json")))
        if problems:
            raise AssertionError(f"check found {len(problems)} problem(s): {problems[0].message()}")
        counts.articles += len(articles)

    done = 0
    while done < n and (until is None or time.monotonic() < until):
        size = min(story_size, n - done)
        articles = [
            Article(f"doc{done + i}{rng.choice(['', '[/]', '*', '<b>'])}", _text(rng, sentences) or "x",
                    title=_field(rng, sentences) if rng.random() < 0.3 else None,
                    published=rng.choice(DATES) or None)
            for i in range(size)
        ]
        articles = [a if isinstance(a.title, (str, type(None))) else Article(a.id, a.text, published=a.published) for a in articles]
        counts.inputs += size
        done += size
        counts.timed(hang, one_story, articles)
        print(json.dumps({"progress": "analyze", "inputs": counts.inputs, "crashes": counts.crashes, "hangs": counts.hangs}),
              file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=100_000)
    parser.add_argument("--analyze", type=int, default=3_000)
    parser.add_argument("--story-size", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None, help="write the generated files here and keep them")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds for one call (a story) before it counts as a hang")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop the analyze part after this many minutes (the counts say how many inputs it reached)")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)
    rng = random.Random(args.seed)
    sentences = _sentences()
    out = {"seed": args.seed}
    readers = Counts()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            folder = args.keep
        fuzz_readers(args.readers, rng, sentences, args.hang, readers, folder)
    out["readers"] = {"inputs": readers.inputs, "articles": readers.articles, "skipped": readers.skipped,
                      "crashes": readers.crashes, "hangs": readers.hangs, "slowest_input_s": round(readers.slowest, 2),
                      "seconds": round(time.perf_counter() - started, 1)}
    if args.analyze:
        from newsprism.nlp import load_pipeline

        analyze = Counts()
        started = time.perf_counter()
        until = time.monotonic() + args.minutes * 60 if args.minutes else None
        fuzz_analyze(args.analyze, rng, sentences, args.hang, analyze, args.story_size, load_pipeline(), until)
        out["analyze"] = {"inputs": analyze.inputs, "analysed": analyze.articles, "crashes": analyze.crashes,
                          "hangs": analyze.hangs, "slowest_story_s": round(analyze.slowest, 2),
                          "seconds": round(time.perf_counter() - started, 1)}
        readers.examples += analyze.examples
    print(json.dumps(out))
    for example in readers.examples[:20]:
        print("----\n" + example, file=sys.stderr)
    sys.exit(1 if any(v.get("crashes") or v.get("hangs") for v in out.values() if isinstance(v, dict)) else 0)


if __name__ == "__main__":
    main()
