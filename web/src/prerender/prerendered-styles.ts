/**
 * The attribute of a prerendered page's <style> elements: the Emotion ids of the styles each holds,
 * which the browser's style cache counts as inserted (main.tsx). Not Emotion's own `data-emotion`:
 * Emotion would adopt those elements by moving them, re-parsing their CSS and restyling the page.
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles';

/** The attribute of the stylesheet link with the global styles (reset, tokens) in index.html. */
export const GLOBAL_STYLES = 'data-global-styles';
