"""The word lists every stage shares, written once.

Layer 0: plain data and small pure functions, no spaCy, no imports of ours. A
list that two stages need lives here, so that "who says it", a title, a
number word or a weekday means the same thing in quotes, figures, claims,
mentions, resolution and findings. A stage that needs a narrower list names
what it adds or removes, next to this one, with the reason.
"""

from __future__ import annotations

from typing import Sequence

__all__ = [
    "AIM_NOUNS",
    "SENTENCE_OPENERS",
    "FRAME_TERMS",
    "LABEL_FRAME_SETS",
    "PROSPECT_NOUNS",
    "STATEMENT_NOUNS",
    "UTTERANCE_NOUNS",
    "JUDGING_ADVERBS",
    "JUDGING_ADJECTIVES",
    "DISTANCING_MODIFIERS",
    "SCARE_QUOTE_MODIFIERS",
    "DISTANCING_ADVERBS",
    "CONCESSIVE_ADVERBS",
    "JUDGING_VERBS",
    "INTENSIFIERS",
    "VERDICT_NOUNS",
    "LOADED_SPEECH_VERBS",
    "PLAIN_SPEECH_VERBS",
    "REPORTING_VERBS",
    "PLAIN_SAYING_VERBS",
    "PHRASAL_REPORTING_VERBS",
    "QUOTE_CUE_VERBS",
    "FIGURE_SOURCE_VERBS",
    "QUOTED_PASSIVES",
    "HONORIFICS",
    "MALE_HONORIFICS",
    "FEMALE_HONORIFICS",
    "honorific_gender",
    "pronoun_gender",
    "ABBREVIATED_HONORIFICS",
    "TITLE_ABBREVIATIONS",
    "US_STATE_ABBREVIATIONS",
    "US_STATES",
    "ROLE_TITLES",
    "TITLE_MODIFIERS",
    "PERSON_TITLES",
    "TITLE_WORDS",
    "NAME_SUFFIXES",
    "ORG_SUFFIXES",
    "title_key",
    "is_title",
    "MALE_PRONOUNS",
    "FEMALE_PRONOUNS",
    "PERSON_PRONOUNS",
    "MALE_NOUNS",
    "FEMALE_NOUNS",
    "MALE_FIRST_NAMES",
    "SPEAKING_NOUNS",
    "FEMALE_FIRST_NAMES",
    "name_gender",
    "NUMBER_WORDS",
    "SCALE_WORDS",
    "VAGUE_NUMBERS",
    "parse_number_words",
    "WEEKDAYS",
    "WHEN_NOUNS",
]

# ---------------------------------------------------------------- reporting verbs

