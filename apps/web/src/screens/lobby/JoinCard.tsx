import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { copyOrSelect } from '../../ui/copyText';
import { Qr } from './Qr';

/** The room's code in large letters, and once the join link is known its QR code and «Скопировать ссылку». */
export function JoinCard({ code, link }: { code: string; link: string | null }) {
  const { t } = useTranslation('lobby');
  const [copied, setCopied] = useState(false);
  const copy = () => {
    if (link === null) return;
    void copyOrSelect(link, document.querySelector('.lobby-link')).then((r) => setCopied(r === 'copied'));
  };
  return (
    <section className="card lobby-join">
      <p className="lobby-code" data-testid="room-code" aria-label={`${t('codeLabel')}: ${code.split('').join(' ')}`}>
        {code}
      </p>
      {link === null ? null : (
        <>
          <Qr text={link} label={t('qr', { link })} />
          <p className="muted lobby-link">{t('scan', { link })}</p>
          <Button onClick={copy}>{copied ? t('copied') : t('copy')}</Button>
        </>
      )}
    </section>
  );
}
