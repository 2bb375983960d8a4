// Run as a child process by durability.test.ts: records one live session, appending a segment every
// few milliseconds and printing each acknowledged sequence number, until it is killed.
import { SessionStore } from '../../store/sessionStore.ts';

const [dataDirectory, sessionId] = process.argv.slice(2);
if (dataDirectory === undefined || sessionId === undefined) throw new Error('usage: DATA_DIR SESSION_ID');
const store = SessionStore.open(dataDirectory);
store.createSession({ id: sessionId, title: 'Killed mid-sentence', providerId: 'deepgram' });
let seq = 0;
setInterval(() => {
  const segment = store.appendSegment(sessionId, {
    text: `Sentence ${seq}.`,
    startMs: seq * 500,
    endMs: seq * 500 + 400,
  });
  process.stdout.write(`${segment.seq}\n`);
  seq++;
}, 5);
