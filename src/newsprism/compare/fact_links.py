"""Whether two claims of different reports state the same fact: ``"same fact"`` or ``"partly"``.

A link is ``"same fact"`` when it is strong *and* rests on core arguments — a
rare shared entity or figure, a shared event, or much shared content — and the
two are not said by different people, nor one negated where the other is not,
nor their propositions (:mod:`newsprism.compare.match`) at odds. Otherwise it is
``"partly"``: on the same topic, but not the same proposition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.act_objects import ActObjects, other_objects
from newsprism.compare.act_senses import list_item, one_word, opposite_polarity, other_acts, tells_nothing
from newsprism.compare.align import PairScores, quote_share
from newsprism.compare.circumstances import acts_apart
from newsprism.compare.cores import other_days as _other_days
from newsprism.compare.relative_days import other_occasion
from newsprism.compare.doer_words import doer_only
from newsprism.compare.described_doers import DESCRIBED, ROLE, main_subjects
from newsprism.compare.fact_params import FactParams
from newsprism.compare.figure_acts import figure_acts_differ
from newsprism.compare.names_apart import names_apart
from newsprism.compare.match import (
    LIGHT, PredicateSimilarity, _named, actions_compatible, contradicts, predicates_agree, shared_anchors,
)
from newsprism.compare.other_things import other_things
from newsprism.compare.settings import Setting, condition_apart, setting_only
from newsprism.compare.shared_quotes import other_quoted_words, quoted_remark, speakers
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.model import StoryAnalysis, Strength

__all__ = ["Props", "claim_agents", "link_strength", "main_subjects", "named_anchors", "speakers_clash"]

@dataclass
class Props:
    """The propositions of one story's claims and how to compare their predicates."""

    of: Mapping[str, Proposition]
    similarity: PredicateSimilarity
    threshold: float
    other_patients: bool = False  # the same action on other named patients contradicts ("won Arkansas" / "won South Carolina")
    denied_class: bool = False  # predicates agreeing only through an event class one clause denies do not agree (_denied_class)
    denied_act: bool = False  # one clause's main act denied by a verb of the other: they contradict (act_senses)
    acts: Mapping[str, ActObjects] = field(default_factory=dict)  # what each claim's acts are done to (act_objects)
    # claim id -> what it tells only as the time or condition of its statement (compare.settings)
    settings: Mapping[str, Setting] = field(default_factory=dict)
    # claim id -> the words it gives only in who does its act (compare.doer_words)
    doer_words: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # claim id -> what it tells only as the time, condition or cause of its act (compare.circumstances)
    circumstances: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # claim id -> (act, weekday) of each act it dates as "a day after" a weekday it names (compare.relative_days)
    relative_days: Mapping[str, frozenset[tuple[str, str]]] = field(default_factory=dict)

    def verdict(self, a: Claim, b: Claim) -> str | None:
        """"contradicts", "agrees" (predicate and a same-role anchor), "apart"
        (incompatible predicates and no shared anchor) or None (no evidence either way)."""
        p, q = self.of.get(a.id), self.of.get(b.id)
        if p is None or q is None:
            return None
        pred = predicates_agree(p, q, self.similarity, self.threshold) and not (self.denied_class and _denied_class(p, q))
        # a negation tells against the same action only when it is each clause's main action:
        # "decided not to recommend indicting" / "laid out a record ... but announced he wouldn't
        # recommend prosecuting" agree through a side clause whose polarity is not read
        if contradicts(p, q, pred and _same_main(p, q)):
            return "contradicts"
        # the act told done by one, not done by the other, as a verb of its clause ("he's certain he did
        # not send a lewd photo" / "a lewd photo ... was sent from Weiner's Twitter account")
        if self.denied_act and opposite_polarity(p, q):
            return "contradicts"
        # (unless one claim names the other's patient elsewhere: "picked a former chief of staff to fill
        # Sen. John Kerry's open seat" / "appointed William Cowan ... to succeed John Kerry" is one pick)
        if self.other_patients and pred and _other_patients(p, q) and not _names_others_patient(a, b, p, q):
            return "contradicts"
        if _flipped(p, q):
            return "contradicts"
        anchors = shared_anchors(p, q)
        # who did it, named by two different nouns ("the cover shows" / "the pictures show"): not known to agree
        # ("he" read as the person last named is that person: "He grabs" / "Etheridge grabs")
        other_agent = bool(p.agents and q.agents and not p.agents & q.agents and not _named(p.agents) & _named(q.agents))
        if pred and anchors and not other_agent:
            return "agrees"
        if pred and p.predicate not in LIGHT and p.kind != "say" and not other_agent:
            return "predicate"  # the same action; its arguments not anchored alike (pronouns, other nouns)
        # nothing in common in any role, not even a kind of participant ("~troops")
        # nor who says it ("Trump announced that he ...")
        # nothing anchored in common: no resolved name (in whatever role the parse
        # gave it) nor figure — a generic noun ("the idea of armed officers" / "the
        # idea of armed volunteers") is no common argument
        common = (p.figures & q.figures) | (set(a.entities) & set(b.entities))
        if not pred and not common and p.predicate not in LIGHT and q.predicate not in LIGHT:
            return "apart"
        # (not when both main verbs are one: "Wall Street does more to hurt the economy than help" told
        # twice, the parse hanging "hurt" on "more" in one of them)
        if not pred and p.predicate != q.predicate and _aside_only(p, q):
            return "apart"
        return None


    def same_action(self, a: Claim, b: Claim) -> bool:
        """Both clauses' main verbs tell one action (the same lemma or event class), not a light
        verb nor a bare verb of saying: "Comey announced that Clinton was extremely careless" /
        "Clinton and her aides had been extremely careless" — not "aimed her victory speech" /
        "won the primary", which agree only through a side word."""
        p, q = self.of.get(a.id), self.of.get(b.id)
        if p is None or q is None or p.kind == "say" or q.kind == "say":
            return False
        return _same_main(p, q) and p.predicate not in LIGHT and q.predicate not in LIGHT

    def compatible(self, a: Claim, b: Claim) -> bool:
        """The two claims' actions may be one (:func:`newsprism.compare.match.actions_compatible`)."""
        p, q = self.of.get(a.id), self.of.get(b.id)
        return p is not None and q is not None and actions_compatible(p, q, self.similarity, self.threshold)

    def differ(self, a: Claim, b: Claim) -> bool:
        """The two claims tell different actions: each clause's main verb tells one (not a
        light verb, not a bare verb of saying) and nothing in either clause tells the other's
        (:func:`newsprism.compare.match.actions_compatible`) — "Bush attacked Trump" / "Bush
        called Rubio robotic" about the same people are two facts."""
        p, q = self.of.get(a.id), self.of.get(b.id)
        if p is None or q is None:
            return False
        for x in (p, q):
            if x.predicate.split(" ")[0] in LIGHT or x.kind == "say" or not x.actions:
                return False
        if p.figures & q.figures:
            return False  # the same figures: the same count told with other verbs ("deploy" / "send" 30,000 troops)
        return not actions_compatible(p, q, self.similarity, self.threshold)


