import { presetOf } from '@mafia/engine';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { winnerName } from '../common/bits';
import { ErrorText, useAction } from '../common/errors';
import { CLUB_PRESETS } from '../common/presets';
import { useLoad } from '../common/useLoad';
import { checkSheet } from './check';
import { Day } from './Day';
import { emptySheet, nextStep, withStep, type SheetDraft } from './draft';
import { FieldNote, SheetErrors } from './FieldNote';
import { fromProtocol } from './fromProtocol';
import { Night } from './Night';
import { Options } from './Options';
import { Seats } from './Seats';
import './sheet.css';
import { dayShow, techFoulsOn } from './show';

export interface ProtocolFormProps {
  readonly clubId: string;
  readonly eveningId: string;
  /** The evening's rule set: the sheet's first preset. */
  readonly preset: string;
  readonly onSaved: () => void;
}

/** The preset's deck for `players` seats (its recommended composition), or every seat a civilian. */
function deckOf(preset: string, players: number): string[] {
  const p = presetOf(preset as never);
  return [...(p?.composition(players) ?? Array.from({ length: players }, () => 'civilian'))];
}

const sizeOf = (preset: string) => {
  const p = presetOf(preset as never);
  return { min: p?.minPlayers ?? 3, max: Math.min(p?.maxPlayers ?? 10, 20), hasNights: p?.defaults.nights !== false };
};

/**
 * A game played on paper, entered as its score sheet is written (issue 24 point 4): seats with
 * nicknames and roles, night by night the shot and the checks, day by day nominations, votes and
 * fouls. Every change is checked by the rules at once, each error beside its field, and the
 * winner is the one the rules give. Saving enters it as a game of the evening.
 */
export default function ProtocolForm({ clubId, eveningId, preset, onSaved }: ProtocolFormProps) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const start = CLUB_PRESETS.includes(preset as never) ? preset : 'classic';
  const [sheet, setSheet] = useState<SheetDraft>(() => emptySheet(start, deckOf(start, Math.max(sizeOf(start).min, Math.min(10, sizeOf(start).max)))));
  const [fileError, setFileError] = useState(false);
  const members = useLoad(() => api.members(clubId), [clubId]);
  const nicknames = useMemo(() => (members.data?.members ?? []).map((m) => m.nickname), [members.data]);
  const known = useMemo(() => new Set(nicknames), [nicknames]);
  const checked = useMemo(() => checkSheet(sheet, known), [sheet, known]);
  const size = sizeOf(sheet.preset);
  const roles = presetOf(sheet.preset as never)?.roles ?? [];

  const reshape = (p: string, players: number) =>
    setSheet((s) => ({ ...emptySheet(p, deckOf(p, players)), seats: deckOf(p, players).map((role, k) => ({ ...(s.seats[k] ?? { name: '', guest: false }), role })) }));
  // A file opened before the club's members are in is held until they are: read against an empty
  // list, every player would be marked a guest, and the members among them refused as guests.
  const membersIn = members.data !== null || members.error !== null;
  const [held, setHeld] = useState<{ readonly doc: unknown } | null>(null);
  const take = (doc: unknown) => {
    const loaded = fromProtocol(doc, known);
    setFileError(loaded === null);
    if (loaded) setSheet(loaded);
  };
  useEffect(() => {
    if (!membersIn || held === null) return;
    setHeld(null);
    take(held.doc);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [membersIn, held]);
  const open = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      return setFileError(true);
    }
    if (membersIn) take(doc);
    else setHeld({ doc });
  };
  const save = async () => {
    if (await act.run(() => api.enterProtocol(eveningId, checked.compiled.protocol, checked.compiled.guests))) onSaved();
  };
  const ready = checked.errors.size === 0 && checked.winner !== null;
  const next = nextStep(sheet, size.hasNights, checked.emergency);
  return (
    <SheetErrors.Provider value={checked.errors}>
      <div className="club-form stack" data-testid="paper-form">
        <label className="field">
          <span>{t('paper.openFile')}</span>
          <input type="file" accept=".json,application/json" onChange={(e) => void open(e)} data-testid="paper-file" />
        </label>
        {fileError && <p className="error club-error" role="alert">{t('paper.errors.file')}</p>}
        <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
          <label className="field" style={{ flex: '1 1 10rem' }}>
            <span>{t('paper.preset')}</span>
            <select className="input" value={sheet.preset} onChange={(e) => reshape(e.target.value, Math.max(sizeOf(e.target.value).min, Math.min(sheet.seats.length, sizeOf(e.target.value).max)))}>
              {CLUB_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}` as 'presets.classic', { ns: 'common', defaultValue: p })}
                </option>
              ))}
            </select>
          </label>
          <label className="field" style={{ flex: '1 1 6rem' }}>
            <span>{t('paper.players')}</span>
            <select className="input" value={sheet.seats.length} onChange={(e) => reshape(sheet.preset, Number(e.target.value))}>
              {Array.from({ length: size.max - size.min + 1 }, (_, k) => size.min + k).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Options sheet={sheet} onChange={setSheet} />
        <FieldNote field="preset" />
        <Seats sheet={sheet} onChange={setSheet} members={nicknames} roles={roles} />
        {sheet.steps.map((s, i) =>
          s.kind === 'night' ? (
            <Night key={`n${s.n}`} sheet={sheet} i={i} night={s} roles={roles} fiim={sheet.preset === 'fiim'} techFouls={techFoulsOn(sheet)} onChange={(x) => setSheet(withStep(sheet, i, x))} />
          ) : (
            <Day key={`d${s.n}`} sheet={sheet} i={i} day={s} show={dayShow(sheet, checked, i)} onChange={(x) => setSheet(withStep(sheet, i, x))} />
          ),
        )}
        <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
          {checked.winner === null && (
            <button type="button" className="btn" onClick={() => setSheet({ ...sheet, steps: [...sheet.steps, next] })}>
              {next.kind === 'night' ? t('paper.addNight', { n: next.n }) : checked.emergency ? t('paper.addEmergencyDay', { n: next.n }) : t('paper.addDay', { n: next.n })}
            </button>
          )}
          {sheet.steps.length > 0 && (
            <button type="button" className="btn" onClick={() => setSheet({ ...sheet, steps: sheet.steps.slice(0, -1) })}>
              {t('paper.removeStep')}
            </button>
          )}
        </div>
        <FieldNote field="sheet" />
        <p data-testid="paper-winner" aria-live="polite">
          {checked.winner === null ? t('paper.notEnded') : t('paper.winner', { team: winnerName(t, checked.winner) })}
        </p>
        <Button type="button" variant="primary" block disabled={act.busy || !ready} onClick={() => void save()}>
          {t('paper.save')}
        </Button>
        <ErrorText error={act.error} />
      </div>
    </SheetErrors.Provider>
  );
}
