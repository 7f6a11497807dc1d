export { balanceSetup, setupRefusal, compositionText, BalanceSetupError, type BalanceSetup } from './setup.js';
export { emptyTally, countGame, addTally, estimateOf, verdictOf, unfairness, FAIR_TOWN, type Tally, type Estimate, type Verdict } from './tally.js';
export { applyChanges, singleChanges, changeText, type Change } from './changes.js';
export { playShare, runHere, BALANCE_BOTS, type RunRequest, type Runner } from './batch.js';
export { suggestChange, type Suggestion, type SearchReport, type SearchOptions } from './search.js';
export { SharePool, answerShare, LabCancelled, type LabWorker, type ToLabWorker, type FromLabWorker } from './pool.js';
