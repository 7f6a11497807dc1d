import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';

type BulkError = 'missing-nickname' | 'nickname-too-long' | 'bad-email' | 'duplicate-in-file' | 'nickname-taken';

/** A file's text: UTF-8 (BOM or not) when valid, else Windows-1251 (Russian Excel's «CSV»), said so. */
export function decodeFile(bytes: Uint8Array): { text: string; cp1251: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, ''), cp1251: false };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), cp1251: true };
  }
}

/**
 * An admin adds members from a pasted list or a CSV (issue 24 point 6): «Проверить» asks the server
 * for each line's errors, and only a list without errors can be added, all at once.
 */
export function BulkAdd({ clubId, onAdded }: { readonly clubId: string; readonly onAdded: () => void }) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [text, setText] = useState('');
  const [cp1251, setCp1251] = useState(false);
  const [preview, setPreview] = useState<BulkResult | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const locale = i18n.language.startsWith('en') ? 'en' : 'ru';
  const edit = (next: string) => {
    setText(next);
    setPreview(null);
    setAdded(null);
  };
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const read = decodeFile(new Uint8Array(await file.arrayBuffer()));
    setCp1251(read.cp1251);
    edit(read.text);
  };
  const check = async () => {
    const r = await act.run(() => api.bulkMembers(clubId, { text, confirm: false, locale }));
    if (r) setPreview(r);
  };
  const confirm = async () => {
    const r = await act.run(() => api.bulkMembers(clubId, { text, confirm: true, locale }));
    if (r) {
      setText('');
      setPreview(null);
      setAdded(r.added);
      onAdded();
    }
  };
  const clean = preview !== null && preview.ready === preview.rows.length;
  return (
    <section className="card club-form" aria-labelledby="bulk-add">
      <h2 id="bulk-add" className="club-h">
        {t('members.bulk.title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('members.bulk.hint')}
      </p>
      <div className="field">
        <label htmlFor="bulk-file">{t('members.bulk.file')}</label>
        <input id="bulk-file" className="input" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={pick} />
        {cp1251 && <p role="status">{t('members.bulk.cp1251')}</p>}
      </div>
      <div className="field">
        <label htmlFor="bulk-text">{t('members.bulk.text')}</label>
        <textarea id="bulk-text" className="input" rows={6} maxLength={100000} value={text} onChange={(e) => edit(e.target.value)} />
      </div>
      <Button type="button" block disabled={act.busy || !text.trim()} onClick={check}>
        {t('members.bulk.check')}
      </Button>
      {preview && (
        <table data-testid="bulk-preview">
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} data-testid={`bulk-line-${r.line}`}>
                <td>{`${t('members.bulk.line')} ${r.line}`}</td>
                <td>{r.nickname}</td>
                <td>{r.email}</td>
                <td>{r.errors.length === 0 ? t('members.bulk.ok') : r.errors.map((c) => t(`members.bulk.errors.${c as BulkError}`, { firstLine: r.firstLine ?? 0 })).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {clean && (
        <Button type="button" variant="primary" block disabled={act.busy} onClick={confirm}>
          {t('members.bulk.confirm', { count: preview.ready })}
        </Button>
      )}
      {added !== null && <p role="status">{t('members.bulk.added', { count: added })}</p>}
      <ErrorText error={act.error} />
    </section>
  );
}