# Verbs that put words or a position in somebody's mouth: the cue of a quote
# ("...,” she said"), the attribution of a claim ("Russia denied the reports"),
# the source of a figure ("the ministry said 82 died"). Lemmas, lower case.
# Denial/blame verbs matter for claims: they mark a party's position, not the outlet's.
REPORTING_VERBS = frozenset(
    """say tell add ask write post declare insist tweet state note explain argue claim announce warn
    reply respond recall acknowledge admit suggest complain charge call describe remark testify shout
    scream cry urge predict promise vow report quip joke deny confirm maintain contend conclude observe
    comment assert stress emphasize emphasise boast lament concede counter retort plead recount muse
    exclaim proclaim agree accuse blame question wonder caution allege affirm reiterate tout brag
    speculate pledge demand yell whisper mutter text email message continue read condemn hail
    estimate believe suspect denounce reject dismiss""".split()
)
# Verbs that introduce a direct quote but put no claim in anybody's mouth on their own ("Hannity
# interjected: “...”", "Blige sings “...”", "he mocks. “...”"): quote cues only, not claims' verbs.
# Kept from PolNeAR's gold cues (dev, train 150+) those that lowered no pool's speaker F1 when added.
QUOTE_CUE_VERBS = frozenset("interject mock blast reference sing assure".split())
# Verbs that report speech only with their particle ("Trump shot back", "she pointed out",
# "Cruz chimed in"): a quote's cue, (lemma, particle) pairs. Not claims' verbs ("fired" alone is not).
PHRASAL_REPORTING_VERBS = frozenset(
    (verb, particle)
    for particle, verbs in (("back", "shoot fire hit push snap strike"), ("out", "point lash speak cry"), ("in", "chime weigh cut"))
    for verb in verbs.split()
)
# The verbs of REPORTING_VERBS that only pass words on, telling no act of their own (unlike
# "deny", "accuse", "urge", "admit"): as an action of a claim they say nothing about its fact.
PLAIN_SAYING_VERBS = frozenset(
    """say tell add write post declare state note explain remark comment reply respond recall report
    read text email message continue""".split()
)
# Verbs by which a source *gives a figure* without saying it in words: "the
# observatory counted 82 dead", "a UN tally put the toll at 300". Used on top of
# REPORTING_VERBS by figures only: as a quote cue "show" or "find" would be wrong.
FIGURE_SOURCE_VERBS = REPORTING_VERBS | frozenset(
    """count document record put indicate show project calculate find reveal publish tally cite""".split()
)
# Verbs too general to say which event an argument takes part in ("the navy captured the
# pirates" / "... captured the brigands" tells one group; "the police said" / "officials said"
# tells nothing): entity resolution never joins two arguments of these. Lemmas, lower case.
LIGHT_VERBS = frozenset("be have do make get take go come give say tell".split())
# Words before a place's name that make another place of it ("West Virginia", "South Sudan",
# "North Florida"): entity resolution keeps it apart from the place without them. Lower case.
COMPASS_WORDS = frozenset("north south east west northern southern eastern western upper lower central".split())
# ... and the other words before a place's name that make another place of it ("New Mexico" is
# not "Mexico", "Latin America" not "America"). Lower case.
OTHER_PLACE_WORDS = COMPASS_WORDS | frozenset("new latin".split())
# The last word of a building's, a road's or a venue's name: "Trump Tower", which NER calls a
# person, is a place. Words that are also surnames ("Hall", "Park", "Street") are left out. Lower case.
FACILITY_WORDS = frozenset("tower towers building avenue boulevard plaza airport bridge hotel stadium arena".split())
# Prepositions that say where a verb's act took place ("struck outside a store", "killed at
# 117th Street"): entity resolution reads their object as the place of that act.
LOCATIVE_PREPOSITIONS = frozenset("in at on near outside inside along off".split())
# A passive whose subject is the speaker: "Smith was quoted as saying", "was cited as".
# Any other passive subject is what is reported ("Airstrikes were reported"), not who reports.
QUOTED_PASSIVES = frozenset({"quote", "cite", "hear", "overhear"})

# ---------------------------------------------------------------- titles

# Compared through title_key(): lower case, no trailing period ("Mr." -> "mr").
MALE_HONORIFICS = frozenset("mr sir lord".split())
FEMALE_HONORIFICS = frozenset("mrs ms miss madam madame dame lady".split())
HONORIFICS = MALE_HONORIFICS | FEMALE_HONORIFICS | frozenset("dr prof rev mx".split())
# the gendered honorifics written only abbreviated, so a period after them ends no sentence
# ("Mrs. Sanders"; "a lady." ends one)
ABBREVIATED_HONORIFICS = frozenset("mr mrs ms mx messrs mme mlle".split())
# abbreviated ranks and offices written before a name ("Sen. Warren", "Lt. Col. Smith", "St. Paul")
TITLE_ABBREVIATIONS = frozenset("gen sen rep gov lt col sgt capt maj adm cmdr st pres atty supt insp cong".split())
ROLE_TITLES = frozenset(
    """president vice prime minister secretary general chancellor king queen prince princess sheikh
    imam pope cardinal bishop judge justice senator representative governor mayor ambassador
    spokesman spokeswoman spokesperson chairman chairwoman chair chief director commander colonel
    captain sergeant lieutenant major doctor professor congressman congresswoman councilman
    councilwoman commissioner""".split()
)
# the title an abbreviation before a name stands for ("Gov. Mike Pence" is "the governor")
TITLE_ABBREVIATION_WORDS = {
    "gov": "governor", "sen": "senator", "rep": "representative", "pres": "president", "gen": "general",
    "lt": "lieutenant", "col": "colonel", "sgt": "sergeant", "capt": "captain", "maj": "major",
    "atty": "attorney", "supt": "superintendent", "insp": "inspector", "dr": "doctor", "prof": "professor",
    "cong": "congressman",
}
# words that only qualify a title ("Foreign Minister", "Deputy Director", "former President")
TITLE_MODIFIERS = frozenset("foreign defense defence state deputy acting former first".split())
# what can stand before a person's name as their title
PERSON_TITLES = HONORIFICS | TITLE_ABBREVIATIONS | ROLE_TITLES
TITLE_WORDS = PERSON_TITLES | TITLE_MODIFIERS
# after a name they tell two people apart ("Donald Trump Jr." is not "Donald Trump")
NAME_SUFFIXES = frozenset("jr sr ii iii iv".split())


