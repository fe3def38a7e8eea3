import { FIRST_PAGE_RECIPES } from './first-page-recipes';
import { appSystem } from './theme';

describe('app design system', () => {
  it('has the recipes the web build keeps in the first download, and no others', () => {
    const theme = appSystem()._config.theme ?? {};
    const recipes = [...Object.keys(theme.recipes ?? {}), ...Object.keys(theme.slotRecipes ?? {})];
    expect(recipes.sort()).toEqual([...FIRST_PAGE_RECIPES].sort());
  });

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

describe('system without global styles', () => {
  it('has none, and never reads the app system ones (the web build makes building them lazy)', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const theme = require('./theme') as typeof import('./theme');
      const system = theme.appSystem();
      Object.defineProperty(system, '_global', {
        get: () => {
          throw new Error('the global styles were built');
        },
      });
      const without = theme.systemWithoutGlobalStyles();
      expect(without._global).toEqual([]);
      expect(without._config.disableLayers).toBe(true);
      expect(without.getRecipeFn('button')).toBe(system.getRecipeFn('button'));
    });
  });
});
