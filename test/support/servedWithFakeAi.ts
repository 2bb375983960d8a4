import { expect } from 'vitest';
import { startOpenAiChatFake } from '../fakes/ai/openAiChatFake.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { runEarshotAsync, startServeProcess, type CliResult, type ServeProcess } from './earshotProcess.ts';

/**
 * The AI commands' world as a user has it: `earshot serve` as a child process on its own data
 * directory, and an OpenAI-compatible server faked in the test's process, set up as the default AI
 * provider the way a user sets one up (`earshot ai set`).
 */
export class ServedWithFakeAi {
  readonly dataDirectory: string;
  private service: ServeProcess | undefined;
  private fake: FakeAiServer | undefined;

  constructor(dataDirectory: string) {
    this.dataDirectory = dataDirectory;
  }

  /** `earshot ARGS --data-dir` this data directory. */
  earshot(...args: string[]): Promise<CliResult> {
    return runEarshotAsync([...args, '--data-dir', this.dataDirectory]);
  }

  async startService(): Promise<void> {
    this.service = await startServeProcess(['--port', '0', '--data-dir', this.dataDirectory]);
  }

  /** Stops the service as a user does (SIGTERM), if it runs. */
  async stopService(): Promise<void> {
    if (this.service === undefined) return;
    this.service.child.kill('SIGTERM');
    await this.service.exited;
    this.service = undefined;
  }

  /**
   * The fake, set up as the default AI provider; with `keys`, the fake wants `wanted` and the
   * provider is given `given`.
   */
  async setUpFakeProvider(keys?: { wanted: string; given: string }): Promise<FakeAiServer> {
    this.fake = await startOpenAiChatFake({
      models: ['fake-model'],
      ...(keys === undefined ? {} : { apiKey: keys.wanted }),
    });
    const set = await this.earshot(
      'ai',
      'set',
      'openai-compatible',
      `baseUrl=${this.fake.baseUrl}`,
      'model=fake-model',
      ...(keys === undefined ? [] : [`apiKey=${keys.given}`, '--yes']),
    );
    expect(set.status, set.stderr).toBe(0);
    return this.fake;
  }

  async close(): Promise<void> {
    await this.stopService();
    await this.fake?.close();
    this.fake = undefined;
  }
}