# AP-style abbreviations of US states ("Glendale, Ariz."). spaCy's parser ends a sentence
# after one when a title follows ("calling for Ariz. Gov. Jan Brewer to veto"); a name or a
# quote after one usually does start a sentence ("in Concord, Calif. Dukes is"), so only a
# following title or lower-case word keeps the sentence whole (see nlp.load_pipeline).
US_STATE_ABBREVIATIONS = frozenset(
    "ala ariz ark calif colo conn del fla ga ill ind kan kans ky la md mass mich minn miss mo mont neb nev okla ore pa tenn tex vt va wash wis wyo".split()
)
# the states' names ("Hampstead, New Hampshire, coffee shop": the name before is a town)
US_STATES = frozenset(
    """Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii
    Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan
    Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee
    Texas Utah Vermont Virginia Washington Wisconsin Wyoming""".split()
) | frozenset({"New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota",
               "Rhode Island", "South Carolina", "South Dakota", "West Virginia"})


# legal forms after a company's name: "Apple Inc." is "Apple"
ORG_SUFFIXES = frozenset("inc incorporated corp corporation co ltd llc plc ag sa nv gmbh".split())
# The last word of an institution's name: "George W. Bush Presidential Center" and "Dish Network",
# which NER calls people, are organisations. Lower case.
INSTITUTION_WORDS = frozenset("""center centre institute institution foundation library museum network
    university college school association council committee commission agency department ministry
    company campaign""".split())
# Adverbs and conjunctions that open a sentence and that NER runs into the name after them
# ("Plus Obama has said ..."): no name begins with one. Lower case.
SENTENCE_OPENERS = frozenset("""plus also and but still yet then meanwhile however moreover thus hence
    indeed besides instead nor or because although though unlike including""".split())
# Online services NER often calls people ("Twitter" in eight of 60 stories read). Lower case.
ONLINE_SERVICES = frozenset("twitter facebook instagram youtube gmail google snapchat reddit tiktok whatsapp linkedin".split())


def title_key(word: str) -> str:
    """The form the title lists hold: "Mr." -> "mr", "SEN." -> "sen"."""
    return word.lower().rstrip(".")


def is_title(word: str) -> bool:
    """A word that can stand before a person's name as their title."""
    return title_key(word) in PERSON_TITLES


# ---------------------------------------------------------------- people: gender cues

MALE_PRONOUNS = frozenset("he him his himself".split())
FEMALE_PRONOUNS = frozenset("she her hers herself".split())
PERSON_PRONOUNS = MALE_PRONOUNS | FEMALE_PRONOUNS


def honorific_gender(word: str) -> str | None:
    """"m"/"f" for a gendered honorific ("Mr.", "Ms", "Madame"), else None."""
    key = title_key(word)
    return "m" if key in MALE_HONORIFICS else "f" if key in FEMALE_HONORIFICS else None


def pronoun_gender(word: str) -> str | None:
    """"m"/"f" for a gendered personal pronoun ("he", "Her"), else None."""
    key = word.lower()
    return "m" if key in MALE_PRONOUNS else "f" if key in FEMALE_PRONOUNS else None

