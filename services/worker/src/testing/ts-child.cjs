// Runs a TypeScript entry (argv[2]) in a child process for integration tests: compiled on the fly
// by swc with jest's settings, @savings/* resolved to the libraries' sources.
const { transformSync } = require('@swc/core');
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  const library = /^@savings\/([a-z-]+)$/.exec(request);
  const target = library ? path.join(root, 'libs', library[1], 'src', 'index.ts') : request;
  return resolveFilename.call(this, target, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(path.resolve(process.argv[2]));
