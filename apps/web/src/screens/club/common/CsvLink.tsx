import { useTranslation } from 'react-i18next';
import { useCsvHref } from './csvHref';

/** «Скачать CSV»: a plain link (the browser sends the session cookie), saved as `file`, in the page's language. */
export function CsvLink({ href, file }: { readonly href: string; readonly file: string }) {
  const { t } = useTranslation('results');
  const url = useCsvHref(href);
  return (
    <div className="row">
      <a className="btn" href={url} download={file}>
        {t('csv')}
      </a>
    </div>
  );
}
