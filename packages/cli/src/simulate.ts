import { UsageError } from './io.js';
export function simulateCommand(_args: string[]): number {
  throw new UsageError('simulate: not built yet');
}
