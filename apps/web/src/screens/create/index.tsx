import type { PresetId, RoleId } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/language';
import { refusalText } from '../../i18n/refusals';
import { ApiError, createRoom, type HttpOptions } from '../../net/http';
import { afterCreatePath, keepRoomKey } from '../../net/roomKeys';
import { secrets as browserSecrets, type Secrets } from '../../net/secrets';
import { Button, Layout } from '../../ui';
import {
  addCard, buildRequest, builtPresetIds, canAdd, clampSeats, deckCounts, roleLabel, widowTicked, withDeck, fieldOfPath, initialForm, MODES, optionSpecs, presetById,
  recommendedDeck, removeCard, sameDeck, TIMER_KEYS, TIMER_MAX, TIMER_MIN, withPreset, withSeats, type CreateForm,
} from './model';
import { OptionField } from './OptionField';
import { RulesCodeField, rulesCodeText } from './RulesCodeField';
import { codeProblem, shownOptions, withRulesCode } from './rulesCode';
import { BalancePanel } from './balance/BalancePanel';
import { labSetup } from './balance/lab';
import { useBalanceLab, type LabWorkers } from './balance/useBalanceLab';
import './create.css';

export interface CreateProps {
  /** For tests: where the request goes and where the host key is kept. */
  readonly http?: HttpOptions;
  readonly secrets?: Secrets;
  /** For tests: the balance lab's workers (the browser's Web Workers otherwise). */
  readonly labWorkers?: LabWorkers;
}

interface Refusal {
  readonly field: string;
  readonly message: string;
  /** Found by the form itself (not the server's answer). */
  readonly local?: boolean;
}

