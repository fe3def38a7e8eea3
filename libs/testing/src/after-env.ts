import { MetadataStorage } from '@mikro-orm/core';

// MikroORM keeps entity metadata in a store that outlives a jest test file; the next file in the same
// worker then discovers Maps from the previous file's realm and fails ("Map.prototype.set called on
// incompatible receiver"). Each file starts with an empty store; its own decorators refill it.
afterAll(() => {
  MetadataStorage.clear();
});