def _denied_class(p: Proposition, q: Proposition) -> bool:
    """The predicates agree only through an event class: one clause's main action, denied ("she had
    never met Weiner"), is of the class of a verb the other tells without any denial ("if Weiner had
    called the FBI"): other acts of one kind, one denied — no evidence of one fact."""
    if p.predicate == q.predicate or (p.kind is not None and p.kind == q.kind):
        return False
    for x, y in ((p, q), (q, p)):
        if x.kind is not None and x.kind in y.kinds and x.negated and not y.negated_actions:
            return True
    return False


def _flipped(p: Proposition, q: Proposition) -> bool:
    """A verb both clauses tell where it picks out a noun is negated in one of them only ("took
    third place among voters who had previously participated in the caucuses" / "attracted support
    from voters who hadn't participated in the caucuses"): other people or things. (As an action
    of the clause a side verb's polarity is not read: "asked to release the transcripts" / "for
    not releasing transcripts" tell one demand.)"""
    shared = p.aside_actions & q.aside_actions
    return bool(shared & (p.negated_actions ^ q.negated_actions))


def _aside_only(p: Proposition, q: Proposition) -> bool:
    """The actions both clauses tell are told only aside in one of them, in what modifies a
    noun ("predicting he will win the GOP nomination" / "the number of delegates that you need
    to win the GOP nomination"): that clause states something else about the thing."""
    shared = p.kinds & q.kinds
    return bool(shared) and shared <= (p.aside_kinds | q.aside_kinds)


