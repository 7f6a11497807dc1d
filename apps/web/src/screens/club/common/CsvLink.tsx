import { useTranslation } from 'react-i18next';

/** «Скачать CSV»: a plain link (the browser sends the session cookie), saved as `file`. */
export function CsvLink({ href, file }: { readonly href: string; readonly file: string }) {
  const { t } = useTranslation('results');
  return (
    <div className="row">
      <a className="btn" href={href} download={file}>
        {t('csv')}
      </a>
    </div>
  );
}
