// No import circles (style guide: imports only point down), checked by `npm run lint` over every
// project: libs, services, web, tools and bench. Type-only imports count too (tsPreCompilationDeps),
// which ESLint's import/no-cycle rules skip (docs/decisions/0030-no-import-circles.md).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports: move what both need into a file below both.',
      from: {
        // Issue 32's engine refactor splits the money engine's six-file circle into layers; the next step
        // of that refactor removes this exclusion.
        pathNot: '^libs/application/src/money/',
      },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'] },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|coverage|artifacts|results)/|^\\.data/' },
  },
};