def _told_aside(props: Props | None, a: Claim, b: Claim) -> bool:
    """The actions the two claims share are told only aside in one of them (:func:`_aside_only`)."""
    p, q = (props.of.get(a.id), props.of.get(b.id)) if props is not None else (None, None)
    return p is not None and q is not None and _aside_only(p, q)


def _same_main(p: Proposition, q: Proposition) -> bool:
    """Both clauses' main verbs tell the action: the same lemma or the same event class."""
    return p.predicate == q.predicate or (p.kind is not None and p.kind == q.kind)


def _other_patients(p: Proposition, q: Proposition) -> bool:
    """The same action done to other named things: each claim names who or what it was done
    to (a resolved entity), none in common, no figure in common ("Clinton won the primary in
    Arkansas" / "Clinton trounced Sanders ... in South Carolina")."""
    a, b = _named(p.patients), _named(q.patients)
    return bool(a and b and not a & b and not p.figures & q.figures and not _named(p.agents | q.agents) & (a | b))


def _names_others_patient(a: Claim, b: Claim, p: Proposition, q: Proposition) -> bool:
    """One claim names, anywhere, a resolved entity the other's action was done to."""
    return bool({x[1:] for x in _named(p.patients)} & set(b.entities) or {x[1:] for x in _named(q.patients)} & set(a.entities))


_SAYING = frozenset({"said", "says", "say", "told", "tells", "tell", "added", "adds", "wrote", "writes", "explained",
                     "noted", "recalled", "according"})


def _names_only(a: Claim, b: Claim, p: Proposition | None, q: Proposition | None) -> bool:
    """Every content word the two claims share is in one noun phrase of each that names someone or
    something (``Proposition.names``: one name with its title), an argument of neither claim's
    action ("the idea of Mike Huckabee" / "figures like Mike Huckabee"), and they share no figure."""
    if p is None or q is None or p.figures & q.figures:
        return False
    shared = set(a.terms) & set(b.terms)

    def aside(x: Proposition) -> bool:
        args = x.agents | x.patients
        return any(shared <= words and not any("@" + e in args for e in named) for named, words in x.names)
    return bool(shared) and aside(p) and aside(q)


def _remark(claim: Claim) -> bool:
    """A claim that gives what a named person said ("Yasser said civilians did not approve of
    ..."): that person's account, told with a plain verb of saying."""
    a = claim.attribution
    if a is None or not a.entity or a.cue is None:
        return False
    words = a.cue.text.lower().split()
    return bool(words) and words[0] in _SAYING


def _other_agents(p: Proposition | None, q: Proposition | None) -> bool:
    """Each clause's doers are people or bodies named (or "he"/"she" read as one), none shared, and
    nothing else anchored in common (no named patient, no figure)."""
    if p is None or q is None or not p.agents or not q.agents:
        return False
    if not all(a[:1] in "@?" for a in p.agents | q.agents):
        return False
    return not _named(p.agents) & _named(q.agents) and not shared_anchors(p, q) and not (
        _named(p.agents | p.patients) & _named(q.agents | q.patients))


