// fast-check for the mutation run (tools/mutation/jest.config.cjs): a fixed seed (FC_SEED overrides it)
// so a property test tries the same cases on every run and a mutant's verdict does not depend on luck,
// and no shrinking: the first failing case kills the mutant, and shrinking a mutant's counterexamples
// through thousands of reruns only turned kills into slow timeouts.
const fc = require('fast-check');

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261124), endOnFailure: true });
