import { replayProtocol } from '@mafia/engine';
import { parseJson, printJson, readInput, UsageError } from './io.js';

/** `mafia replay FILE|-`: the result JSON and exit 0, or `{"error": …}` and exit 2 (spec/protocol.md). */
export function replayCommand(args: string[]): number {
  if (args.length !== 1) throw new UsageError('usage: mafia replay FILE|-');
  let doc: unknown;
  try {
    doc = parseJson(readInput(args[0]), args[0] === '-' ? 'standard input' : args[0]);
  } catch (e) {
    if (e instanceof UsageError) {
      printJson({ error: { code: e.code, rule: 'INPUT', message: e.message } });
      return 2;
    }
    throw e;
  }
  const outcome = replayProtocol(doc);
  if (!outcome.ok) {
    printJson({ error: outcome.error });
    return 2;
  }
  printJson(outcome.result);
  return 0;
}
