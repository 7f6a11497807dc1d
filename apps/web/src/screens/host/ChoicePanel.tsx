import type { Command, GameView, Pending } from '@mafia/engine';
import { useState } from 'react';
import { Button, SeatGrid, type SeatInfo } from '../../ui';
import { extraChoices, extraCommand, type ExtraChoice } from '../decisions';
import type { Tx } from './types';

/**
 * The day's optional one-seat choices the host enters for a player without a phone (the engine's
 * pending `dyingNote` / `blood` decisions): the Commissar killed last night names one player
 * (`commissarDyingNote`, R-ROLE), last night's victim names his killer (`name-in-blood`, R-MOD).
 * Optional: the host's next step never waits for them. Also shows what was named today.
 */
export function ChoicePanel({ t, view, pending, busy, send }: { t: Tx; view: GameView; pending: readonly Pending[]; busy: boolean; send: (c: Command) => void }) {
  const choices = view.phase.kind === 'day' ? extraChoices(pending, ['dyingNote', 'blood']) : [];
  const note = view.day?.dyingNote ?? null;
  const blood = view.day?.blood ?? [];
  if (choices.length === 0 && note === null && blood.length === 0) return null;
  return (
    <>
      {choices.map((c) => (
        <Choice key={`${c.kind}:${c.seat}`} t={t} view={view} choice={c} busy={busy} send={send} />
      ))}
      {note !== null ? (
        <p className="card" data-testid="dying-note-left" data-by={note.by} data-named={note.named}>
          {t('dyingNote.left', { seat: note.by, target: note.named })}
        </p>
      ) : null}
      {blood.length > 0 ? (
        <p className="card" data-testid="blood-named" data-pairs={blood.map(([by, to]) => `${by}:${to}`).join(',')}>
          {t('blood.named', { list: blood.map(([by, to]) => `№ ${by} → № ${to}`).join(', ') })}
        </p>
      ) : null}
    </>
  );
}

function Choice({ t, view, choice, busy, send }: { t: Tx; view: GameView; choice: ExtraChoice; busy: boolean; send: (c: Command) => void }) {
  const [target, setTarget] = useState<number | null>(null);
  const key = choice.kind === 'dyingNote' ? 'dyingNote' : 'blood';
  const id = `${choice.kind === 'dyingNote' ? 'dying-note' : 'blood'}-${choice.seat}`;
  const seats: SeatInfo[] = view.seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    state: !choice.candidates.includes(s.seat) ? 'disabled' : target === s.seat ? 'selected' : s.alive ? 'alive' : 'dead',
  }));
  const title = t(`${key}.title`, { seat: choice.seat });
  return (
    <section className="card stack" data-testid={id} aria-label={title}>
      <strong>{title}</strong>
      <span className="muted">{t(`${key}.hint`)}</span>
      <SeatGrid label={t(`${key}.grid`, { seat: choice.seat })} seats={seats} testIdPrefix={`${id}-seat`} onSelect={(s) => setTarget((x) => (x === s ? null : s))} />
      <Button data-testid={`${id}-submit`} variant="primary" block disabled={busy || target === null} onClick={() => target !== null && send(extraCommand(choice.kind, choice.seat, target))}>
        {target !== null ? t(`${key}.submit`, { seat: choice.seat, target }) : t(`${key}.none`)}
      </Button>
    </section>
  );
}
