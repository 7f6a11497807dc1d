import { seatList, seatOf } from './draft';

/** The field of step i's part `part` (`shot`, `nom.0`, `votes`, …). */
export const stepKey = (i: number, part?: string): string => (part === undefined ? `step.${i}` : `step.${i}.${part}`);

/** One entry of the referee's extra points: «3: 0,3» or «5 = -0.2» (a comma or a point before the decimals). */
const POINTS = /(\d{1,2})\s*[:=]\s*([+\-−]?\d+(?:[.,]\d+)?)/g;

/**
 * Reads the sheet's fields as the protocol's values; a field that is not what it should be (a seat
 * number, a list of them, extra points) is a local error of that field, and its part is left out.
 */
export class Writer {
  readonly local = new Map<string, string>();
  seat(text: string, key: string): number | undefined {
    const n = seatOf(text);
    if (n === null) this.local.set(key, 'bad-seat');
    return n ?? undefined;
  }
  list(text: string | undefined, key: string): number[] | undefined {
    const l = seatList(text ?? '');
    if (l === null) this.local.set(key, 'bad-seat-list');
    return l === null || l.length === 0 ? undefined : l;
  }
  /** The referee's extra points per seat («3: 0,3; 5: -0,2»); undefined when none are written. */
  points(text: string | undefined, key: string): Record<string, number> | undefined {
    const s = text ?? '';
    const out: Record<string, number> = {};
    for (const m of s.matchAll(POINTS)) out[String(Number(m[1]))] = Number(m[2]!.replace('−', '-').replace(',', '.'));
    if (s.replace(POINTS, '').replace(/[\s;,]+/g, '') !== '') {
      this.local.set(key, 'bad-points');
      return undefined;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
}
