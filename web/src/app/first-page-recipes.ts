/**
 * The Chakra recipes in the start-up design system (app/theme.ts): the first page's components. The
 * web build keeps every other recipe out of the first download (vite.config.ts); theme.spec.ts checks
 * that app/theme.ts has exactly these.
 */
export const FIRST_PAGE_RECIPES = ['button', 'container', 'heading', 'input', 'link', 'card', 'field'] as const;
