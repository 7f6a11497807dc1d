import type { BalanceSetup, LabWorker } from '@mafia/bots';
import { useEffect, useRef, useState } from 'react';
import { PageLab, webWorkers, type LabReport } from './lab';

/** Makes the lab's workers (the browser's Web Workers; tests: workers on the page's thread). */
export type LabWorkers = () => readonly LabWorker[];

/** What the panel shows: the lab's report, whether it waits for its first figures, whether it can run at all. */
export interface BalanceLabState extends LabReport {
  readonly pending: boolean;
  readonly available: boolean;
}

const EMPTY: LabReport = { estimate: null, searching: false, suggestion: null, searched: false };
/** Quick changes (a tap on + and + again) start one measurement, not two. */
const SETTLE_MS = 100;

/** The balance lab of the table on the create form: measured again whenever the table changes. */
export function useBalanceLab(setup: BalanceSetup | null, workers?: LabWorkers): BalanceLabState {
  const make = workers ?? (typeof Worker === 'undefined' ? null : webWorkers);
  const [lab, setLab] = useState<PageLab | null>(null);
  const [report, setReport] = useState<LabReport>(EMPTY);
  const [pending, setPending] = useState(false);
  const key = setup === null ? '' : JSON.stringify(setup);
  const measured = useRef(false);
  const setupRef = useRef(setup);
  setupRef.current = setup;

  useEffect(() => {
    if (make === null) return;
    const l = new PageLab(make());
    setLab(l);
    return () => l.close();
  }, [make]);

  useEffect(() => {
    setReport(EMPTY);
    const table = setupRef.current;
    if (table === null || lab === null) return;
    setPending(true);
    const start = () => void lab.measure(table, (r) => {
      setPending(false);
      setReport(r);
    });
    // The page's first table at once; a change after it once the taps have settled.
    if (!measured.current) {
      measured.current = true;
      start();
      return;
    }
    const timer = setTimeout(start, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, lab]);

  return { ...report, pending: pending && report.estimate === null, available: make !== null };
}