FEMALE_NOUNS = frozenset("girl woman mother daughter wife sister lady grandmother aunt niece widow".split())
MALE_NOUNS = frozenset("boy man father son husband brother gentleman grandfather uncle nephew widower".split())
# Nouns that describe one public person by what they do or are, in a definite description
# standing for someone already named ("the Republican presidential candidate said" after "Ben
# Carson", "the billionaire told reporters"). Lemmas; titles are ROLE_TITLES. Jobs that often
# stand for someone never named ("the officer", "the lawyer") are not in it.
PERSON_ROLE_NOUNS = frozenset(
    """candidate nominee frontrunner front-runner contender hopeful challenger incumbent businessman
    businesswoman billionaire millionaire mogul tycoon magnate neurosurgeon surgeon lawmaker legislator
    politician activist actor actress singer rapper musician star celebrity author novelist comedian
    filmmaker executive entrepreneur investor economist historian strategist pollster host anchor
    columnist leader""".split()
)
# a person named through a relative ("her husband, Frank Fiorina"; hyphens and spaces dropped: "soninlaw")
KIN_NOUNS = frozenset("""husband wife son daughter father mother dad mom brother sister uncle aunt nephew
    niece cousin grandson granddaughter grandfather grandmother grandchild stepson stepdaughter stepfather
    stepmother soninlaw daughterinlaw fatherinlaw motherinlaw brotherinlaw sisterinlaw widow widower
    fiance fiancee spouse sibling child parent""".split())