/** /new: the room form. Submit → POST /api/rooms → keep the host key → the lobby as its host. */
export default function Create({ http, secrets, labWorkers }: CreateProps = {}) {
  const { t, i18n } = useTranslation('create');
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateForm>(() => initialForm('classic'));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const preset = presetById(form.preset);
  const presets = useMemo(builtPresetIds, []);
  const counts = deckCounts(preset, form.deck);
  const recommended = recommendedDeck(preset, form.seats);
  const custom = !sameDeck(form.deck, recommended);
  const seatsOk = Number.isInteger(form.seats) && form.seats >= preset.minPlayers && form.seats <= preset.maxPlayers;
  const role = (r: RoleId) => roleLabel(t, form.preset, r);
  const shown = shownOptions(preset, form);
  const labTable = useMemo(() => labSetup(form.preset, form.seats, form.deck, form.options), [form.preset, form.seats, form.deck, form.options]);
  const lab = useBalanceLab(labTable, labWorkers);
  const optionsRef = useRef<HTMLDetailsElement>(null);
  const timersRef = useRef<HTMLDetailsElement>(null);
  // A refusal inside a folded section opens it, so its message is seen.
  useEffect(() => {
    if (refusal?.field.startsWith('options') && optionsRef.current) optionsRef.current.open = true;
    if (refusal?.field.startsWith('timers') && timersRef.current) timersRef.current.open = true;
  }, [refusal]);
  const update = (f: CreateForm) => {
    setForm(f);
    setRefusal(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A rules code the engine would refuse is named here, digit and all, before the server is asked.
    const code = form.options.rulesCode;
    const problem = typeof code === 'string' ? codeProblem(code) : null;
    if (problem) return setRefusal({ field: 'options.rulesCode', message: rulesCodeText(t, problem), local: true });
    setBusy(true);
    setRefusal(null);
    try {
      const room = await createRoom(buildRequest(form, currentLanguage(i18n)), http);
      // A human room's host key, or an app/online room's admin key: never a host console there.
      keepRoomKey(secrets ?? browserSecrets(), room);
      navigate(afterCreatePath(room, form.mode));
    } catch (err) {
      const message = err instanceof ApiError ? refusalText(t, err) : String(err);
      setRefusal({ field: err instanceof ApiError ? fieldOfPath(err.path) : 'form', message });
      setBusy(false);
    }
  };

  const errorFor = (field: string): ReactNode =>
    refusal && refusal.field === field ? (
      <p className="error" role="alert" data-testid={`error-${field}`}>
        {refusal.local ? refusal.message : t('error', { message: refusal.message })}
      </p>
    ) : null;

  return (
    <Layout title={t('title')}>
      <form className="stack create-form" onSubmit={submit} noValidate>
        <section className="card stack">
          <label className="field">
            <span>{t('preset')}</span>
            <select className="input" data-testid="preset-select" value={form.preset} onChange={(e) => update(withPreset(form, e.target.value as PresetId))}>
              {presets.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}`, { ns: 'common' })}
                </option>
              ))}
            </select>
            <span className="muted">{t('presetHint')}</span>
          </label>
          <p className="create-help" data-testid="preset-about">
            {t(`about.${form.preset}`)}
          </p>
          {errorFor('preset')}
          <label className="field">
            <span>{t('seats')}</span>
            <input
              className="input"
              data-testid="seats-input"
              type="number"
              inputMode="numeric"
              min={preset.minPlayers}
              max={preset.maxPlayers}
              value={Number.isFinite(form.seats) ? form.seats : ''}
              onChange={(e) => update(withSeats(form, e.target.value === '' ? NaN : Number(e.target.value)))}
              // A count the preset does not allow is brought into its range when the field is left.
              onBlur={() => !seatsOk && update(withSeats(form, clampSeats(preset, form.seats)))}
            />
            <span className={seatsOk ? 'muted' : 'create-warn'} data-testid="seats-hint" data-ok={seatsOk}>
              {preset.minPlayers === preset.maxPlayers ? t('seatsHintExact', { count: preset.minPlayers }) : t('seatsHint', { min: preset.minPlayers, max: preset.maxPlayers })}
            </span>
          </label>
          {errorFor('seats')}
        </section>

        <fieldset className="card stack create-fieldset">
          <legend>{t('mode')}</legend>
          {MODES.map((m: RoomMode) => (
            <label key={m} className="create-choice">
              <input type="radio" name="mode" value={m} data-testid={`mode-${m}`} checked={form.mode === m} onChange={() => update({ ...form, mode: m })} />
              <span>
                <strong>{t(`modes.${m}`, { ns: 'common' })}</strong>
                <span className="muted create-help">{t(`modeHelp.${m}`)}</span>
              </span>
            </label>
          ))}
          {form.mode === 'online' ? (
            <label className="create-choice">
              <input type="checkbox" data-testid="public" checked={form.public} onChange={(e) => update({ ...form, public: e.target.checked })} />
              <span>
                <strong>{t('public.label')}</strong>
                <span className="muted create-help">{t('public.help')}</span>
              </span>
            </label>
          ) : null}
          {errorFor('mode')}
        </fieldset>

        <fieldset className="card stack create-fieldset" data-testid="deck">
          <legend>{t('deck.title')}</legend>
          <p className="muted create-help">{t('deck.hint')}</p>
          <p data-testid="deck-count" className={form.deck.length === form.seats ? '' : 'create-warn'}>
            {t('deck.count', { cards: form.deck.length, seats: Number.isFinite(form.seats) ? form.seats : '—' })} ·{' '}
            {custom ? t('deck.custom') : t('deck.recommended')}
          </p>
          {recommended.length === 0 ? <p className="muted">{t('deck.none')}</p> : null}
          {form.deck.length !== form.seats && !form.modifications.includes('extra-card') ? <p className="create-warn">{t('deck.mismatch')}</p> : null}
          <ul className="create-deck">
            {counts.map(({ role: r, count, unique }) => {
              const name = role(r);
              return (
                <li key={r} className="row create-deck-row" data-testid={`deck-${r}`} data-count={count}>
                  <span className="create-deck-name">
                    {name}
                    {unique ? <span className="muted"> · {t('deck.unique')}</span> : null}
                  </span>
                  <Button label={t('deck.remove', { role: name })} disabled={count === 0} onClick={() => update(withDeck(form, removeCard(form.deck, r as RoleId)))}>
                    −
                  </Button>
                  <span className="create-deck-count" aria-hidden="true">
                    {count}
                  </span>
                  <Button label={t('deck.add', { role: name })} disabled={!canAdd(preset, form.deck, r)} onClick={() => update(withDeck(form, addCard(preset, form.deck, r)))}>
                    +
                  </Button>
                </li>
              );
            })}
          </ul>
          {custom && recommended.length > 0 ? (
            <Button variant="ghost" onClick={() => update(withDeck(form, recommended))}>
              {t('deck.reset')}
            </Button>
          ) : null}
          {errorFor('composition')}
        </fieldset>

        {(preset.modifications ?? []).length > 0 ? (
          <fieldset className="card stack create-fieldset" data-testid="modifications">
            <legend>{t('modifications.title')}</legend>
            <p className="muted create-help">{t('modifications.hint')}</p>
            {widowTicked(form) ? <p className="muted create-help" data-testid="widow-ticked">{t('deck.modTicked')}</p> : null}
            {(preset.modifications ?? []).map((m) => (
              <label key={m} className="create-choice">
                <input
                  type="checkbox"
                  data-testid={`mod-${m}`}
                  checked={form.modifications.includes(m)}
                  onChange={(e) =>
                    update({ ...form, modifications: e.target.checked ? [...form.modifications, m] : form.modifications.filter((x) => x !== m) })
                  }
                />
                <span>
                  <strong>{t(`mod.${m}.label`)}</strong>
                  <span className="muted create-help">{t(`mod.${m}.help`)}</span>
                </span>
              </label>
            ))}
            {errorFor('modifications')}
          </fieldset>
        ) : null}

        <details className="card create-details" data-testid="options" ref={optionsRef}>
          <summary className="create-summary">{t('options.title')}</summary>
          <div className="stack">
            <p className="muted create-help">{t('options.hint')}</p>
            {optionSpecs(preset).map((spec) =>
              spec.name === 'rulesCode' ? (
                <RulesCodeField key={spec.name} preset={preset} form={form} onChange={(code) => update(withRulesCode(form, code))} error={errorFor('options.rulesCode')} />
              ) : (
                <OptionField
                  key={spec.name}
                  spec={spec}
                  value={shown[spec.name]!}
                  onChange={(v) => update({ ...form, options: { ...form.options, [spec.name]: v } })}
                  error={errorFor(`options.${spec.name}`)}
                />
              ),
            )}
            {errorFor('options')}
          </div>
        </details>

        <details className="card create-details" data-testid="timers" ref={timersRef}>
          <summary className="create-summary">{t('timers.title')}</summary>
          <div className="stack">
            <p className="muted create-help">{t('timers.hint')}</p>
            {TIMER_KEYS.filter((k) => k === 'nightStep' || k === 'vote').map((k) => (
              <div key={k}>
                <label className="field">
                  <span>{t(`timers.${k}`)}</span>
                  <input
                    className="input"
                    type="number"
                    inputMode="numeric"
                    step={1}
                    data-testid={`timer-${k}`}
                    min={TIMER_MIN[k]}
                    max={TIMER_MAX}
                    value={Number.isFinite(form.timers[k]) ? form.timers[k] : ''}
                    onChange={(e) => update({ ...form, timers: { ...form.timers, [k]: e.target.value === '' ? NaN : Number(e.target.value) } })}
                  />
                </label>
                {errorFor(`timers.${k}`)}
              </div>
            ))}
            {errorFor('timers')}
          </div>
        </details>

        <BalancePanel
          lab={lab}
          setup={labTable}
          onApply={(s) => update({ ...withDeck(form, s.setup.composition), options: { ...form.options, ...s.setup.options } as CreateForm['options'] })}
        />

        {errorFor('form')}
        <Button type="submit" variant="primary" size="large" block disabled={busy} data-testid="create-submit">
          {busy ? t('creating') : t('submit')}
        </Button>
      </form>
    </Layout>
  );
}
