import { appSystem } from './theme';

describe('app design system', () => {
  it('starts with the first page recipes and gets the other screens ones when they load', async () => {
    const system = appSystem();
    expect(system.isRecipe('button')).toBe(true);
    expect(system.isSlotRecipe('card')).toBe(true);
    expect(system.isRecipe('badge')).toBe(false);
    expect(system.isSlotRecipe('dialog')).toBe(false);

    await import('./screen-recipes');

    expect(appSystem()).toBe(system);
    expect(system.isRecipe('badge')).toBe(true);
    expect(system.getRecipeFn('badge').variantKeys).toContain('variant');
    expect(system.isSlotRecipe('dialog')).toBe(true);
    expect(system.getSlotRecipeFn('dialog').variantKeys).toContain('size');
  });
});