# Bodies of people a "they" can stand for ("Clinton's campaign is seeking ... what they call")
GROUP_NOUNS = frozenset(
    """campaign committee council party group union government administration agency department
    ministry court company firm board network team staff family police coalition organization""".split()
)
# Common nouns that can be the speaker of a quote without a reporting verb ("the report
# found that “...”", "the campaign called it “...”"): people, groups and the documents they
# issue. Lemmas. A noun outside this list ("money", "the choice", "a basketball game") is not
# taken as a speaker from sentence structure alone.
SPEAKING_NOUNS = frozenset(
    """person people man woman men women official officials spokesman spokeswoman spokesperson
    aide aides adviser advisor critic critics supporter supporter voter voters resident witness
    expert analyst lawyer attorney doctor leader leaders lawmaker lawmakers senator president
    governor mayor candidate nominee director chief chairman chair secretary minister ambassador
    officer police agency campaign committee council party group union government administration
    department ministry court judge company firm board network newspaper paper outlet magazine
    report memo statement letter article piece ad advertisement editorial column tweet post
    poll survey study complaint lawsuit filing brief ruling website blog book speech interview
    release announcement video commentary""".split()
)
# Labels of one named entity where the choice of word is the frame (compare/labels.py;
# FRAME_TERMS below are the words for an unnamed group or event): two outlets that
# label one entity with two words of a set differ in frame even when neither word judges
# on its own ("aide" / "volunteer", "protester" / "rioter"); two labels of different
# facets ("challenger" / "nominee", "contender" / "operative") are no frame
LABEL_FRAME_SETS = tuple(frozenset(g.split()) for g in (
    "dictator leader strongman ruler autocrat despot tyrant president",
    "regime government administration",
    "rebel terrorist insurgent militant fighter jihadist extremist gunman opposition",
    "protester demonstrator rioter mob looter activist agitator crowd",
    "aide volunteer adviser advisor staffer associate intern",
    "immigrant migrant alien refugee asylum-seeker",
    "soldier occupier invader troop",
))
# What outlets call one unnamed group or one event, where the choice of word is the frame
# (issue 11: "protesters" vs "rioters", "shooting" vs "massacre"). Each set holds the words for one
# referent, as lemmas; a word marked "*" charges it. Two outlets using two words of one set, one
# of them charged and not used by the other outlet, frame it differently. "adj_noun" is a
# modifier with its noun ("illegal_immigrant" vs "undocumented_immigrant": both charged, the two
# sides' words for one group); a hyphenated word ("pro-life") counts wherever it stands. A set
# marked "=" names one referent by its very words (the two sides' names for one group, policy or
# position), so two of its words need no common entity in their sentences.
FRAME_TERMS = (
    "protester demonstrator marcher *rioter *looter *mob *agitator",
    "protest demonstration rally *riot *unrest *uprising *looting",
    "shooting killing attack *massacre *slaughter *carnage *rampage *bloodbath",
    "confrontation altercation encounter incident *scuffle *tussle *brawl",
    "= immigrant migrant *illegal_immigrant *illegal_alien *illegals *undocumented_immigrant *unauthorized_immigrant",
    "= *pro-life *anti-abortion",
    "= *pro-choice *abortion-rights",
    "= *death_tax *estate_tax",
    "government administration *regime",
    "fighter rebel militant insurgent gunman *terrorist *jihadist *thug",
    "remark statement *gaffe *blunder *tirade *rant *diatribe *outburst",
    "criticism reaction response *backlash *onslaught *firestorm",
    "plan proposal *scheme *ploy *stunt",
)
# Nouns whose "of" phrase is a prospect, not an event that happened ("fears of a bloodbath",
# "the risk of a massacre"): a charged word there names what might come, not what an outlet
# calls what did.
PROSPECT_NOUNS = frozenset("fear concern worry warning threat risk prospect danger possibility specter spectre".split())
# Nouns of an aim ("an attempt at appearing diplomatic", "a bid to look tough"): what follows is
# what someone tries to seem, not how the reporter judges them.
AIM_NOUNS = frozenset("attempt effort bid try".split())
# Nouns by which a report names a statement it has just told ("Boehner said the party had a
# one-in-three chance of losing, a surprisingly downbeat assessment from a Republican leader"):
# in apposition to what was said, they and their modifiers are the outlet's words on it.
STATEMENT_NOUNS = frozenset(
    """assessment admission remark comment statement prediction forecast warning concession
    acknowledgment acknowledgement appraisal verdict characterization description""".split()
)
# Nouns of something said whose possessor said it ("Trump's claim that there have been “thousands
# of shootings”", "his promise to “...”"): who a quote hanging from one of them is from.
UTTERANCE_NOUNS = STATEMENT_NOUNS | frozenset(
    """claim assertion promise pledge vow word words accusation charge suggestion insistence argument
    threat boast quip joke retort complaint denial allegation contention call tweet post speech message
    letter answer response reply explanation slogan motto mantra catchphrase""".split()
)
# Adverbs by which a reporter judges in their own voice: what someone did or said ("famously",
# "erroneously claiming", "forcefully defended"), or how sure it is ("apparently").
JUDGING_ADVERBS = frozenset(
    """apparently seemingly desperately clearly obviously notoriously infamously shockingly remarkably
    unabashedly stunningly blatantly brazenly dubiously controversially famously bizarrely surprisingly
    unsurprisingly predictably conveniently curiously ironically tellingly strikingly wildly
    bitterly angrily loudly sharply harshly furiously fiercely stubbornly recklessly
    facetiously erroneously falsely misleadingly forcefully vigorously aggressively vehemently unexpectedly
    """.split()
)
# Adverbs by which a report passes a clause on from a source it does not name ("Patrick
# *reportedly* bristled", "he *allegedly* lied"): a judging word in that clause is the source's
# account, not the outlet's own judgement.
HEARSAY_ADVERBS = frozenset("reportedly allegedly purportedly supposedly".split())
# Words of magnitude by which a report weighs what it tells ("a *massive* $916 million loss",
# "*sweeping* changes", "*hugely* popular"): beside another outlet telling the same thing plainly,
# the weight is the outlet's (compare/intensifiers.py). VADER's lexicon rates none of them; its
# booster adverbs are mostly plain degree ("very", "fully", "especially"), so only the hyperbolic
# ones are taken, with the adjectives they come from.
INTENSIFIERS = frozenset(
    """massive huge enormous whopping staggering stunning astonishing astounding colossal gigantic mammoth
    monumental tremendous immense sweeping dramatic drastic extraordinary spectacular
    massively hugely enormously staggeringly stunningly astonishingly tremendously immensely dramatically
    drastically extraordinarily spectacularly incredibly unbelievably""".split()
)
# Adjectives of judgement that VADER's lexicon lacks or rates mild ("bombastic", "gaffe-prone",
# "phony", "complicit", "puerile insults", "inexplicable decision").
JUDGING_ADJECTIVES = frozenset(
    """bombastic fierce frosty savvy outspoken combative controversial polarizing divisive embattled beleaguered
    gaffe-prone fiery brash feisty testy defiant strident shrill extremist radical hardline fringe
    vitriolic inflammatory incendiary provocative rogue self-proclaimed self-styled self-titled so-called vaunted
    infamous notorious disgraced hapless ill-fated lackluster tepid lukewarm scathing blistering withering
    stinging staunch fervent zealous die-hard rabid unabashed unapologetic audacious shaky desperate
    woeful troublesome misguided reckless disastrous botched dubious questionable ill-advised bizarre
    outlandish absurd ludicrous preposterous shameful disgraceful erratic adamant ferocious
    phony bogus complicit negligent evasive disdainful dismissive condescending unhinged inexcusable
    misogynistic unflattering lavish internecine unreliable puerile inexplicable shrewd deft blowhard
    self-appointed self-described self-identified
    """.split()
)
# Modifiers by which the outlet keeps its distance from what a thing or person is called ("the
# *self-titled* America's Toughest Sheriff", "a *so-called* “apology tour”"): the outlet's own
# doubt wherever they stand, a clause reported from someone else included (the one reported would
# not doubt their own words).
DISTANCING_MODIFIERS = frozenset("so-called self-proclaimed self-styled self-titled self-appointed self-described self-identified".split())
# of those, the ones that doubt only with the words they name in scare quotes ("the so-called
# “rebels”", "the self-identified “student”"); without them they name a term ("the so-called
# surge", "a self-described socialist")
SCARE_QUOTE_MODIFIERS = frozenset("so-called self-described self-identified".split())
# Adverbs by which the outlet doubts a description ("spending time on *supposedly* less-important
# undertakings"): on an adjective, the outlet's distance; on a verb, hearsay (``HEARSAY_ADVERBS``).
DISTANCING_ADVERBS = frozenset("supposedly purportedly ostensibly".split())
# Adverbs by which the outlet grants a clause only in form, implying the substance is otherwise
# ("Though the debate *technically* is sponsored by Newsmax, Trump quickly became the face of it",
# "*Technically*, Mr. Hutchinson's task force is independent of the rifle association, even though
# it paid for the study"): the outlet's stance on a clause (a verb or its auxiliary); on an
# adjective they tell a domain ("technically difficult": in technique), no stance.
CONCESSIVE_ADVERBS = frozenset("technically nominally".split())
# Verbs that judge the actor's conduct while telling it ("ranted", "caved", "boasted", "pandered",
# "stonewalled"): the outlet's verdict on how someone behaved.
JUDGING_VERBS = frozenset(
    """boast brag rant rail smear scramble dodge duck cave flirt dangle gloat whine fume lecture pounce
    crow grouse gripe peddle spew
    grumble bristle demagogue airbrush pander backpedal waffle stonewall grandstand meddle bungle snub
    sneer scoff squirm whitewash dither
    """.split()
)
# Nouns that pass a verdict on a thing or a person when a copula says them of it ("the rollout was a
# fiasco", "Mr. Steele's tenure has been one of the few blemishes this year for the party", an
# editor's note: "Trump ... is a serial liar, rampant xenophobe").
VERDICT_NOUNS = frozenset(
    """blemish fiasco debacle disaster embarrassment mess farce charade travesty sham boondoggle
    catastrophe failure flop letdown misstep blunder disgrace shambles triumph masterstroke
    liar hypocrite bigot racist xenophobe misogynist demagogue crook charlatan huckster""".split()
)
# Verbs that introduce someone's words and, beyond reporting them, cast them: as a truth
# conceded ("admitted", "conceded"), a statement in doubt ("claimed", "alleged",
# "insisted") or a manner judged ("boasted", "bragged", "complained"); against the plain ones
# ("said", "told"). One outlet's loaded verb for a speaker the others introduce plainly is framing.
LOADED_SPEECH_VERBS = frozenset("claim allege insist admit concede confess boast brag complain whine".split())
PLAIN_SPEECH_VERBS = frozenset("say tell add write note state explain".split())
# what a publication is called after its name ("wrote Time magazine", "the Des Moines
# Register newspaper"): the name of an organisation, whatever words of the name are
PUBLICATION_NOUNS = frozenset("magazine newspaper paper journal network channel outlet newsletter".split())

