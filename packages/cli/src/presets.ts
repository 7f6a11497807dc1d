import { UsageError } from './io.js';
export function presetsCommand(_args: string[]): number {
  throw new UsageError('presets: not built yet');
}