def link_strength(i: int, j: int, claims: Sequence[Claim], pairs: PairScores, copied: set, params: FactParams,
              agents: Mapping[str, frozenset[str]] | None = None, props: Props | None = None,
              apart: bool = True) -> Strength:
    """``apart``: the two reports were published days apart (``FactParams.apart_days``)."""
    ci, cj = claims[i], claims[j]
    if params.copied_is_same and frozenset((ci.id, cj.id)) in copied:
        return "same fact"
    if float(pairs.score[i, j]) < params.same_score:
        # every test below ends in "partly" for such a pair (the score test among them): decided
        # before reading the propositions. A large story's merged groups ask this of every pair of
        # their members, most not even candidates (-inf): 2.6M asks at 500 articles, 44 s of CPU
        return "partly"
    verdict = props.verdict(ci, cj) if props is not None else None
    if params.other_days and props is not None and _other_days(props.of.get(ci.id), props.of.get(cj.id)):
        return "partly"  # "admitted Tuesday" / "acknowledged Sunday": two occasions, not one statement
    if props is not None and props.relative_days and (
            other_occasion(props.relative_days.get(ci.id), props.of.get(cj.id))
            or other_occasion(props.relative_days.get(cj.id), props.of.get(ci.id))):
        return "partly"  # "Monday ..., a day after a meeting" / "met on Thursday evening": two meetings
    if verdict == "contradicts":
        return "partly"  # a dropped negation or another agent: not the same proposition
    if params.tells_nothing and props is not None and (
            tells_nothing(ci, props.of.get(ci.id)) != tells_nothing(cj, props.of.get(cj.id))):
        # who said it and nothing told ('?" said senior adviser David Axelrod.', a quotation's cut-off tail)
        # against a sentence that tells something: no fact in common
        return "partly"
    if params.list_items and props is not None and (
            list_item(ci, props.of.get(ci.id)) != list_item(cj, props.of.get(cj.id))):
        # one item of a list cut from its sentence ("the Senate Democratic leader, Harry Reid of Nevada;")
        # against a sentence that tells something: a name in common, no statement
        return "partly"
    if params.denied_class and props is not None and _words(pairs, i, j) < params.unagreed_terms and (
            _denied(props, ci, cj)):
        # the event both tell is a class of acts, denied in one ("she had never met Weiner" / "if
        # Weiner had called the FBI"): its shared event key is no common event
        return "partly"
    if params.other_agents and props is not None and verdict is None and not set(ci.entities) & set(cj.entities) and (
            _other_agents(props.of.get(ci.id), props.of.get(cj.id))) and _words(pairs, i, j) < params.other_agents_terms:
        return "partly"  # two people, two acts: shared topic words are no common fact
    if params.other_things and props is not None and _other_things(ci, cj, props) and (
            _words(pairs, i, j) < params.other_things_terms):
        # one actor's one act, each claim telling it of other things ("laid out his vision for America" /
        # "laid out stark differences between his agenda and Clinton's"): two angles of one event
        return "partly"
    if params.act_objects and props is not None and agents is not None and _other_objects(ci, cj, agents, props) and (
            _words(pairs, i, j) < params.act_objects_terms):
        # one doer, one act, done with other people or things ("the attorney general met with several
        # students" / "Holder ... arrived in St. Louis, meeting with community leaders"): two occasions
        return "partly"
    if params.hedge_apart and props is not None and verdict not in ("agrees", "predicate"):
        p, q = props.of.get(ci.id), props.of.get(cj.id)
        guess = next((x for x in (p, q) if x is not None and x.hedged), None)
        # (a verb of action both clauses tell makes the guess one about that action, not another thing)
        if p is not None and q is not None and p.hedged != q.hedged and guess is not None and (
                guess.predicate.split(" ")[0] in LIGHT) and not (params.hedge_shared_action and p.actions & q.actions):
            return "partly"
    if props is not None and verdict not in ("agrees", "predicate") and _remark(ci) != _remark(cj):
        # one side is a named person's account, the other the report's own telling, of actions
        # not known to agree and no figure in common ("Yasser said civilians did not approve of
        # rebel shelling" / "The rebels retaliated, shelling ..."): two statements, unless
        # much of their wording is shared
        p, q = props.of.get(ci.id), props.of.get(cj.id)
        words = float(pairs.terms[i, j]) if pairs.words is None else (float(pairs.terms[i, j]) + float(pairs.words[i, j])) / 2
        if p is not None and q is not None and not p.figures & q.figures and words < params.remark_terms:
            return "partly"
    if params.names_only and props is not None and verdict not in ("agrees", "predicate") and _names_only(
            ci, cj, props.of.get(ci.id), props.of.get(cj.id)):
        # all the words they share are one person's name and title ("was the idea of former Arkansas governor
        # ... Mike Huckabee" / "prominent conservative figures like former Arkansas Gov. Mike Huckabee"):
        # the same person, nothing told alike
        return "partly"
    if params.names_apart and props is not None and verdict not in ("agrees", "predicate") and not props.compatible(
            ci, cj) and names_apart(ci, cj, props.of.get(ci.id), props.of.get(cj.id)):
        # two named doers, none in common, sharing only names and titles ("Clinton's chief Democratic rival, Sen.
        # Bernie Sanders of Vermont, skipped ..." / "she is pivoting ... after a string of primary wins over Vermont
        # Sen. Bernie Sanders"): two people's acts
        return "partly"
    if params.one_word and props is not None and verdict not in ("agrees", "predicate") and _words(
            pairs, i, j) < params.one_word_terms and not props.compatible(ci, cj) and one_word(
            ci, cj, props.of.get(ci.id), props.of.get(cj.id)):
        # one word in common, a name both give ("would yield victories for Sanders, Devine predicted" / "he
        # insisted at an Indiana rally"), however rare: two statements
        return "partly"
    if props is not None and props.settings and _setting_apart(ci, cj, verdict, props, params) and _words(
            pairs, i, j) < params.setting_terms:
        # what they share is when or under what condition one tells its act ("released as the polls closed" /
        # "projected immediately after polls closed"), or one tells its act only under a condition, the other
        # plainly ("If Sanders ultimately wins by 10 points, it means ..." / "Sanders also won decisively
        # among male voters"): no act told alike
        return "partly"
    if params.acts_apart and props is not None and props.circumstances and verdict not in ("agrees", "predicate") and (
            _words(pairs, i, j) < params.setting_terms) and not props.compatible(ci, cj) and acts_apart(
            ci, cj, props.circumstances.get(ci.id, frozenset()), props.circumstances.get(cj.id, frozenset()),
            props.of.get(ci.id), props.of.get(cj.id)):
        # every word they share is, in one of them, the time or the cause of its act ("calling on attendees to
        # oppose “bigotry” after citing Trump's proposed ban on Muslims entering the U.S." / "a source of
        # controversy because of the businessman's rhetoric ... calling for a ban on Muslims entering"): two acts
        return "partly"
    if params.doer_words and props is not None and props.doer_words and verdict not in ("agrees", "predicate") and (
            _words(pairs, i, j) < params.doer_terms) and not props.compatible(ci, cj) and doer_only(
            ci, cj, props.doer_words.get(ci.id, frozenset()), props.doer_words.get(cj.id, frozenset()),
            props.of.get(ci.id), props.of.get(cj.id)):
        # all they share is who one's doer is ("The Independent Vermont senator vowed ..." / "He has run in
        # Vermont as an independent"): the person, not the act
        return "partly"
    # a rare event with its participant both tell, in a strong pair: the same act, told aside in
    # one ("Steele is expected to disclose his intentions during a conference call with committee
    # members on Monday evening" / "he asked members to join him for a private conference call
    # Monday evening"): not two actions for want of a common main verb
    # — not where one tells it only in what modifies a noun ("he will win the GOP nomination" / "the
    # delegates that you need to win the GOP nomination")
    one_event = (params.shared_event > 0 and float(pairs.events[i, j]) >= params.shared_event
                 and float(pairs.score[i, j]) >= params.shared_event_score and not _told_aside(props, ci, cj))
    if params.actions_differ and props is not None and verdict not in ("agrees", "predicate") and not one_event and (
            props.differ(ci, cj)):
        # the same people, different actions ("Clinton says Sanders accepted $200,000" /
        # "Sanders attacked Clinton for her speaking fees"): two facts, unless nearly the same words
        words = float(pairs.terms[i, j]) if pairs.words is None else (float(pairs.terms[i, j]) + float(pairs.words[i, j])) / 2
        if words < params.differ_terms:
            return "partly"
    if params.other_acts and props is not None and verdict not in ("agrees", "predicate") and not one_event and (
            other_acts(ci, cj, props.of.get(ci.id), props.of.get(cj.id), props.differ(ci, cj))):
        # one person's two acts, the words in common all the person's name and title ("Capt. Ron Johnson of
        # the Missouri State Highway Patrol ... stopped by to greet" / "... said he believed they had reached")
        return "partly"
    if params.other_figures and props is not None:
        # each gives figures, none in common ("leads Sanders 49 percent to 41 percent" / "leads by 7
        # points among female voters"; "win at least 38 of the 50 delegates" / "win at least eight
        # of them"): two counts, two facts (or a conflict, which the conflicts read apart), unless
        # nearly the same words
        p, q = props.of.get(ci.id), props.of.get(cj.id)
        if p is not None and q is not None and p.figures and q.figures and not p.figures & q.figures:
            words = float(pairs.terms[i, j]) if pairs.words is None else (float(pairs.terms[i, j]) + float(pairs.words[i, j])) / 2
            if words < params.figures_terms:
                return "partly"
        if params.figure_acts and p is not None and q is not None and verdict not in ("agrees", "predicate") and (
                _words(pairs, i, j) < params.figures_terms and figure_acts_differ(p, q, props.similarity, props.threshold)):
            # the figure both give, told of other acts ("released a 225-page report" / "The 225-page
            # report also called for ..."): one thing measured, two facts about it
            return "partly"
    if verdict == "apart" and not one_event and float(pairs.terms[i, j]) < params.same_terms and (
            float(pairs.entities[i, j]) < params.apart_entities):
        return "partly"  # different actions on no common argument, few common words, no rare name in common
    score = float(pairs.score[i, j])
    evidence = float(pairs.entities[i, j]) + float(pairs.events[i, j])
    lexical = float(pairs.terms[i, j])
    if pairs.words is not None:
        lexical = (lexical + float(pairs.words[i, j])) / 2
    if verdict in ("agrees", "predicate"):
        evidence += params.same_evidence  # the same action (and argument): evidence beyond the words
    elif params.compatible_score and score >= params.compatible_score and props is not None and props.compatible(ci, cj):
        # actions that may be one (one's main verb among the other's verbs or nouns: "fully accepts the
        # responsibility" / "said he had no excuses and fully accept my responsibility") in a strong pair
        evidence += params.same_evidence
    elif verdict == "apart" and not one_event:
        # the propositions tell two actions on no common argument: event words both carry
        # ("those states" read as a statement, "says" / "the first step") are no evidence of one fact
        evidence = float(pairs.entities[i, j])
    # reports of other days often tell other occasions about the same people: there a
    # shared rare name is no proof, some shared wording or an agreeing action must back it.
    # On one day too, when the name is all they share (no event key): "Clinton's husband, Bill
    # Clinton, served as governor of Arkansas" / "Clinton's loss comes despite former President
    # Bill Clinton's rallies in the state"; not where the actions may be one ("under a deal between
    # Russia and Turkey" / "mediated by Turkey and Russia")
    if props is not None and verdict not in ("agrees", "predicate") and lexical < params.unagreed_terms and (
            apart or not params.floors_apart_only or not (float(pairs.events[i, j]) or props.compatible(ci, cj))
            or (params.saying_only and _said_only(ci, cj) and not props.compatible(ci, cj))):
        return "partly"
    if props is not None and (apart or not params.floors_apart_only):
        if verdict != "agrees" and lexical < params.loose_terms:
            return "partly"
    if score < params.same_score or (evidence < params.same_evidence and lexical < params.same_terms):
        return "partly"
    if lexical < params.min_terms:
        return "partly"
    if agents is not None:
        # who did it: the resolved subject of each claim's main verb is among the
        # other claim's entities ("Kerry spoke with Cavusoglu" does not state
        # that Cavusoglu and Lavrov spoke)
        # — or the one the other's subject stands for ("a ... task force released" / "Hutchinson
        # released": compare.described_doers), and a role noun ("a spokesman") names no other doer
        gi, gj = agents.get(ci.id, frozenset()), agents.get(cj.id, frozenset())
        if ROLE not in gi | gj and (_other_doer(gi, gj, _people(cj, props)) or _other_doer(gj, gi, _people(ci, props))):
            return "partly"
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:  # one person's remark is not another's
        return "partly"
    same_words = float(pairs.terms[i, j]) >= params.verbatim and (pairs.words is None or float(pairs.words[i, j]) >= params.verbatim)
    if params.quote_needs_speaker and ai != aj and not same_words:
        # a claim that is mostly someone's quoted words states what that person
        # said: the other claim must give it to the same person (the same words
        # quoted twice are matched apart, by quote_groups)
        if (ai and quote_share(ci) > 0.5) or (aj and quote_share(cj) > 0.5):
            return "partly"
    if same_words:
        return "same fact"  # the very same words: one statement, even where one report lost its speaker
    if params.quotes_must_share and other_quoted_words(ci, cj):
        return "partly"  # "he was “very encouraged”" / "he was “not ready”": two remarks, not one
    if params.quote_needs_speaker and quoted_remark(ci) and quoted_remark(cj):
        # two remarks in other words: the same words quoted twice are matched apart
        # (quote_groups); one person saying two things is two facts
        return "partly"
    if params.quote_needs_speaker:
        # (the other claim telling what the speaker does gives the words no one else: "he asked members
        # to join him 'for a private conference call' Monday evening" / "Mr. Steele is expected to disclose
        # his intentions during a conference call ... on Monday evening")
        si, sj = speakers(ci), speakers(cj)
        if (si and quoted_remark(ci) and not si & (sj | _agents(cj, props))) or (
                sj and quoted_remark(cj) and not sj & (si | _agents(ci, props))):
            return "partly"
    return "same fact"


