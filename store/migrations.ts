import type { DatabaseSync } from 'node:sqlite';

/**
 * Schema migrations, applied in order. `PRAGMA user_version` records how many have run, so a
 * database written by an older build is brought forward on open, and one written by a newer build
 * is refused rather than misread.
 */
export const migrations: ReadonlyArray<(database: DatabaseSync) => void> = [
  (database) =>
    database.exec(`
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        startedAt INTEGER NOT NULL,
        status TEXT NOT NULL,
        durationMs INTEGER NOT NULL,
        providerId TEXT NOT NULL,
        topicId TEXT,
        tagIds TEXT NOT NULL,
        transcriptLength INTEGER NOT NULL,
        translatedTranscript TEXT,
        correctedTranscript TEXT,
        postProcess TEXT NOT NULL,
        mindMap TEXT NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE TABLE topics (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        emoji TEXT NOT NULL,
        description TEXT NOT NULL
      );
      CREATE TABLE tags (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        color TEXT NOT NULL
      );
      CREATE TABLE askEntries (
        id TEXT PRIMARY KEY,
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        citations TEXT NOT NULL,
        createdAt TEXT NOT NULL,
        status TEXT NOT NULL
      );
      CREATE INDEX askEntriesBySession ON askEntries(sessionId);
      CREATE TABLE settings (
        id TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- Segments are append-only: a live session adds rows and never rewrites earlier ones.
      CREATE TABLE segments (
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        startMs INTEGER NOT NULL,
        endMs INTEGER NOT NULL,
        speaker TEXT,
        language TEXT,
        PRIMARY KEY (sessionId, seq)
      ) WITHOUT ROWID;
      -- The joined transcript of every session that is not recording, for reading and searching.
      CREATE TABLE transcripts (
        rowid INTEGER PRIMARY KEY,
        sessionId TEXT NOT NULL UNIQUE REFERENCES sessions(id) ON DELETE CASCADE,
        text TEXT NOT NULL
      );
      -- Trigram tokens make MATCH a case-insensitive substring search in any script.
      CREATE VIRTUAL TABLE transcriptSearch USING fts5(
        text, content='transcripts', content_rowid='rowid', tokenize='trigram'
      );
      CREATE TRIGGER transcriptsInserted AFTER INSERT ON transcripts BEGIN
        INSERT INTO transcriptSearch(rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER transcriptsDeleted AFTER DELETE ON transcripts BEGIN
        INSERT INTO transcriptSearch(transcriptSearch, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER transcriptsUpdated AFTER UPDATE ON transcripts BEGIN
        INSERT INTO transcriptSearch(transcriptSearch, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO transcriptSearch(rowid, text) VALUES (new.rowid, new.text);
      END;
    `),
  // One token per Chinese/Japanese character (see cjkTokens.ts), so short CJK words are found by
  // index instead of by scanning every transcript. Needs the cjkTokens SQL function.
  (database) =>
    database.exec(`
      CREATE VIRTUAL TABLE cjkSearch USING fts5(
        text, content='', contentless_delete=1, tokenize='unicode61'
      );
      INSERT INTO cjkSearch(rowid, text) SELECT rowid, cjkTokens(text) FROM transcripts;
      CREATE TRIGGER transcriptsInsertedCjk AFTER INSERT ON transcripts BEGIN
        INSERT INTO cjkSearch(rowid, text) VALUES (new.rowid, cjkTokens(new.text));
      END;
      CREATE TRIGGER transcriptsDeletedCjk AFTER DELETE ON transcripts BEGIN
        DELETE FROM cjkSearch WHERE rowid = old.rowid;
      END;
      CREATE TRIGGER transcriptsUpdatedCjk AFTER UPDATE ON transcripts BEGIN
        DELETE FROM cjkSearch WHERE rowid = old.rowid;
        INSERT INTO cjkSearch(rowid, text) VALUES (new.rowid, cjkTokens(new.text));
      END;
    `),
  // A Q&A entry's id is unique only within its session (docs/backup.md), so entries are keyed by
  // both: keyed by the entry id alone, a second session's "ask-1" took the first one's row. The
  // primary key's index serves lookups by session, so the old index goes with the old table.
  (database) =>
    database.exec(`
      ALTER TABLE askEntries RENAME TO askEntriesKeyedByEntryId;
      CREATE TABLE askEntries (
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        entryId TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        citations TEXT NOT NULL,
        createdAt TEXT NOT NULL,
        status TEXT NOT NULL,
        PRIMARY KEY (sessionId, entryId)
      );
      INSERT INTO askEntries (sessionId, entryId, question, answer, citations, createdAt, status)
        SELECT sessionId, id, question, answer, citations, createdAt, status FROM askEntriesKeyedByEntryId;
      DROP TABLE askEntriesKeyedByEntryId;
    `),
  // File jobs outlive the process that ran them: after a crash the next start resumes each one
  // from its first chunk not committed. Not a TinyBase table: only the service reads it.
  (database) =>
    database.exec(`
      CREATE TABLE fileJobs (
        id TEXT PRIMARY KEY,
        sessionId TEXT NOT NULL,
        path TEXT NOT NULL,
        title TEXT NOT NULL,
        providerId TEXT NOT NULL,
        language TEXT,
        state TEXT NOT NULL,
        chunkDurationsMs TEXT,
        chunksDone INTEGER NOT NULL,
        submittedChunk INTEGER,
        submittedJobId TEXT,
        error TEXT,
        resumeCount INTEGER NOT NULL,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE INDEX fileJobsByCreation ON fileJobs(createdAt);
    `),
  // AI jobs too: a restart resumes each unfinished one, so no artefact stays "pending" for ever.
  (database) =>
    database.exec(`
      CREATE TABLE aiJobs (
        id TEXT PRIMARY KEY,
        sessionId TEXT NOT NULL,
        work TEXT NOT NULL,
        aiProvider TEXT,
        state TEXT NOT NULL,
        error TEXT,
        resumeCount INTEGER NOT NULL,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE INDEX aiJobsByCreation ON aiJobs(createdAt);
    `),
  // A corrected or translated transcript, segment by segment beside the original, one row per
  // session and kind: a correction waits here as a proposal until the user keeps or discards it.
  // Each revised segment (JSON) carries its original text and times, so the side-by-side view
  // reads one row.
  (database) =>
    database.exec(`
      CREATE TABLE transcriptRevisions (
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        language TEXT,
        state TEXT NOT NULL,
        segments TEXT NOT NULL,
        error TEXT,
        jobId TEXT,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL,
        PRIMARY KEY (sessionId, kind)
      ) WITHOUT ROWID;
    `),
  // Questions asked of the whole library, or of a topic, a tag or a span of dates, with their
  // answers. Their AI jobs belong to no session, so an AI job's session becomes optional (SQLite
  // cannot drop NOT NULL in place: the table is copied).
  (database) =>
    database.exec(`
      CREATE TABLE libraryQuestions (
        id TEXT PRIMARY KEY,
        question TEXT NOT NULL,
        filters TEXT NOT NULL,
        aiProvider TEXT,
        jobId TEXT NOT NULL,
        answer TEXT NOT NULL,
        citations TEXT NOT NULL,
        status TEXT NOT NULL,
        error TEXT,
        createdAt TEXT NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE INDEX libraryQuestionsByCreation ON libraryQuestions(createdAt);
      ALTER TABLE aiJobs RENAME TO aiJobsOfSessions;
      CREATE TABLE aiJobs (
        id TEXT PRIMARY KEY,
        sessionId TEXT,
        work TEXT NOT NULL,
        aiProvider TEXT,
        state TEXT NOT NULL,
        error TEXT,
        resumeCount INTEGER NOT NULL,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      INSERT INTO aiJobs SELECT id, sessionId, work, aiProvider, state, error, resumeCount, createdAt, updatedAt
        FROM aiJobsOfSessions;
      DROP TABLE aiJobsOfSessions;
      CREATE INDEX aiJobsByCreation ON aiJobs(createdAt);
    `),
  // The word search (sessionWords.ts): every word of a session's title, stored transcript, speaker
  // labels and AI summary, folded for case and accents, one row per session. The row is rebuilt
  // whenever one of its sources changes; its key lives in a table of its own because a VACUUM may
  // renumber the implicit rowids of `sessions`. Prefix indexes keep a typed "pr" or "dea" as quick
  // as a whole word (about twice the index's size). Needs the searchWords SQL function.
  (database) =>
    database.exec(`
      CREATE TABLE sessionWordRows (
        rowid INTEGER PRIMARY KEY,
        sessionId TEXT NOT NULL UNIQUE REFERENCES sessions(id) ON DELETE CASCADE
      );
      CREATE VIRTUAL TABLE sessionWords USING fts5(
        title, transcript, speakers, summary,
        content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      -- Lists page newest first by reading this index in order until the page is full.
      CREATE INDEX sessionsNewestFirst ON sessions(startedAt DESC, id);
      -- Sessions still recording are searched by their segments; this finds them without a scan.
      CREATE INDEX sessionsByStatus ON sessions(status);
      CREATE VIEW sessionWordSources AS
        SELECT keys.rowid AS rowid, sessions.id AS sessionId,
          searchWords(sessions.title) AS title,
          searchWords(COALESCE((SELECT text FROM transcripts WHERE sessionId = sessions.id), '')) AS transcript,
          searchWords(COALESCE((SELECT group_concat(speaker, ' ') FROM (
            SELECT DISTINCT speaker FROM segments WHERE sessionId = sessions.id AND speaker IS NOT NULL
          )), '')) AS speakers,
          searchWords(COALESCE(json_extract(sessions.postProcess, '$.summary'), '')) AS summary
        FROM sessions JOIN sessionWordRows AS keys ON keys.sessionId = sessions.id;
      INSERT INTO sessionWordRows (sessionId) SELECT id FROM sessions;
      INSERT INTO sessionWords (rowid, title, transcript, speakers, summary)
        SELECT rowid, title, transcript, speakers, summary FROM sessionWordSources;
      CREATE TRIGGER sessionWordRowsDeleted AFTER DELETE ON sessionWordRows BEGIN
        DELETE FROM sessionWords WHERE rowid = old.rowid;
      END;
      CREATE TRIGGER sessionsInsertedWords AFTER INSERT ON sessions BEGIN
        INSERT INTO sessionWordRows (sessionId) VALUES (new.id);
        INSERT INTO sessionWords (rowid, title, transcript, speakers, summary)
          SELECT rowid, title, transcript, speakers, summary FROM sessionWordSources WHERE sessionId = new.id;
      END;
      CREATE TRIGGER sessionsUpdatedWords AFTER UPDATE OF title, postProcess ON sessions
        WHEN old.title IS NOT new.title
          OR json_extract(old.postProcess, '$.summary') IS NOT json_extract(new.postProcess, '$.summary')
      BEGIN
        ${rebuildSessionWords('new.id')}
      END;
      CREATE TRIGGER transcriptsInsertedWords AFTER INSERT ON transcripts BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
      CREATE TRIGGER transcriptsUpdatedWords AFTER UPDATE ON transcripts BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
      CREATE TRIGGER transcriptsDeletedWords AFTER DELETE ON transcripts BEGIN
        ${rebuildSessionWords('old.sessionId')}
      END;
      -- A speaker not yet in the session's row; segments of known speakers leave the row alone.
      CREATE TRIGGER segmentsInsertedWords AFTER INSERT ON segments
        WHEN new.speaker IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM segments WHERE sessionId = new.sessionId AND speaker = new.speaker AND seq <> new.seq
        )
      BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
      CREATE TRIGGER segmentsUpdatedWords AFTER UPDATE OF speaker ON segments
        WHEN old.speaker IS NOT new.speaker
      BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
    `),
  // The spec's search compares every title; reading them from this index instead of the table's
  // whole rows (with their summaries and mind maps) makes that several times cheaper.
  (database) => database.exec('CREATE INDEX sessionsByTitle ON sessions(title, id)'),
  // The words of each session's title and stored transcript with all their suffixes
  // (wordSuffixes.ts), so the spec's search for one word is a prefix lookup of rowids: ten times
  // cheaper than the trigram index's phrase query, which reads every position of each of the word's
  // trigrams, and than comparing every title (bench:api). Rows are keyed like `sessionWords`.
  // Needs the wordSuffixes SQL function. detail=none: the lookup needs which sessions, not where.
  (database) =>
    database.exec(`
      CREATE VIRTUAL TABLE sessionSuffixes USING fts5(
        text, content='', contentless_delete=1, tokenize='ascii', detail='none'
      );
      CREATE VIEW sessionSuffixSources AS
        SELECT keys.rowid AS rowid, sessions.id AS sessionId,
          wordSuffixes(sessions.title || char(10) ||
            COALESCE((SELECT text FROM transcripts WHERE sessionId = sessions.id), '')) AS text
        FROM sessions JOIN sessionWordRows AS keys ON keys.sessionId = sessions.id;
      INSERT INTO sessionSuffixes (rowid, text) SELECT rowid, text FROM sessionSuffixSources;
      CREATE TRIGGER sessionWordRowsInsertedSuffixes AFTER INSERT ON sessionWordRows BEGIN
        INSERT INTO sessionSuffixes (rowid, text) SELECT rowid, text FROM sessionSuffixSources WHERE rowid = new.rowid;
      END;
      CREATE TRIGGER sessionWordRowsDeletedSuffixes AFTER DELETE ON sessionWordRows BEGIN
        DELETE FROM sessionSuffixes WHERE rowid = old.rowid;
      END;
      CREATE TRIGGER sessionsUpdatedSuffixes AFTER UPDATE OF title ON sessions
        WHEN old.title IS NOT new.title
      BEGIN
        ${rebuildSessionSuffixes('new.id')}
      END;
      CREATE TRIGGER transcriptsInsertedSuffixes AFTER INSERT ON transcripts BEGIN
        ${rebuildSessionSuffixes('new.sessionId')}
      END;
      CREATE TRIGGER transcriptsUpdatedSuffixes AFTER UPDATE ON transcripts BEGIN
        ${rebuildSessionSuffixes('new.sessionId')}
      END;
      CREATE TRIGGER transcriptsDeletedSuffixes AFTER DELETE ON transcripts BEGIN
        ${rebuildSessionSuffixes('old.sessionId')}
      END;
    `),
  // The names a user gives a session's speakers ("Speaker 1" is Alice), by the label its segments
  // carry; the segments keep their labels. The word search's speakers column holds both the labels
  // and the names, so a session is found by either, and is rebuilt when a name changes.
  (database) =>
    database.exec(`
      CREATE TABLE speakerNames (
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (sessionId, label)
      ) WITHOUT ROWID;
      DROP VIEW sessionWordSources;
      CREATE VIEW sessionWordSources AS
        SELECT keys.rowid AS rowid, sessions.id AS sessionId,
          searchWords(sessions.title) AS title,
          searchWords(COALESCE((SELECT text FROM transcripts WHERE sessionId = sessions.id), '')) AS transcript,
          searchWords(COALESCE((SELECT group_concat(speaker, ' ') FROM (
            SELECT DISTINCT speaker FROM segments WHERE sessionId = sessions.id AND speaker IS NOT NULL
            UNION SELECT name FROM speakerNames WHERE sessionId = sessions.id
          )), '')) AS speakers,
          searchWords(COALESCE(json_extract(sessions.postProcess, '$.summary'), '')) AS summary
        FROM sessions JOIN sessionWordRows AS keys ON keys.sessionId = sessions.id;
      CREATE TRIGGER speakerNamesInsertedWords AFTER INSERT ON speakerNames BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
      CREATE TRIGGER speakerNamesUpdatedWords AFTER UPDATE ON speakerNames BEGIN
        ${rebuildSessionWords('new.sessionId')}
      END;
      CREATE TRIGGER speakerNamesDeletedWords AFTER DELETE ON speakerNames BEGIN
        ${rebuildSessionWords('old.sessionId')}
      END;
    `),
  // Each segment's words with their times, where the provider timed them (storedWords.ts: compact
  // JSON); NULL for segments without, as every segment written before has.
  (database) => database.exec('ALTER TABLE segments ADD COLUMN words TEXT'),
  // A session's transcript made again from its recorded audio (whole, or only the gaps an
  // interruption left), waiting as a proposed version until the user keeps or discards it; and the
  // transcript a kept version replaced, superseded but kept. Its file job is a `fileJobs` row.
  (database) =>
    database.exec(`
      CREATE TABLE transcriptVersions (
        id TEXT PRIMARY KEY,
        sessionId TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        providerId TEXT NOT NULL,
        scope TEXT NOT NULL,
        ranges TEXT NOT NULL,
        state TEXT NOT NULL,
        segments TEXT NOT NULL,
        keepWhenDone INTEGER NOT NULL,
        error TEXT,
        jobId TEXT,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE INDEX transcriptVersionsOfSession ON transcriptVersions(sessionId, createdAt);
      CREATE INDEX transcriptVersionsOfJob ON transcriptVersions(jobId);
    `),
  // The outgoing webhooks' delivery log (webhookDeliveryTable.ts): pending deliveries survive a
  // restart and go on. No reference to the session: the log outlives a deleted one.
  (database) =>
    database.exec(`
      CREATE TABLE webhookDeliveries (
        id TEXT PRIMARY KEY,
        webhookId TEXT NOT NULL,
        address TEXT NOT NULL,
        event TEXT NOT NULL,
        sessionId TEXT,
        artefacts TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        lastStatus INTEGER,
        lastError TEXT,
        nextAttemptAt INTEGER,
        createdAt INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      );
      CREATE INDEX webhookDeliveriesByState ON webhookDeliveries(state, nextAttemptAt);
      CREATE INDEX webhookDeliveriesByAge ON webhookDeliveries(createdAt);
    `),
];

/** Trigger statements that write the `sessionWords` row of the session `sessionId` (SQL) anew. */
function rebuildSessionWords(sessionId: string): string {
  return `
    DELETE FROM sessionWords WHERE rowid = (SELECT rowid FROM sessionWordRows WHERE sessionId = ${sessionId});
    INSERT INTO sessionWords (rowid, title, transcript, speakers, summary)
      SELECT rowid, title, transcript, speakers, summary FROM sessionWordSources WHERE sessionId = ${sessionId};`;
}

/** Trigger statements that write the `sessionSuffixes` row of the session `sessionId` (SQL) anew. */
function rebuildSessionSuffixes(sessionId: string): string {
  return `
    DELETE FROM sessionSuffixes WHERE rowid = (SELECT rowid FROM sessionWordRows WHERE sessionId = ${sessionId});
    INSERT INTO sessionSuffixes (rowid, text) SELECT rowid, text FROM sessionSuffixSources WHERE sessionId = ${sessionId};`;
}
