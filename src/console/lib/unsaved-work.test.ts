import { describe, expect, it } from 'vitest';
import { registerUnsavedWork, unsavedWork } from './unsaved-work.ts';

describe('unsaved work', () => {
  it('lists what the mounted screens would leave, and forgets a screen once it unregisters', () => {
    let dirty = true;
    const unregister = registerUnsavedWork(() => (dirty ? 'A draft is not applied.' : null));
    expect(unsavedWork()).toEqual(['A draft is not applied.']);
    dirty = false;
    expect(unsavedWork()).toEqual([]);
    dirty = true;
    unregister();
    expect(unsavedWork()).toEqual([]);
  });
});