def _setting_apart(a: Claim, b: Claim, verdict: str | None, props: Props, params: FactParams) -> bool:
    """Acts not known to agree, whose shared words are one's setting only; or one act said under a
    condition, the other told plainly, whatever the verbs (:mod:`newsprism.compare.settings`)."""
    sa, sb = props.settings.get(a.id), props.settings.get(b.id)
    if params.conditions and condition_apart(sa, sb):
        return True
    return params.setting_only and verdict not in ("agrees", "predicate") and setting_only(
        a, b, sa, sb, props.of.get(a.id), props.of.get(b.id))


def _said_only(a: Claim, b: Claim) -> bool:
    """Every event key the two claims share is of the class "say", one of them with who speaks or where
    (``Claim.events``: "P:say|A:@E1", "P:say|A:interv"): the only event they both tell is one person
    speaking. (The class alone, "P:say", tells nobody speaking: no such event.)"""
    shared = set(a.events) & set(b.events)
    return all(k.split("|")[0] == "P:say" for k in shared) and any("|A:" in k for k in shared)


def _other_doer(mine: frozenset[str], theirs: frozenset[str], people: set[str]) -> bool:
    """A claim's doers (``mine``) are none of the other claim's people nor of the people its described
    doer stands for (``theirs``); a described doer of its own asks nothing (compare.described_doers)."""
    return bool(mine) and DESCRIBED not in mine and not mine & (people | theirs)


