// One lint for the repository. Module boundaries are enforced here (style guide, point 10):
//   web -> contracts -> domain;  services -> application -> ledger -> domain;  domain imports nothing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const frameworks = ['@nestjs/*', '@mikro-orm/*', 'express', 'express-*', 'bullmq', 'ioredis', 'pg', 'react', 'react-*'];
// One pattern group, gitignore style, so '!@savings/contracts' can re-allow what '@savings/*' forbids.
const forbid = (group, message, extraPatterns = []) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }, ...extraPatterns] }],
});

// The web app's features (web/src/features/<feature>) import their own files and the shared code
// (web/src/components, lib, i18n), never another feature: a shared need moves into the shared folders.
// The app shell (web/src/app) composes the features; the shared folders import no feature.
const WEB_FEATURES = ['admin', 'auth', 'blog', 'investor', 'public'];
const webServerSide = [
  ['@savings/*', '!@savings/contracts', '@nestjs/*', '@mikro-orm/*'],
  'The web app imports only @savings/contracts from the server side.',
];
const otherFeatures = (feature) => ({
  // a relative path into a sibling feature ("../../blog/api/x"), or any path naming one
  regex: `^(\\.\\./)+(${WEB_FEATURES.filter((name) => name !== feature).join('|')})(/|$)|(^|/)features/(?!${feature}/)`,
  message: `web/src/features/${feature} may import its own files and web/src/{components,lib,i18n}, not another feature.`,
});
const webFeatureZones = WEB_FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: forbid(...webServerSide, [otherFeatures(feature)]),
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      '.nx/**',
      'web/e2e/artifacts/**',
      'bench/results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Nest and MikroORM read constructor parameter types at run time: those imports must stay values.
    files: ['services/**/*.ts', 'libs/application/**/*.ts', 'libs/ledger/**/*.ts', 'libs/database/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: forbid(
      [
        ...frameworks,
        '@savings/ledger',
        '@savings/application',
        '@savings/database',
        '@savings/config',
        '@savings/contracts',
      ],
      'libs/domain is pure TypeScript: no framework and no outer layer (contracts builds on it).',
    ),
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: forbid(
      [...frameworks, '@savings/*', '!@savings/contracts', '!@savings/domain'],
      'libs/contracts is shared with the browser: types and pure functions only (and the pure domain).',
    ),
  },
  {
    files: ['libs/ledger/**/*.ts'],
    rules: forbid(
      ['@nestjs/*', '@savings/application', '@savings/api', '@savings/worker', 'react', 'react-*'],
      'libs/ledger may use domain and database only.',
    ),
  },
  {
    files: ['libs/application/**/*.ts'],
    rules: forbid(
      ['@savings/api', '@savings/worker', 'react', 'react-*', 'express'],
      'libs/application is used by the services, never the other way round.',
    ),
  },
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['ParseIntPipe'],
              message:
                "Path ids use IdParamPipe (services/api/src/http/id-param.pipe.ts): ParseIntPipe accepts '-1' and '01'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(...webServerSide),
    },
  },
  ...webFeatureZones,
  {
    files: ['web/src/{components,lib,i18n}/**/*.{ts,tsx}'],
    rules: forbid(...webServerSide, [
      { regex: '(^|/)features/', message: 'Shared web code (components, lib, i18n) imports no feature.' },
    ]),
  },
);
