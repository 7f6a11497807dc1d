import type { GameView } from '@mafia/engine';

/** A labelled choice of one seat of the table (number and name), for the host's tools. */
export function SeatSelect({ label, testId, view, seat, onChange }: { label: string; testId: string; view: GameView; seat: number; onChange: (seat: number) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select className="input" data-testid={testId} value={seat} onChange={(e) => onChange(Number(e.target.value))}>
        {view.seats.map((s) => (
          <option key={s.seat} value={s.seat}>
            {s.seat} {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