def _words(pairs: PairScores, i: int, j: int) -> float:
    """How much of their wording two claims share: the mean of the two lexical cosines (the one there is)."""
    return float(pairs.terms[i, j]) if pairs.words is None else (float(pairs.terms[i, j]) + float(pairs.words[i, j])) / 2


def _other_things(a: Claim, b: Claim, props: Props) -> bool:
    """The two claims tell one actor's act done to other things (:func:`newsprism.compare.other_things.other_things`)."""
    p, q = props.of.get(a.id), props.of.get(b.id)
    if p is None or q is None:
        return False
    return other_things(p, q, frozenset(a.entities), frozenset(b.entities), props.similarity)


def _other_objects(a: Claim, b: Claim, agents: Mapping[str, frozenset[str]], props: Props) -> bool:
    """The two claims' doers share someone (a description read as the one it stands for counts) and one's
    main act is told by both with other objects (:func:`newsprism.compare.act_objects.other_objects`)."""
    p, q = props.of.get(a.id), props.of.get(b.id)
    if p is None or q is None:
        return False
    da = {x for x in agents.get(a.id, frozenset()) if x[:1] != "~"}
    db = {x for x in agents.get(b.id, frozenset()) if x[:1] != "~"}
    if not da & db:
        return False
    return other_objects(p.predicate.split(" ")[0], q.predicate.split(" ")[0], props.acts.get(a.id), props.acts.get(b.id),
                         props.similarity)


