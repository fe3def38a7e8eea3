// fast-check for the mutation run (tools/mutation/jest.config.cjs):
// - a fixed seed (FC_SEED overrides it): a property tries the same cases on every run;
// - no shrinking: the first failing case kills the mutant; shrinking a mutant's counterexample through
//   thousands of reruns only turned kills into slow timeouts;
// - at most 0.2 s per property: the 10-year accrual and random-sequence properties take
//   seconds and would run again for each of hundreds of mutants. The example tests are what must kill
//   a mutant (issue 24); a property may still find one within its time.
const fc = require('fast-check');

fc.configureGlobal({
  seed: Number(process.env.FC_SEED ?? 20261124),
  endOnFailure: true,
  interruptAfterTimeLimit: 200,
  markInterruptAsFailure: false,
});
