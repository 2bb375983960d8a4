/**
 * The Groq fake (P11) in a process of its own, so answering does not share the benchmark's event
 * loop: prints `{"baseUrl", "apiKey"}` as one JSON line and runs until its standard input closes.
 */
import { groqFakeApiKey, startGroqFake } from '../../../test/fakes/groq/server.ts';

const fake = await startGroqFake();
process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl, apiKey: groqFakeApiKey })}\n`);
process.stdin.resume();
process.stdin.once('end', () => void fake.close().finally(() => process.exit(0)));