# Common given names whose gender is not in doubt in US/UK news (the most frequent in the
# US Social Security Administration's public lists, plus public figures news often names).
# A cue, not a rule: a title or pronoun beside the name overrides it; a name in neither
# list ("Jordan", "Kim", "Lindsey") tells nothing.
FEMALE_FIRST_NAMES = frozenset(
    """mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty
    margaret sandra ashley kimberly emily donna michelle dorothy carol amanda melissa deborah
    stephanie rebecca sharon laura cynthia kathleen amy shirley angela helen anna brenda pamela
    nicole emma samantha katherine christine debra rachel catherine carolyn janet ruth maria
    heather diane virginia julie joyce victoria olivia kelly christina lauren joan evelyn judith
    megan cheryl andrea hannah martha jacqueline frances gloria ann anne teresa kathryn sara janice
    jean alice madison doris abigail julia judy grace denise amber marilyn beverly danielle
    theresa sophia marie diana brittany natalie isabella charlotte rose alexis kayla hillary
    melania ivanka kamala brigitte condoleezza madeleine nikki kellyanne huma loretta sonia elena
    gina ilhan alexandria tulsi kirsten dianne claire elise liz beth katie kate jane sally
    susanna theresa ursula christine marine giorgia jacinda angela yulia svetlana irina olga
    fatima aisha malala benazir indira golda sheryl oprah serena venus beyonce taylor""".split()
) - frozenset({"taylor"})
MALE_FIRST_NAMES = frozenset(
    """james robert john michael david william richard joseph thomas charles christopher daniel
    matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy
    ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott
    brandon benjamin samuel gregory alexander frank patrick raymond jack dennis jerry tyler aaron
    jose adam nathan henry douglas zachary peter kyle ethan walter noah jeremy christian keith
    roger terry gerald harold sean austin carl arthur lawrence dylan jesse bryan billy joe bruce
    gabriel logan albert willie alan juan wayne elijah randy roy vincent ralph eugene russell
    bobby mason philip louis barack bill mitt mitch mike vladimir emmanuel boris shinzo bernie
    ted marco jeb newt rudy rick tom jim bob dick chuck rex jared steve hunter beau eric reince
    sean sergei sergey vitaly bashar recep benjamin xi justin francois nicolas olaf gerhard
    helmut tony gordon keir rishi narendra imran abdullah mohammed muhammad ahmed ali hassan
    hussein omar mahmoud ibrahim youssef kim jong moon""".split()
    # a given name women bear as often in the news is no cue: "Terry O'Neill" of NOW is "Ms. O'Neill"
) - frozenset({"kim", "jong", "moon", "xi", "terry"})



