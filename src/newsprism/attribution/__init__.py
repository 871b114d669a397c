"""Who says it: one set of rules for the source of a statement, read off the parse.

Quotes (the speaker of “...”), figures (who gives a number) and claims (who a
statement is attributed to) all ask the same question of a sentence; they ask
it here, so that one sentence never gets three different sources.

* **The cue** — a reporting verb (``lexicon.REPORTING_VERBS``), not inside a
  hyphenated adjective ("so-called", "self-described"); or "according to".
* **The subject rule** (``source_of``) — the grammatical subject (``nsubj``) of
  the cue. A passive subject is what is reported ("Airstrikes were reported"),
  not who reports it, except after "quoted"/"cited" ("Smith was quoted as
  saying"); a passive's agent ("was announced by the ministry") is the source.
  A verb with no subject of its own shares the subject of the verb it hangs
  from ("..., adding", "and said", "saying"); a relative clause's "who" is the
  noun it qualifies. Among several subjects a proper name wins ("a nurse in
  Aleppo, Mohamed, said"); "said Mahmoud Raslan" (order inverted, missed by the
  parser) takes the name after the verb.
* **"according to"** (``according_to``) — the object of its "to".
* **The phrase** (``source_phrase``) — the subject as the report names it: its
  left modifiers and prepositional phrases ("the head of the observatory", "a
  spokesman for the ministry"), without appositions, relative clauses or
  anything after a comma.
* **Pronouns** (``People.resolve``) — "he"/"she"/"him"/"her" are the latest
  person named before them outside a quote, as the subject or an apposition or
  a PERSON mention, not as an object or possessive; "they", "it", "we" have no
  honest single antecedent from a cheap rule and give none.
* **Names** (``People.fullest``) — a name is given as its fullest form in the
  document ("Abdurrahman" -> "Rami Abdurrahman"); a title followed by a gap of
  spaces ("Mr.   said") is a name lost in damaged text and is never guessed.

Modules, one job each: ``source`` (the cue, the subject rule, "according to", the
source phrase), ``people`` (pronoun antecedents, fullest names, role holders:
``People``), ``named`` (what ``People`` reads of a document whatever is quoted:
``Named``, shared by the stages; the ``Person`` record), ``written`` (a source as the report writes it: titles, party tag,
apposition). This package re-exports their public names.

Layer: imports lexicon, model and nothing else of ours.
"""

from newsprism.attribution.named import Named, Person
from newsprism.attribution.people import People
from newsprism.attribution.source import (
    SOURCE_DEPS,
    according_to,
    is_according_to,
    is_mute,
    is_reporting_verb,
    is_time_clause,
    source_of,
    source_phrase,
)
from newsprism.attribution.written import as_written

__all__ = [
    "SOURCE_DEPS",
    "is_reporting_verb",
    "is_according_to",
    "is_time_clause",
    "according_to",
    "source_of",
    "source_phrase",
    "is_mute",
    "as_written",
    "Person",
    "People",
    "Named",
]
