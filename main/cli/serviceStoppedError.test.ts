import { describe, expect, it } from 'vitest';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { ServiceStoppedError } from './serviceStoppedError.ts';

describe('the service stopping under earshot transcribe', () => {
  it('says how far the job got and how to follow it', () => {
    expect(new ServiceStoppedError('abc', { progress: 0.427 } as FileJobStatus).message).toBe(
      'The Earshot service stopped while transcribing (job abc, 42% done).\n' +
        'Nothing transcribed so far is lost: the job resumes when the service starts again (`earshot serve`, or the app).\n' +
        'Follow it with: earshot jobs show abc --wait',
    );
    expect(new ServiceStoppedError('abc', undefined).message).toContain('(job abc, 0% done)');
  });
});