# nicknames the ``nicknames`` package's table lacks, as news writes them ("Mo Cheeks" is
# Maurice Cheeks); short form -> the given names it stands for
EXTRA_NICKNAMES: dict[str, frozenset[str]] = {
    "mo": frozenset({"maurice", "morris", "mohammed", "muhammad", "mohamed", "moses"}),
    "shaq": frozenset({"shaquille"}),
    "bibi": frozenset({"benjamin", "binyamin"}),  # the Hebrew diminutive: "Bibi Netanyahu"
}


def name_gender(first_name: str) -> str | None:
    """"m"/"f" for a given name in the lists above, else None."""
    key = first_name.lower().rstrip(".")
    if key in FEMALE_FIRST_NAMES and key not in MALE_FIRST_NAMES:
        return "f"
    if key in MALE_FIRST_NAMES and key not in FEMALE_FIRST_NAMES:
        return "m"
    return None


# ---------------------------------------------------------------- numbers

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
SCALE_WORDS: dict[str, int] = {
    "hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
}

# plural scale words used alone ("dozens of wounded", "thousands trapped"): the scale they name
VAGUE_NUMBERS: dict[str, int] = {
    "dozens": 12, "scores": 20, "hundreds": 100, "thousands": 1_000, "millions": 1_000_000,
    "billions": 1_000_000_000, "tens": 10,
}


