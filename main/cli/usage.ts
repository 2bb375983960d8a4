export const usage = `Usage: earshot <command> [options]

Commands:
  serve [--port N]                 Start the service (port 23456…23460, else any free; 0 = any free)
                                   and print a one-time link that opens the app
  open [--print]                   Open the app of the running service in the default browser, with a
                                   new one-time sign-in link (--print: only print the link)
  transcribe FILE [--provider ID] [--language xx] [--title T]
                                   Transcribe an audio or video file into a new session (default
                                   provider: P14 whisper.cpp); progress on stderr, transcript on stdout;
                                   exit 3 if the service stops mid-job (the job resumes when it starts)
  live --provider ID --from FILE [--speed N] [--language xx] [--title T]
                                   Play a file as live audio into a live session (any provider); committed
                                   text on stdout as it comes, the tentative tail on stderr
  jobs list                        The running service's file jobs (unfinished ones first): state,
                                   progress, chunk, provider, when created
  jobs show ID [--wait]            A job's state; --wait follows it to its end, across restarts of the
                                   service, and prints the transcript as transcribe does
  jobs cancel ID                   Cancel a job and print the state it ends in
  summarize SESSION_ID [--only LIST] [--ai NAME]
                                   Have the running service's AI provider make a session's summary,
                                   action items, keywords, chapters and mind map, printed as Markdown;
                                   --only: some of summary,actionItems,keywords,chapters,mindMap;
                                   --ai: another provider than the topic's or the default
  ask SESSION_ID "QUESTION" [--ai NAME]
                                   Have the running service's AI provider answer a question about a
                                   session: the answer as it is written, then the lines it cites
                                   with their times; kept in the session's Q&A
  ask --all "QUESTION" [--topic NAME] [--tag NAME] [--since DATE] [--until DATE] [--ai NAME]
                                   Ask the whole library (or a topic's, a tag's sessions, those that
                                   started between two days, YYYY-MM-DD): answered from the passages
                                   found in its transcripts, then the lines cited as Session (date)
                                   [m:ss] Speaker: quote with the session's id
  correct SESSION_ID [--ai NAME] [--keep | --discard]
                                   Have the running service's AI provider propose a corrected transcript
                                   (punctuation, casing, misheard words): the changed segments as
                                   [m:ss] old → new; --keep keeps it as the session's corrected
                                   transcript (making one first if none waits), --discard drops it
  retranscribe SESSION_ID --provider ID [--gaps-only] [--keep | --discard]
                                   Have the running service transcribe a session again from its
                                   recorded audio (--gaps-only: only where an interruption left no
                                   text), printed as [m:ss] text and proposed; the transcript changes
                                   only when kept: --keep (alone: the proposal waiting), --discard
  translate SESSION_ID --to LANG [--ai NAME]
                                   Have the running service's AI provider translate a session's
                                   transcript (LANG: de, German, …), printed segment by segment with
                                   their times; kept as the session's translation
  events [SESSION_ID] [--only TYPES] [--json]
                                   Follow the running service's events as they happen (one session's
                                   with SESSION_ID): sessions started, renamed and stopped, stored lines, P01's
                                   translation, finished AI artefacts; the tentative tail on stderr;
                                   --only: a comma list of types; --json: each event's JSON on a line
  api enable|disable|status        Switch the local REST API on or off, or show its state
  mcp                              Earshot's MCP server on stdin/stdout for AI assistants: through the
                                   running service, else the data directory read-only (docs/mcp.md)
  api token                        Create or rotate the API token (printed once)
  import FILE [--mode merge|replace]
                                   Restore a backup (default mode: merge); an archive of
                                   export --with-audio restores the sessions' audio too
  export [FILE] [--with-audio]     Write a backup of every session (to stdout without FILE);
                                   --with-audio: a tar archive of it and the sessions' audio
  providers list                   The fourteen providers, their capabilities and whether each is configured
  providers show ID                A provider's settings (secrets masked) and what is missing
  providers set ID key=value… [--yes]
                                   Change settings (key= removes one); ID is an id or a label such as P06;
                                   --yes confirms a stored key may go to the new host of endpoint/baseUrl
  providers probe P12              Check the local OpenAI-compatible server and list its models
  providers pull P12 NAME          Have an Ollama host download a model
  ai set KIND key=value… [--name N] [--default] [--yes]
                                   Add or change an AI provider (KIND: openai, anthropic, google,
                                   openai-compatible, ollama; key= removes a setting); --name keeps
                                   several, --default makes it the default, --yes lets a stored key go
                                   to the new host of baseUrl
  ai show                          The AI providers (keys never shown), their context windows, which is
                                   the default and which topics have their own
  ai test [NAME]                   Send the model one tiny request and say whether it answers (default:
                                   the default provider)
  ai use [NAME] [--topic ID]       Make NAME the default AI provider, or the topic's own (without NAME,
                                   the topic uses the default again)
  ai auto on|off                   Make each session's digest by itself as it completes, or only when
                                   asked (default: on once a default AI provider is set up)
  ai remove NAME                   Remove an AI provider
  runtime status                   The P14 whisper.cpp binary and model, and whether a runtime runs
  runtime build                    Build whisper-server 1.9.1 from source, with a progress bar
                                   (cached; about 2 minutes)
  runtime import-binary PATH       Use an existing whisper-server binary (checked with --help)
  runtime import-model PATH        Copy a ggml model into the data directory and use it
  runtime download-model NAME      Download an official model (sha256-checked; an interrupted download
                                   resumes) and use it: tiny.en, tiny-q5_1, tiny.en-q5_1,
                                   base-q5_1 (suggested), small-q5_1
  runtime start                    Run whisper-server in the foreground until Ctrl-C
  runtime stop                     Stop the runtime that "runtime start" runs
  notes [show] [--json]            Where session notes are written (a folder, such as an Obsidian vault),
                                   whether they are on, the last note written and the last problem
  notes folder PATH                Write a Markdown note of each session into PATH as it completes, and
                                   again when its AI artefacts are ready (turns notes on)
  notes on|off                     Turn writing notes as sessions complete on or off
  notes write SESSION_ID|--all     Write a session's note now, or every completed session's; your
                                   lines below a note's marker line are kept
  vocabulary show [--topic ID] [--json]
                                   The custom vocabulary (names, jargon), everyone's or a topic's, and
                                   how each provider is sent it, or that it takes none
  vocabulary set|add|remove TERM… [--topic ID]
                                   Replace the list, add terms to it or remove them (quote a term with
                                   spaces); a topic's terms are added to its sessions' vocabulary
  webhooks list [--json]           The outgoing webhooks: name, address (scheme and host, never the
                                   URL), events, on or off
  webhooks add [--name N] [--only EVENT,…] [--json]
                                   Add a webhook: its URL is read from standard input (never an
                                   argument, which other users can see); its signing secret is printed
                                   once. EVENT: session.completed, ai.updated (default: both)
  webhooks enable|disable|remove ID
                                   Switch a webhook on or off, or remove it (its log stays)
  webhooks test ID [--json]        Send the webhook a signed webhook.test event now; say how it went
  webhooks log [--limit N] [--json]
                                   The delivery log, newest first: event, session, attempts, last
                                   status or error, next attempt
  webhooks retry DELIVERY [--json]
                                   Attempt a pending or failed delivery now
  sessions list [--search TEXT] [--status S] [--topic ID] [--limit N] [--offset N] [--json]
  sessions show ID [--json]        Print a session and its transcript
  sessions finalize ID             Mark an interrupted session completed
  sessions speakers ID [--json]    A session's speaker labels and the names given to them
  sessions speaker ID LABEL NAME   Show a speaker label as NAME everywhere ("" shows the label again)
  sessions audio ID [FILE]         Write a session's recorded audio (Opus) to FILE, or to stdout
  sessions keep-audio [forever|never|DAYS]
                                   How long recorded audio is kept (default: forever)
  inspect machines [NAME] [--json] Every state machine from its definition: states, transitions, delays
  inspect paths NAME [--json]      A machine's generated test paths and their coverage
  inspect actors [--json]          The running service's actors (sessions, connections, jobs, runtime)
  inspect history ACTOR [--json]   An actor's recorded steps (running or recently finished)
  inspect live [--json]            Stream every actor's state changes as they happen, until Ctrl-C

Options for every command:
  --data-dir DIR                   Data directory (default: $EARSHOT_DATA_DIR, else a per-user folder)
  --help, -h                       Print this text (so do "earshot help" and "earshot" alone)
  --version                        Print Earshot's version
`;

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}
