import type { PresetId } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, createRoom } from '../../net/http';
import { secrets } from '../../net/secrets';
import { Button, Layout } from '../../ui';

// Placeholder (stage 1): the smallest form that creates a room. Its owner builds the real one.
const PRESETS: readonly PresetId[] = ['classic', 'sport', 'short', 'club', 'tabletop', 'party', 'piter', 'extended'];
const MODES: readonly RoomMode[] = ['human', 'app', 'online'];

export default function Create() {
  const { t } = useTranslation('create');
  const navigate = useNavigate();
  const [preset, setPreset] = useState<PresetId>('classic');
  const [seats, setSeats] = useState(10);
  const [mode, setMode] = useState<RoomMode>('human');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const room = await createRoom({ preset, seats, mode });
      secrets().setHostKey(room.code, room.hostKey);
      navigate(`/r/${room.code}/host`);
    } catch (err) {
      setError(err instanceof ApiError ? `${err.code}: ${err.message}` : String(err));
      setBusy(false);
    }
  };

  return (
    <Layout title={t('title')}>
      <form className="card stack" onSubmit={submit}>
        <label className="field">
          <span>{t('preset')}</span>
          <select className="input" value={preset} onChange={(e) => setPreset(e.target.value as PresetId)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`presets.${p}`, { ns: 'common' })}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('seats')}</span>
          <input className="input" type="number" min={3} max={32} value={seats} onChange={(e) => setSeats(Number(e.target.value))} />
        </label>
        <label className="field">
          <span>{t('mode')}</span>
          <select className="input" value={mode} onChange={(e) => setMode(e.target.value as RoomMode)}>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t(`modes.${m}`, { ns: 'common' })}
              </option>
            ))}
          </select>
        </label>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="large" block disabled={busy}>
          {t('submit')}
        </Button>
      </form>
    </Layout>
  );
}