def parse_number_words(words: Sequence[str]) -> int | None:
    """["two", "hundred", "fifty"] -> 250; None when the words are not a number."""
    total, current, seen = 0, 0, False
    for word in words:
        w = word.lower()
        if w in NUMBER_WORDS:
            current += NUMBER_WORDS[w]
        elif w == "hundred":
            current = (current or 1) * 100
        elif w in SCALE_WORDS:
            total += (current or 1) * SCALE_WORDS[w]
            current = 0
        elif w in ("and", "-") and seen:
            continue
        else:
            return None
        seen = True
    return total + current if seen else None


# ---------------------------------------------------------------- calendar

WEEKDAYS: tuple[str, ...] = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# nouns that tell when, not what: two clauses sharing only "Tuesday" or "night" share no thing told
WHEN_NOUNS = frozenset(WEEKDAYS) | frozenset(
    "night morning evening afternoon day week weekend month year time today".split())
# Verbs of leaving a post or a body ("left the administration last year", "quit earlier this
# month", "resigned"): one act, whichever of them a report uses (date conflicts).
DEPARTURE_VERBS = frozenset("leave quit resign depart exit".split())
# Acts that happen once to who or what they are told of, so that the year a report gives one
# names it ("elected to Congress in 1995", "founded in 1998"); a year of a repeatable act ("won
# the election in 2008" / "in 2012") tells which time, and two years are no conflict.
ONCE_VERBS = frozenset(
    """bear die found establish elect appoint nominate join marry graduate retire hire build
    incorporate create form""".split()
) | DEPARTURE_VERBS
# What a legislature decides by a vote ("passed a resolution", "voted on a bill"), and the
# verbs that tell the deciding: a chamber passing a measure and its voting on it are one act
# (date conflicts), and a measure is told by what it is about ("a bill that reaffirmed the motto").
MEASURE_NOUNS = frozenset("bill resolution measure legislation amendment ordinance".split())
DECIDING_VERBS = frozenset("pass approve adopt vote".split())
# Events fixed on a calendar ahead of time ("The primary would be held on April 30", "hold
# special-election primaries in mid May"): two reports of one day giving them other dates
# disagree (date conflicts), and the verbs that fix them.
SCHEDULED_EVENTS = frozenset(
    """election primary caucus caucuses runoff referendum vote hearing trial sentencing debate
    summit inauguration convention""".split()
)
SCHEDULING_VERBS = frozenset("hold schedule set slate plan".split())
# Words that tell one scheduled event of a kind from another ("the general election", "the
# Democratic primary"): two mentions with different ones are two events.
EVENT_KIND_WORDS = frozenset(
    """general primary presidential democratic republican gop runoff congressional senate
    gubernatorial mayoral midterm""".split()
)

# What happened to the people a count counts, by the words that tell it ("30 people were killed",
# "left 45 dead", "47 arrests"): two counts of one outcome may be one figure told two ways, two
# counts of two outcomes (killed / wounded) count different people (figure conflicts). Lemmas.
OUTCOME_WORDS: dict[str, frozenset[str]] = {
    "dead": frozenset("kill die dead death fatality slay perish murder".split()),
    "hurt": frozenset("wound injure hurt injury wounded injured hospitalize hospitalise".split()),
    "held": frozenset("arrest detain jail imprison detention arrestee detainee".split()),
    "missing": frozenset("missing disappear unaccounted".split()),
    "displaced": frozenset("evacuate displace flee evacuee homeless".split()),
    "rescued": frozenset("rescue".split()),
    "casualty": frozenset("casualty".split()),  # killed and wounded together: neither alone
}

# Nouns naming an event whose verb is another word (compare/event_durations.py: "Trump spoke for
# 77 minutes" and "the address lasted 76 minutes" measure one event). Nominalisations that keep
# the verb's stem ("deliberate" / "deliberations", "meet" / "meeting") need no entry.
EVENT_NOUNS = {
    "speech": "speak", "address": "speak", "remarks": "speak", "remark": "speak",
    "testimony": "testify", "walkout": "strike",
}
