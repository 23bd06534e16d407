import { describe, expect, it } from 'vitest';
import { closeLandingData, keepLandingData, takeLandingData } from './landing-data.ts';

// One module state per test file: the tests run in order, the last one closes it.
describe('landing data', () => {
  it('is taken once, by its key', async () => {
    keepLandingData('course-editor:a', Promise.resolve('course a'));
    expect(takeLandingData('course-editor:b')).toBeUndefined();
    await expect(takeLandingData<string>('course-editor:a')).resolves.toBe('course a');
    expect(takeLandingData('course-editor:a')).toBeUndefined();
  });

  it('keeps a failure for the loader that takes it, unhandled by nobody meanwhile', async () => {
    keepLandingData('course-editor:gone', Promise.reject(new Error('Course not found')));
    await new Promise((done) => setTimeout(done, 10)); // An unhandled rejection would fail the run.
    await expect(takeLandingData('course-editor:gone')).rejects.toThrow('Course not found');
  });

  it('drops what was not taken when the first load ends, and keeps nothing after', () => {
    keepLandingData('course-editor:left', Promise.resolve('left'));
    closeLandingData();
    expect(takeLandingData('course-editor:left')).toBeUndefined();
    keepLandingData('course-editor:later', Promise.resolve('later'));
    expect(takeLandingData('course-editor:later')).toBeUndefined();
  });
});
