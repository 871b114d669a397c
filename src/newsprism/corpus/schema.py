"""The corpus store's schema: the scripts that create and upgrade one SQLite file.

The schema carries a version (``PRAGMA user_version``); :data:`MIGRATIONS` lists the scripts
that bring an older file up to date, applied in order on open (``newsprism.corpus.store.Store``).
"""

from __future__ import annotations

import sqlite3

__all__ = ["SCHEMA_VERSION", "MIGRATIONS", "split_sql"]

_V1 = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE articles(
  pk INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  id TEXT NOT NULL UNIQUE,
  title TEXT,
  outlet TEXT,
  published TEXT,
  day INTEGER,
  url TEXT,
  authors TEXT NOT NULL DEFAULT '[]',
  path TEXT,
  text TEXT NOT NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  family INTEGER NOT NULL,
  story INTEGER,
  ingested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX articles_story ON articles(story);
CREATE INDEX articles_family ON articles(family);
CREATE INDEX articles_day ON articles(day);
CREATE INDEX articles_outlet ON articles(outlet);
-- a copy family is named by the pk of its first article (its representative)
CREATE TABLE families(id INTEGER PRIMARY KEY, size INTEGER NOT NULL);
CREATE TABLE signatures(article INTEGER PRIMARY KEY, sig BLOB NOT NULL);
CREATE TABLE stories(
  id INTEGER PRIMARY KEY,
  title TEXT,
  first_day INTEGER,
  last_day INTEGER,
  size INTEGER NOT NULL,
  state BLOB
);
CREATE TABLE term_df(term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE articles_fts USING fts5(title, text, content='articles', content_rowid='pk');
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts(rowid, title, text) VALUES (new.pk, coalesce(new.title, ''), new.text);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, text)
  VALUES ('delete', old.pk, coalesce(old.title, ''), old.text);
END;
"""

# version 2: each article keeps the salient terms under which streaming clustering indexed it,
# so that a later ingest (a resumed one too) rebuilds the candidate index exactly
_V2 = """
ALTER TABLE articles ADD COLUMN terms TEXT;
"""

# version 3: stored analyses and parses. An analysis is keyed by the story's article set (a hash
# of its members' content hashes, in ingest order) and the analysis version (the code and model
# that made it), so a story whose articles change, or a newer newsprism, is simply a miss; the
# story id is kept to find the latest one while a fresh one is computed. A parse is one article's
# serialised spaCy Doc, with the version (spaCy, model, format) that made it.
_V3 = """
CREATE TABLE analyses(
  pk INTEGER PRIMARY KEY,
  articles TEXT NOT NULL,
  version TEXT NOT NULL,
  story INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  seconds REAL,
  data BLOB NOT NULL,
  UNIQUE(articles, version)
);
CREATE INDEX analyses_story ON analyses(story);
CREATE TABLE parses(article INTEGER PRIMARY KEY, version TEXT NOT NULL, data BLOB NOT NULL);
-- `newsprism watch`: each feed's validators (conditional GET) and the items already taken, so a
-- restarted watch fetches nothing twice; per story, what the last alert told (outlets, conflicts)
CREATE TABLE feeds(
  url TEXT PRIMARY KEY,
  etag TEXT,
  last_modified TEXT,
  checked_at TEXT,
  status TEXT,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE feed_items(
  key TEXT PRIMARY KEY,
  feed TEXT NOT NULL,
  seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
) WITHOUT ROWID;
CREATE TABLE watch_stories(story INTEGER PRIMARY KEY, outlets TEXT NOT NULL, conflicts TEXT NOT NULL);
"""

# version 4: the candidate indexes in the store (newsprism.corpus.index), extended by every batch,
# so a small ingest into a large corpus reads only what it can touch. A file without articles has
# complete (empty) indexes; an older file with articles is backfilled on its next full load.
_V4 = """
CREATE TABLE lsh(band INTEGER NOT NULL, key INTEGER NOT NULL, article INTEGER NOT NULL,
  PRIMARY KEY(band, key, article)) WITHOUT ROWID;
CREATE TABLE postings(term TEXT NOT NULL, bucket INTEGER NOT NULL, story INTEGER NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY(term, bucket, story)) WITHOUT ROWID;
DELETE FROM meta WHERE key = 'indexes';
INSERT INTO meta(key, value) SELECT 'indexes', 'complete' WHERE NOT EXISTS (SELECT 1 FROM articles);
"""

# version 5: a stored analysis carries its counts (conflicts, framing differences, facts by one
# outlet, per outlet), so a page of stories or the outlets list reads them without decompressing
# and parsing whole analyses. Older rows keep NULL and are counted from their data when read.
_V5 = """
ALTER TABLE analyses ADD COLUMN counts TEXT;
"""

# version 6: streaming repairs (newsprism.corpus.repair) split and merge stories after the fact;
# each change is logged so `refresh` and `watch` can say what became of a story id.
_V6 = """
CREATE TABLE story_changes(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, story INTEGER NOT NULL,
  other INTEGER NOT NULL, articles INTEGER NOT NULL, generation INTEGER NOT NULL,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));
"""

# index i holds the script that takes a file from version i to version i + 1
MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _V6)
SCHEMA_VERSION = len(MIGRATIONS)


def split_sql(script: str) -> list[str]:
    """Statements of a migration script; trigger bodies keep their inner semicolons."""
    statements, current = [], []
    for line in script.strip().splitlines():
        if line.strip().startswith("--") or not line.strip():
            continue
        current.append(line)
        joined = "\n".join(current)
        if sqlite3.complete_statement(joined):
            statements.append(joined)
            current = []
    return statements

# the stories told by at least ? outlets (any case of a name is one outlet; an article whose
# outlet is unknown counts as its copy family's own outlet): one pass over the story index
MIN_OUTLETS_SQL = (
    "SELECT story FROM articles WHERE story IS NOT NULL GROUP BY story"
    " HAVING count(DISTINCT coalesce(lower(outlet), '#' || family)) >= ?"
)
