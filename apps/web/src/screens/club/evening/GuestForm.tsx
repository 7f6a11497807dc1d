import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';

/**
 * Issue 24 point 4: a guest (no member of the club) comes in at the door. «Гость»: his name and
 * «Добавить гостя»; he is then listed at the door marked «гость», drawn to a table, chosen as a
 * replacement and reseated like a member, and gets no points. A member's nickname or another
 * guest's name is refused in words under the field.
 */
export function GuestForm({ eveningId, onAdded }: { readonly eveningId: string; readonly onAdded: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const r = await act.run(() => api.addGuest(eveningId, name));
    if (r) {
      setName('');
      setAdded(r.guest.nickname);
      onAdded();
    }
  };
  return (
    <form className="row" onSubmit={(e) => void submit(e)} aria-labelledby="guest-form-title" data-testid="guest-form">
      <label id="guest-form-title" htmlFor="guest-name" style={{ fontWeight: 600 }}>
        {t('guests.title')}
      </label>
      <input
        id="guest-name" className="input" value={name} maxLength={200} placeholder={t('guests.namePlaceholder')}
        aria-invalid={act.error ? true : undefined} aria-describedby={act.error ? 'guest-name-error' : undefined}
        onChange={(e) => setName(e.target.value)} style={{ flex: '1 1 160px', minWidth: 0 }}
      />
      <Button type="submit" variant="primary" disabled={act.busy || name.trim() === ''}>
        {t('guests.add')}
      </Button>
      {added && <p role="status" style={{ margin: 0, flexBasis: '100%' }}>{t('guests.added', { nickname: added })}</p>}
      <div style={{ flexBasis: '100%' }}>
        {act.error?.code === 'evening-not-started' ? (
          // The club's sentence for this code speaks of games; a guest's words say what the host tried.
          <p className="error club-error" role="alert" id="guest-name-error" data-code={act.error.code}>
            {t('guests.notStarted', { startsAt: act.error.params?.startsAt })}
          </p>
        ) : (
          <ErrorText error={act.error} id="guest-name-error" />
        )}
      </div>
    </form>
  );
}
