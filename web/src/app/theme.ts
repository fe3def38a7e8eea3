import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  textStyles,
  semanticTokens,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Colour palettes no screen uses. Each palette is ~11 tokens plus ~8 light/dark semantic tokens that
 * createSystem turns into CSS variables when the app starts (the longest piece of start-up work):
 * leaving these four out takes 601 variables down to 493. Using one of them needs it back here.
 */
const UNUSED_PALETTES = new Set(['pink', 'purple', 'cyan', 'teal']);

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * The app has no dark mode (nothing sets Chakra's `.dark` class), so a semantic token keeps only its
 * light value: createSystem then writes one CSS variable per token and no dark rules (493 variables
 * down to 410), less to build and insert when the app starts.
 */
function lightOnly<T>(node: T): T {
  if (typeof node !== 'object' || node === null) return node;
  if ('_light' in node) return node._light as T;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, lightOnly(value)])) as T;
}

/**
 * The app's design system: Chakra's tokens with the recipes of the first page's components (header,
 * landing page, calculator). The other screens' recipes arrive with them (app/screen-recipes.ts):
 * defaultSystem carries every recipe (about 60 KB gzipped more in the landing page's first download).
 * A component whose recipe is in neither renders unstyled: add the recipe where its screen needs it.
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: {
      ...semanticTokens,
      colors: lightOnly(withoutUnusedPalettes(semanticTokens.colors)),
      shadows: lightOnly(semanticTokens.shadows),
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

let system: SystemContext | null = null;

/**
 * The system, built on first use: building it (its tokens, conditions and utilities; in the web build
 * not the global styles, which the page carries: vite.config.ts) is a long piece of work when the app
 * starts, and main.tsx lets the first page's downloads begin before it.
 */
export function appSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, config);
  return system;
}

let withoutGlobalStyles: SystemContext | null = null;

/**
 * The system for a page whose HTML carries the global styles (reset, tokens, layer order) already: a
 * prerendered landing page, or any page of the web build (web/scripts/prerender.mjs links them into
 * index.html). ChakraProvider then inserts none; on a prerendered page Emotion would otherwise adopt its
 * <style> elements by moving them, which re-parses them and restyles the whole page. Everything else is
 * appSystem()'s: it inherits from it rather than copying it, as a copy would read `_global`, which the
 * web build makes lazy so the browser never builds styles the page has (vite.config.ts).
 */
export function systemWithoutGlobalStyles(): SystemContext {
  const system = appSystem();
  withoutGlobalStyles ??= Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as SystemContext;
  return withoutGlobalStyles;
}

type Recipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;

/**
 * Adds recipes to the app's system. The system looks a recipe up in its config when a component first
 * uses it (and keeps the function it makes then), so a recipe added before the first component using
 * it renders styles it like one given to createSystem, without building the system again.
 */
export function addRecipes({ recipes, slotRecipes }: Recipes): void {
  const theme = (appSystem()._config.theme ??= {});
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}