def _denied(props: Props, a: Claim, b: Claim) -> bool:
    """:func:`_denied_class` of the two claims' propositions."""
    p, q = props.of.get(a.id), props.of.get(b.id)
    return p is not None and q is not None and _denied_class(p, q)


def _agents(claim: Claim, props: Props | None) -> set[str]:
    """The resolved entities a claim's proposition gives as who did it ("he" read as the person last named)."""
    p = props.of.get(claim.id) if props is not None else None
    return {a[1:] for a in p.agents if a[:1] in "@?"} if p is not None else set()


def _people(claim: Claim, props: Props | None) -> set[str]:
    """The resolved entities a claim names, and the person its "he" or "she" stands for (the
    person last named: "show he took a $916 million loss" names Trump as well as "Trump had
    claimed a loss of $916 million" does)."""
    out = set(claim.entities)
    p = props.of.get(claim.id) if props is not None else None
    if p is not None:
        out.update(a[1:] for a in p.agents | p.patients if a[:1] in "@?")
    return out


def speakers_clash(ci: Claim, cj: Claim) -> bool:
    """Given to different people: one person's remark is not another's."""
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:
        return True
    si, sj = speakers(ci), speakers(cj)
    return bool((si and quoted_remark(ci) and not si & sj) or (sj and quoted_remark(cj) and not sj & si))


def named_anchors(p: Proposition) -> frozenset[str]:
    """A proposition's anchors with "he"/"she" read as the person last named (``?E2`` as ``@E2``)."""
    return frozenset("@" + a[1:] for a in p.agents | p.patients if a[:1] in "@?") | p.figures


def claim_agents(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc],
                 subjects_of: Mapping[str, Sequence[Token]] | None = None) -> dict[str, frozenset[str]]:
    """claim id -> resolved entity ids of the subject of its main verb (:func:`main_subjects`;
    ``subjects_of``: ``described_doers.claims_subjects`` when the caller has it)."""
    by_doc: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            by_doc.setdefault(m.doc, []).append((m.start, m.end, e.id))
    out: dict[str, frozenset[str]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        ids: set[str] = set()
        for t in (subjects_of.get(c.id, ()) if subjects_of is not None else main_subjects(c, doc)):
            lo, hi = t.left_edge.idx, t.right_edge.idx + len(t.right_edge)
            ids.update(e for s, e_end, e in by_doc.get(c.doc, ()) if s >= lo and e_end <= hi and s <= t.idx < e_end)
        if ids:
            out[c.id] = frozenset(ids)
    return out
