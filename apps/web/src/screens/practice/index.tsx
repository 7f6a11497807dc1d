import type { PresetId } from '@mafia/engine';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/language';
import { asRefusal, refusalText } from '../../i18n/refusals';
import type { HttpOptions } from '../../net/http';
import { secrets as browserSecrets, type Secrets } from '../../net/secrets';
import { Button, Layout } from '../../ui';
import { builtPresetIds, defaultSeats, presetById } from '../create/model';
import { startPractice, type PracticeStep } from './flow';

export interface PracticeProps {
  readonly http?: HttpOptions;
  readonly secrets?: Secrets;
}

/**
 * /practice: a game against bots, alone (issue 27 point 4). The person picks the rules and his name;
 * the app makes a private online room of the preset's recommended table, seats him on seat 1 and a
 * bot on every other seat, starts it and opens his seat screen. The bots talk, nominate, vote and act
 * on the room's timers as in any online game.
 */
export default function Practice({ http, secrets }: PracticeProps = {}) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const presets = useMemo(builtPresetIds, []);
  const [preset, setPreset] = useState<PresetId>('classic');
  const [name, setName] = useState('');
  const [step, setStep] = useState<PracticeStep | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const seats = defaultSeats(presetById(preset));
  const clean = name.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clean === '' || step !== null) return;
    setRefusal(null);
    try {
      const code = await startPractice({
        preset, name: clean, language: currentLanguage(i18n), botName: (n) => t('practice.botName', { n }),
        secrets: secrets ?? browserSecrets(), http, step: setStep,
      });
      navigate(`/r/${code}/play`);
    } catch (err) {
      setRefusal(refusalText(t, asRefusal(err)));
      setStep(null);
    }
  };

  return (
    <Layout title={t('practice.title')}>
      <p className="muted">{t('practice.intro')}</p>
      <form className="card stack" onSubmit={submit}>
        <label className="field">
          <span>{t('practice.preset')}</span>
          <select className="input" data-testid="practice-preset" value={preset} onChange={(e) => setPreset(e.target.value as PresetId)}>
            {presets.map((p) => (
              <option key={p} value={p}>{t(`presets.${p}`)}</option>
            ))}
          </select>
          <span className="muted">{t('practice.seats', { count: seats, bots: seats - 1 })}</span>
        </label>
        <label className="field">
          <span>{t('practice.name')}</span>
          <input className="input" data-testid="practice-name" value={name} maxLength={32} autoComplete="nickname" onChange={(e) => setName(e.target.value)} />
        </label>
        {refusal ? <p className="error" role="alert" data-testid="practice-error">{refusal}</p> : null}
        {step ? <p className="muted" data-testid="practice-step" aria-live="polite">{t(`practice.step.${step}`)}</p> : null}
        <Button type="submit" variant="primary" size="large" block data-testid="practice-start" disabled={clean === '' || step !== null}>
          {t('practice.start')}
        </Button>
      </form>
    </Layout>
  );
}
